// /booking/proposal?token=… (issue 29, decision 042): the new time the buyer's agent proposed for their
// requested showing (Optimise). Nothing changes unless the buyer accepts; they may keep their time or pick
// another (the manage page's reschedule). In the agent's branding, times read off the server's instants in the
// property's zone (the agent's) with the zone named, as the other buyer pages do. A refusal (the booking
// changed, the time is taken) says what happened and shows the booking as it now is.
import { Link, useSearchParams } from '@/lib/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import type { PublicProposal } from '@keyturn/domain/schemas/timeProposals';
import { dateInZone } from '@keyturn/domain/time';
import { SpinnerCircle } from '@/components/ui/spinner';
import { api, ApiError } from '@/lib/api';
import { useLocale, useT } from '@/lib/i18n';
import { MANAGE } from '../manage-texts';
import { BookingSummary, type SummaryRow } from '../components/booking-summary';
import { BrandButton } from '../components/brand-button';
import { AgentBrand, ManageLayout } from '../components/managed-booking-layout';
import { browserTimeZone, formatLongDate, safeColor, timeSummary } from '../format';
import { BOOKING, type BookingT } from '../texts';
import { LocaleProvider } from '@/lib/locale';

const proposalKey = (token: string) => ['booking', 'proposal', token] as const;

const fetchProposal = (token: string) =>
  api
    .get<{ data: PublicProposal }>(`/booking/proposal?token=${encodeURIComponent(token)}`)
    .then((r) => r.data);

function TimeProposalPageInLocale() {
  const t = useT(MANAGE);
  const bt = useT(BOOKING);
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() || null;
  const query = useQuery({
    queryKey: proposalKey(token ?? ''),
    queryFn: () => fetchProposal(token ?? ''),
    enabled: token !== null,
    staleTime: 0,
    retry: false,
  });
  if (token === null || query.isError) {
    return (
      <ManageLayout title={t('proposalTitle')}>
        <p role="alert" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {query.error instanceof ApiError && query.error.status !== 404
            ? t('proposalLoadError')
            : t('proposalNotFound')}
        </p>
      </ManageLayout>
    );
  }
  if (query.isPending) {
    return (
      <ManageLayout title={t('proposalTitle')}>
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
          <SpinnerCircle size="sm" />
          {bt('loading')}
        </div>
      </ManageLayout>
    );
  }
  return <ProposalView proposal={query.data} token={token} />;
}

/** "Tuesday, January 6, 2026, 11:30 AM Eastern Time (New York)", and the buyer's clock when it differs. */
function whenRow(
  label: string,
  instant: string,
  zone: string,
  buyerZone: string,
  intlLocale: string,
  bt: BookingT,
): SummaryRow {
  const date = dateInZone(instant, zone);
  const time = timeSummary(instant, date, zone, buyerZone, intlLocale, bt);
  return { label, value: `${formatLongDate(date, intlLocale)}, ${time.value}`, detail: time.detail };
}

function ProposalView({ proposal, token }: { proposal: PublicProposal; token: string }) {
  const t = useT(MANAGE);
  const bt = useT(BOOKING);
  const { intlLocale } = useLocale();
  const client = useQueryClient();
  const answer = useMutation({
    mutationFn: (what: 'accept' | 'keep') =>
      api.post<{ data: PublicProposal }>(`/booking/proposal/${what}`, { token }).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(proposalKey(token), data),
    // A refusal: show the booking as it now is, under the reason.
    onError: () => void client.invalidateQueries({ queryKey: proposalKey(token) }),
  });
  const { booking } = proposal;
  const { agent, property } = booking;
  const buyerZone = browserTimeZone();
  const zone = proposal.time_zone;
  const rows: SummaryRow[] = [
    {
      label: t('property'),
      value: property ? `${property.address}, ${property.city}, ${property.state}` : bt('consultWithAgent'),
    },
    whenRow(t('requestedTime'), proposal.from_starts_at, zone, buyerZone, intlLocale, bt),
    whenRow(t('proposedTime'), proposal.starts_at, zone, buyerZone, intlLocale, bt),
    { label: t('agent'), value: agent.companyName ? `${agent.name}, ${agent.companyName}` : agent.name },
  ];
  const outcome =
    proposal.status === 'accepted'
      ? t('proposalAccepted')
      : proposal.status === 'kept'
        ? t('proposalKept')
        : proposal.status === 'withdrawn'
          ? t('proposalWithdrawn')
          : proposal.status === 'changed'
            ? t('proposalChanged')
            : null;

  return (
    <ManageLayout
      title={t('proposalTitle')}
      primaryColor={safeColor(agent.primaryColor, DEFAULT_PRIMARY_COLOR)}
      brand={<AgentBrand agent={agent} />}
    >
      <p className="mb-4 text-sm text-slate-700">
        {proposal.proposed_by === 'seller'
          ? t('proposalIntroSeller')
          : t('proposalIntro', { agent: agent.name })}
      </p>
      <BookingSummary rows={rows} />
      {answer.isError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {answer.error instanceof ApiError &&
          answer.error.status > 0 &&
          !answer.error.code.startsWith('HTTP_')
            ? answer.error.message
            : t('answerFailed')}
        </p>
      ) : null}
      {outcome ? (
        <p
          role="status"
          className={`mt-4 rounded-lg px-3 py-2 text-sm ${proposal.status === 'accepted' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
        >
          {outcome}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {proposal.status === 'proposed' ? (
          <>
            <BrandButton onClick={() => answer.mutate('accept')} disabled={answer.isPending}>
              {answer.isPending && answer.variables === 'accept' ? <SpinnerCircle size="sm" /> : null}
              {t('proposalAccept')}
            </BrandButton>
            <BrandButton variant="outline" onClick={() => answer.mutate('keep')} disabled={answer.isPending}>
              {answer.isPending && answer.variables === 'keep' ? <SpinnerCircle size="sm" /> : null}
              {t('proposalKeep')}
            </BrandButton>
          </>
        ) : null}
        {booking.can_reschedule && proposal.status !== 'withdrawn' ? (
          <Link
            to={`/booking/reschedule?token=${encodeURIComponent(proposal.manage_token)}`}
            className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2"
          >
            {t('pickAnother')}
          </Link>
        ) : null}
        <Link
          to={`/booking/manage?token=${encodeURIComponent(proposal.manage_token)}`}
          className="inline-flex min-h-11 items-center justify-center px-2 text-sm font-medium text-slate-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
        >
          {t('seeBooking')}
        </Link>
      </div>
    </ManageLayout>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function TimeProposalPage() {
  return (
    <LocaleProvider>
      <TimeProposalPageInLocale />
    </LocaleProvider>
  );
}
