// The leads as a list: each a button that opens the lead, and its "Why this class" beside it. What the plan
// adds (score, sentiment, next step, predicted chance) appears only when the server sent it.
import { LEAD_OUTCOME_LABELS } from '@keyturn/domain/schemas/leads';
import type { LeadSummary } from '@keyturn/domain/schemas/leadResponses';
import { formatInstant } from '@/components/ui/format';
import { LeadClassBadge, SentimentBadge } from './badges';
import { WhyThisClass } from './why-this-class';

export function LeadList({
  leads,
  timeZone,
  onOpen,
}: {
  leads: readonly LeadSummary[];
  timeZone: string | undefined;
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {leads.map((lead) => (
        <li key={lead.id}>
          <button
            type="button"
            onClick={() => onOpen(lead.id)}
            className="flex w-full flex-col gap-2 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-500 sm:flex-row sm:items-center sm:gap-4"
            aria-label={`Open lead ${lead.name}`}
          >
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{lead.name}</span>
                <LeadClassBadge value={lead.class} />
                {lead.sentiment ? <SentimentBadge value={lead.sentiment} /> : null}
                {lead.outcome !== 'open' ? (
                  <span className="text-xs font-medium text-slate-500">
                    {LEAD_OUTCOME_LABELS[lead.outcome]}
                  </span>
                ) : null}
              </span>
              <span className="block truncate text-sm text-slate-600">{lead.email}</span>
              {lead.next_step ? (
                <span className="mt-1 block text-sm text-slate-800">
                  <span className="font-medium">Next: </span>
                  {lead.next_step.action}
                </span>
              ) : null}
            </span>
            <span className="flex shrink-0 items-center gap-4 text-sm text-slate-600 sm:flex-col sm:items-end sm:gap-1">
              {lead.score !== undefined ? (
                <span className="whitespace-nowrap">
                  Score <span className="font-semibold text-slate-900">{lead.score}</span>
                </span>
              ) : null}
              {lead.predicted !== undefined && lead.predicted !== null ? (
                <span className="whitespace-nowrap">
                  Chance <span className="font-semibold text-slate-900">{lead.predicted}%</span>
                </span>
              ) : null}
              <span>Last activity {formatInstant(lead.last_activity_at, timeZone)}</span>
            </span>
          </button>
          <div className="px-4 pb-2">
            <WhyThisClass why={lead.class_why} />
          </div>
        </li>
      ))}
    </ul>
  );
}
