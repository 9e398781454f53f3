// /feedback/:bookingId (spec §2.1, issue 6): the buyer's feedback on a showing, opened from the link in the
// feedback request e-mail. `bookingId` is the booking's unguessable public id, not its database id. One
// answer per booking: sending again replaces it.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { purposeInSentence } from '@keyturn/domain/purposeText';
import type { FeedbackAnswers, PublicFeedbackView } from '@keyturn/domain/schemas/feedback';
import { BrandedPage } from '@/components/branded-page';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { feedbackKeys, fetchFeedbackForm, submitFeedback } from '../api';
import { FeedbackForm } from '../components/feedback-form';

export function FeedbackFormPage() {
  const publicId = useParams().bookingId ?? '';
  const query = useQuery({
    queryKey: feedbackKeys.form(publicId),
    queryFn: () => fetchFeedbackForm(publicId),
    enabled: publicId !== '',
  });

  const agent = query.data?.agent;
  return (
    <BrandedPage wide brand={agent ? { ...agent, name: agent.companyName ?? agent.name } : null}>
      <title>Share your feedback · Keyturn</title>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading the feedback form" />
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
        ? { message: 'Your feedback could not be sent. Please try again.', fields: {} }
        : null;

  if (!view.open) {
    return (
      <PageHeader
        title="This showing is closed for feedback"
        description="It was cancelled or moved, so there is nothing to give feedback on here. If it was moved, please use the link in your latest e-mail."
      />
    );
  }
  if (saved && !editing) {
    return (
      <div className="text-center" role="status">
        <PageHeader
          title="Thank you for your feedback!"
          description={
            saved.second_showing
              ? `${view.agent.name} will see your answers. To see it again, pick a time now.`
              : `${view.agent.name} will see your answers.`
          }
        />
        {/* "I'd like to see it again" (issue 29): the way to book it, not only a promise to be in touch. */}
        {saved.second_showing ? (
          <ButtonLink to={view.book_again_path} variant="brand" size="lg" className="mt-6">
            Book another showing
          </ButtonLink>
        ) : null}
        <Button variant="secondary" className="mt-6 ml-3" onClick={() => setEditing(true)}>
          Change my answers
        </Button>
      </div>
    );
  }
  return (
    <>
      <PageHeader title="How was your visit?" description={<ShowingLine view={view} />} />
      {view.feedback && !saved ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          You already sent feedback on this showing. Sending again replaces your earlier answers.
        </p>
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
function ShowingLine({ view }: { view: PublicFeedbackView }) {
  const { showing, agent } = view;
  const what = showing.property ? showing.property.address : purposeInSentence(showing.purpose);
  const who = agent.companyName ? `${agent.name} (${agent.companyName})` : agent.name;
  return (
    <>
      Your {showing.property ? 'viewing of ' : ''}
      <strong className="font-semibold text-slate-900">{what}</strong> with {who}, {wallDate(showing)}. Your
      answers go to {agent.name} only.
    </>
  );
}

/** The showing's wall-clock date and time as the agent's zone had it (no conversion: it is what was booked). */
function wallDate(showing: PublicFeedbackView['showing']): string {
  const [y, m, d] = showing.booking_date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = showing.booking_time.split(':').map(Number) as [number, number];
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d, 12)));
  const time = `${hh % 12 === 0 ? 12 : hh % 12}:${String(mm).padStart(2, '0')} ${hh < 12 ? 'AM' : 'PM'}`;
  return `${day} at ${time}`;
}

function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <PageHeader
        title="This feedback link is not valid"
        description="Please check the link in your e-mail. If you copied it, make sure you have the whole link."
      />
    );
  }
  return (
    <div className="space-y-4">
      <PageHeader title="Share your feedback" />
      <ErrorAlert>We could not load the feedback form. Please try again.</ErrorAlert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
