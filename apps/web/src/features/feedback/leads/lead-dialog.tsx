// One lead over the list (?lead=<id>): the class and its rule, the outcome, the buyer's answers, what the plan
// adds (score factors, sentiment, recommendations, prediction) or what an upgrade would, the feedback, the
// notes and the timeline.
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { BUYER_TYPE_LABELS, incomeRangeLabel, type BuyerType, type IncomeRange } from '@keyturn/domain/enums';
import {
  LEAD_OUTCOMES,
  LEAD_OUTCOME_LABELS,
  type LeadOutcome,
  type TimelineKind,
} from '@keyturn/domain/schemas/leads';
import type { LeadDetail } from '@keyturn/domain/schemas/leadResponses';
import { planAllows } from '@keyturn/domain/planGates';
import { ErrorAlert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatInstant, formatMoney } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { SelectField } from '@/components/ui/text-field';
import { UpgradeHint as PlanUpgradeHint } from '@/components/ui/upgrade-hint';
import { usePlan } from '@/lib/plan';
import { fetchLead, leadKeys, setOutcome } from './api';
import { LeadClassBadge, SentimentBadge } from './badges';
import { LeadNotes } from './lead-notes';
import { UpgradeHint } from './upgrade-hint';
import { WhyThisClass } from './why-this-class';

const TIMELINE_LABELS: Record<TimelineKind, string> = {
  booked: 'Booked',
  scheduled: 'Showing scheduled',
  showed: 'Showed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
  feedback: 'Feedback',
  note: 'Note',
  outcome: 'Outcome',
};

