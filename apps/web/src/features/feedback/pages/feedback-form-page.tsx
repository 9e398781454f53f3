// /feedback/:bookingId (spec §2.1, issue 6): the buyer's feedback on a showing, opened from the link in the
// feedback request e-mail. `bookingId` is the booking's unguessable public id, not its database id. One
// answer per booking: sending again replaces it.
import { useState } from 'react';
import { useParams } from '@/lib/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { purposeInSentence } from '@keyturn/domain/purposeText';
import type { FeedbackAnswers, PublicFeedbackView } from '@keyturn/domain/schemas/feedback';
import { BrandedPage } from '@/components/branded-page';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useLocale, useT } from '@/lib/i18n';
import { feedbackKeys, fetchFeedbackForm, submitFeedback } from '../api';
import { FeedbackForm } from '../components/feedback-form';
import { VISIT } from '@/lib/visit-area';
import { LocaleProvider } from '@/lib/locale';

function FeedbackFormPageInLocale() {
  const t = useT(VISIT);
  const publicId = useParams().bookingId ?? '';
  const query = useQuery({
    queryKey: feedbackKeys.form(publicId),
    queryFn: () => fetchFeedbackForm(publicId),
    enabled: publicId !== '',
  });

  const agent = query.data?.agent;
  return (
    <BrandedPage wide brand={agent ? { ...agent, name: agent.companyName ?? agent.name } : null}>
      <title>{`${t('shareFeedback')} · Keyturn`}</title>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('loadingFeedback')} />
        </div>
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <FeedbackScreen publicId={publicId} view={query.data} />
      )}
    </BrandedPage>
  );
}

function FeedbackScreen({ publicId, view }: { publicId: string; view: PublicFeedbackView }) {
  const t = useT(VISIT);
  const [saved, setSaved] = useState<FeedbackAnswers | null>(null);
  const [editing, setEditing] = useState(false);
  const latest = saved ?? view.feedback;
  const mutation = useMutation({
    mutationFn: (answers: FeedbackAnswers) => submitFeedback(publicId, answers),
    onSuccess: (result) => {
      setSaved(result.feedback);
      setEditing(false);
    },
  });
  const serverError =
    mutation.error instanceof ApiError
      ? { message: mutation.error.message, fields: mutation.error.fields }
      : mutation.error
        ? { message: t('feedbackSendFailed'), fields: {} }
        : null;

  if (!view.open) {
    return <PageHeader title={t('feedbackClosed')} description={t('feedbackClosedBody')} />;
  }
  if (saved && !editing) {
    return (
      <div className="text-center" role="status">
        <PageHeader
          title={t('feedbackThanks')}
          description={t(saved.second_showing ? 'agentWillSeeAgain' : 'agentWillSee', {
            agent: view.agent.name,
          })}
        />
        {/* "I'd like to see it again" (issue 29): the way to book it, not only a promise to be in touch. */}
        {saved.second_showing ? (
          <ButtonLink to={view.book_again_path} variant="brand" size="lg" className="mt-6">
            {t('bookAgain')}
          </ButtonLink>
        ) : null}
        <Button variant="secondary" className="mt-6 ml-3" onClick={() => setEditing(true)}>
          {t('changeAnswers')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <PageHeader title={t('howWasVisit')} description={<ShowingLine view={view} />} />
      {view.feedback && !saved ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">{t('alreadySent')}</p>
      ) : null}
      <FeedbackForm
        key={saved ? 'edit-saved' : 'initial'}
        questions={view.questions}
        initial={latest}
        submitting={mutation.isPending}
        serverError={serverError}
        onSubmit={(answers) => mutation.mutate(answers)}
      />
    </>
  );
}

/**
 * "Your viewing of 88 Riverside Drive with Dana Scully (Scully Homes), Tuesday, March 4 at 2:00 PM"; without a
 * property, the purpose as a sentence reads it ("Your appointment (“Selling my condo first”) with …").
 */
const STRONG = '\uE000';

function ShowingLine({ view }: { view: PublicFeedbackView }) {
  const t = useT(VISIT);
  const { intlLocale } = useLocale();
  const { showing, agent } = view;
  const what = showing.property ? showing.property.address : purposeInSentence(showing.purpose);
  const who = agent.companyName ? `${agent.name} (${agent.companyName})` : agent.name;
  // The property (or purpose) is set in bold where the sentence of the page's language puts it.
  const [before = '', after] = t('showingLine', {
    kind: showing.property ? 'property' : 'other',
    what: STRONG,
    who,
    when: t('dayAtTime', wallDate(showing, intlLocale)),
    agent: agent.name,
  }).split(STRONG);
  return (
    <>
      {before}
      {after === undefined ? null : (
        <>
          <strong className="font-semibold text-slate-900">{what}</strong>
          {after}
        </>
      )}
    </>
  );
}

/** The showing's wall-clock day and time as the agent's zone had it (no conversion: it is what was booked). */
function wallDate(showing: PublicFeedbackView['showing'], intlLocale: string): { day: string; time: string } {
  const [y, m, d] = showing.booking_date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = showing.booking_time.split(':').map(Number) as [number, number];
  const at = new Date(Date.UTC(y, m - 1, d, hh, mm));
  const day = new Intl.DateTimeFormat(intlLocale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(at);
  // ICU puts a narrow no-break space before AM/PM; the product writes a plain space ('2:00 PM').
  const time = new Intl.DateTimeFormat(intlLocale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
    .format(at)
    .replace(/[\u202f\u00a0]/g, ' ');
  return { day, time };
}

function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT(VISIT);
  if (error instanceof ApiError && error.status === 404) {
    return <PageHeader title={t('feedbackInvalid')} description={t('feedbackInvalidBody')} />;
  }
  return (
    <div className="space-y-4">
      <PageHeader title={t('shareFeedback')} />
      <ErrorAlert>{t('feedbackLoadFailed')}</ErrorAlert>
      <Button variant="secondary" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function FeedbackFormPage() {
  return (
    <LocaleProvider>
      <FeedbackFormPageInLocale />
    </LocaleProvider>
  );
}