export function LeadDialog({
  leadId,
  timeZone,
  onClose,
}: {
  leadId: string;
  timeZone: string | undefined;
  onClose: () => void;
}) {
  const lead = useQuery({ queryKey: leadKeys.one(leadId), queryFn: () => fetchLead(leadId) });
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={lead.data?.name ?? 'Lead'}
      description={lead.data ? `${lead.data.email} · ${lead.data.phone}` : undefined}
    >
      {lead.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the lead" />
        </div>
      ) : lead.isError ? (
        <ErrorAlert>We could not load this lead. {lead.error.message}</ErrorAlert>
      ) : (
        <LeadBody lead={lead.data} timeZone={timeZone} />
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A buyer tour for this lead (issue 16): the tour builder on My day, the buyer prefilled. Professional. */
function PlanTour({ leadId }: { leadId: string }) {
  const { plan } = usePlan(true);
  if (!planAllows(plan, 'routeOptimisation')) {
    return (
      <PlanUpgradeHint feature="routeOptimisation">
        Plan a tour of several properties for this buyer on one day, in the order that drives least, booked
        from one link.
      </PlanUpgradeHint>
    );
  }
  return (
    <ButtonLink to={`/dashboard/day?lead=${encodeURIComponent(leadId)}`} variant="secondary" size="sm">
      Plan a tour
    </ButtonLink>
  );
}

function signed(points: number): string {
  return points > 0 ? `+${points}` : `${points}`;
}

function LeadBody({ lead, timeZone }: { lead: LeadDetail; timeZone: string | undefined }) {
  const queryClient = useQueryClient();
  const outcome = useMutation({
    mutationFn: (value: LeadOutcome) => setOutcome(lead.id, value),
    onSuccess: async (_, value) => {
      await queryClient.invalidateQueries({ queryKey: leadKeys.all });
      toast.success(`Outcome set to ${LEAD_OUTCOME_LABELS[value].toLowerCase()}.`);
    },
    onError: (e: Error) => toast.error(e.message),
  });
  const buyerType = BUYER_TYPE_LABELS[lead.buyer.buyer_type as BuyerType] ?? lead.buyer.buyer_type;
  const budget =
    lead.buyer.budget_min !== null && lead.buyer.budget_max !== null
      ? `${formatMoney(lead.buyer.budget_min)} – ${formatMoney(lead.buyer.budget_max)}`
      : lead.buyer.budget_min !== null
        ? `${formatMoney(lead.buyer.budget_min)}+`
        : 'Not given';
  const income = lead.buyer.income_range
    ? incomeRangeLabel(lead.buyer.income_range as IncomeRange)
    : 'Not given';

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <LeadClassBadge value={lead.class} />
            {lead.insights ? (
              <span className="text-sm text-slate-700">
                Score <span className="font-semibold text-slate-900">{lead.insights.score}</span>/100
              </span>
            ) : null}
          </div>
          <p className="text-sm text-slate-700">{lead.class_rule.text}</p>
          <WhyThisClass why={lead.class_why} ruleShown />
        </div>
        <SelectField
          label="Outcome"
          className="sm:w-48"
          value={lead.outcome}
          disabled={outcome.isPending}
          onChange={(e) => outcome.mutate(e.target.value as LeadOutcome)}
        >
          {LEAD_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {LEAD_OUTCOME_LABELS[o]}
            </option>
          ))}
        </SelectField>
      </div>

      <PlanTour leadId={lead.id} />

      <Section title="Booking answers">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Buyer type</dt>
            <dd className="text-slate-900">{buyerType}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Budget</dt>
            <dd className="text-slate-900">{budget}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Income</dt>
            <dd className="text-slate-900">{income}</dd>
          </div>
        </dl>
      </Section>

      {lead.insights ? (
        <>
          <Section title="Recommended next steps">
            {lead.insights.recommendations.length === 0 ? (
              <p className="text-sm text-slate-600">Nothing to do right now.</p>
            ) : (
              <ul className="space-y-2">
                {lead.insights.recommendations.map((r) => (
                  <li key={r.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
                    <span className="font-semibold text-slate-900">{r.action}</span>
                    <span className="block text-slate-700">{r.reason}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title={`Score ${lead.insights.score}/100`}>
            <p className="text-sm text-slate-600">
              Every lead starts at {lead.insights.base}; these moved it:
            </p>
            <ul className="space-y-1 text-sm">
              {lead.insights.factors.map((f) => (
                <li key={f.id} className="flex gap-3">
                  <span
                    className={`w-10 shrink-0 text-right font-semibold tabular-nums ${f.points > 0 ? 'text-emerald-700' : 'text-red-700'}`}
                  >
                    {signed(f.points)}
                  </span>
                  <span className="text-slate-800">{f.reason}</span>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Sentiment">
            <div className="space-y-1 text-sm">
              <SentimentBadge value={lead.insights.sentiment.label} />
              {lead.insights.sentiment.positive.length ? (
                <p className="text-slate-700">
                  <span className="font-medium text-emerald-700">Positive: </span>
                  {lead.insights.sentiment.positive.map((p) => `“${p}”`).join(', ')}
                </p>
              ) : null}
              {lead.insights.sentiment.negative.length ? (
                <p className="text-slate-700">
                  <span className="font-medium text-red-700">Negative: </span>
                  {lead.insights.sentiment.negative.map((p) => `“${p}”`).join(', ')}
                </p>
              ) : null}
              {lead.insights.sentiment.label === 'neutral' ? (
                <p className="text-slate-600">Nothing they wrote leans either way.</p>
              ) : null}
            </div>
          </Section>
        </>
      ) : (
        <UpgradeHint section="insights" />
      )}

      {lead.prediction ? (
        <Section title="Prediction">
          {lead.prediction.status === 'trained' ? (
            <div className="space-y-1 text-sm text-slate-800">
              <p>
                Chance of an offer: <span className="font-semibold">{lead.prediction.probability}%</span>{' '}
                (model AUC {lead.prediction.auc.toFixed(2)})
              </p>
              {lead.prediction.drivers.length ? (
                <p className="text-slate-600">
                  Mostly because of:{' '}
                  {lead.prediction.drivers
                    .map((d) => `${d.label.toLowerCase()} (${d.effect > 0 ? 'up' : 'down'})`)
                    .join(', ')}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-slate-700">
              {lead.prediction.message} Professional score: {lead.prediction.fallback_score}.
            </p>
          )}
        </Section>
      ) : lead.insights ? (
        <UpgradeHint section="prediction" />
      ) : null}

      <Section title="Feedback">
        {lead.feedback.length === 0 ? (
          <p className="text-sm text-slate-600">No feedback yet.</p>
        ) : (
          <ul className="space-y-3">
            {lead.feedback.map((f) => (
              <li key={f.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-medium text-slate-900">
                  {f.property?.address ?? 'Consultation'} · {formatInstant(f.showing_at, timeZone)}
                </p>
                <p className="text-slate-700">{f.summary}</p>
                {f.liked ? <p className="text-slate-700">Liked: {f.liked}</p> : null}
                {f.disliked ? <p className="text-slate-700">Didn’t like: {f.disliked}</p> : null}
                {f.comments ? <p className="text-slate-700">Comments: {f.comments}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Notes">
        <LeadNotes leadId={lead.id} notes={lead.notes} timeZone={timeZone} />
      </Section>

      <Section title="Timeline">
        <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
          {lead.timeline.map((e, i) => (
            <li key={`${e.kind}-${e.at}-${i}`}>
              <span className="font-medium text-slate-900">{TIMELINE_LABELS[e.kind]}</span>{' '}
              <span className="text-slate-500">{formatInstant(e.at, timeZone)}</span>
              {e.property || e.text ? (
                <span className="block text-slate-700">
                  {[e.property?.address, e.text].filter(Boolean).join(' · ')}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
