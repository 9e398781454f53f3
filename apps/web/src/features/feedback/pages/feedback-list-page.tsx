// The Feedback area of the dashboard (spec §2.2, issue 13): the agent's leads — one per buyer e-mail — with
// their class on every plan, and the score, sentiment, next step and prediction the plan includes (what it
// does not include is shown with an upgrade hint). Filters and the open lead live in the query string.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { FIGURES, figureLabel } from '@keyturn/domain/figures';
import {
  CLASSIFICATION_RULES,
  LEAD_CLASSES,
  LEAD_CLASS_LABELS,
  type LeadClass,
} from '@keyturn/domain/insights/classify';
import type { Figures } from '@keyturn/domain/schemas/figures';
import { LEAD_OUTCOMES, LEAD_OUTCOME_LABELS } from '@keyturn/domain/schemas/leads';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ChatIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { SelectField, TextField } from '@/components/ui/text-field';
import { useAgentProfile } from '@/lib/agent-profile';
import { useUrlText } from '@/lib/use-url-text';
import { fetchFigures, fetchLeads, figuresKey, leadKeys } from '../leads/api';
import { LEAD_PARAM, leadFiltersFromSearch, withParam } from '../leads/filters';
import { LeadDialog } from '../leads/lead-dialog';
import { LeadList } from '../leads/lead-list';
import { ModelCard } from '../leads/model-card';
import { UpgradeHint } from '../leads/upgrade-hint';

export function FeedbackListPage() {
  const [search, setSearch] = useSearchParams();
  const filters = leadFiltersFromSearch(search);
  const agent = useAgentProfile();
  const timeZone = agent.data?.timeZone;
  const leads = useQuery({ queryKey: leadKeys.list(filters), queryFn: () => fetchLeads(filters) });
  const figures = useQuery({ queryKey: figuresKey, queryFn: fetchFigures });
  const openLead = search.get(LEAD_PARAM);
  const set = (name: Parameters<typeof withParam>[1], value: string) =>
    setSearch((current) => withParam(current, name, value), { replace: name !== LEAD_PARAM });

  const [query, setQuery] = useUrlText(filters.q ?? '', (value) =>
    setSearch((current) => withParam(current, 'q', value), { replace: true }),
  );

  const locked = leads.data?.locked ?? [];
  const filtered = Boolean(filters.class || filters.outcome || filters.q);

  return (
    <>
      <title>Feedback · Keyturn</title>
      <PageHeader
        title="Feedback"
        description="Your leads: every buyer who booked with you, what they told you after the showing, how warm they are and what to do next."
      />

      <div className="mt-8 space-y-6">
        {figures.data ? (
          <BuyerClasses
            figures={figures.data}
            active={filters.class ?? null}
            onPick={(c) => set('class', filters.class === c ? '' : c)}
          />
        ) : null}
        <section
          aria-label="Filter leads"
          className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]"
        >
          <TextField
            className="col-span-2 lg:col-span-1"
            label="Search leads"
            type="search"
            placeholder="Name or e-mail"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <SelectField
            label="Class"
            value={filters.class ?? ''}
            onChange={(e) => set('class', e.target.value)}
          >
            <option value="">All classes</option>
            {LEAD_CLASSES.map((c) => (
              <option key={c} value={c}>
                {LEAD_CLASS_LABELS[c]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Outcome"
            value={filters.outcome ?? ''}
            onChange={(e) => set('outcome', e.target.value)}
          >
            <option value="">All outcomes</option>
            {LEAD_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {LEAD_OUTCOME_LABELS[o]}
              </option>
            ))}
          </SelectField>
        </section>

        {leads.data && !locked.includes('prediction') ? <ModelCard /> : null}
        {locked.map((section) => (
          <UpgradeHint key={section} section={section} />
        ))}

        <section aria-label="Leads" aria-busy={leads.isFetching}>
          {leads.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner label="Loading leads" />
            </div>
          ) : leads.isError ? (
            <div className="space-y-3">
              <ErrorAlert>We could not load your leads. {leads.error.message}</ErrorAlert>
              <Button variant="secondary" onClick={() => void leads.refetch()}>
                Try again
              </Button>
            </div>
          ) : leads.data.data.length === 0 ? (
            <EmptyState
              icon={<ChatIcon />}
              title={filtered ? 'No leads match these filters' : 'No leads yet'}
            >
              {filtered
                ? 'Try another class or outcome, or clear the search.'
                : 'Every buyer who books with you becomes a lead here; their feedback after the showing tells you how warm they are.'}
            </EmptyState>
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-600" aria-live="polite">
                {leads.data.data.length} {leads.data.data.length === 1 ? 'lead' : 'leads'}
              </p>
              <LeadList leads={leads.data.data} timeZone={timeZone} onOpen={(id) => set(LEAD_PARAM, id)} />
            </>
          )}
        </section>

        <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
          <summary className="cursor-pointer font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500">
            How leads are classified
          </summary>
          <p className="mt-2 text-slate-600">From the buyer’s answers; the first rule that fits decides.</p>
          <ol className="mt-2 list-inside list-decimal space-y-1 text-slate-800">
            {CLASSIFICATION_RULES.map((r) => (
              <li key={r.id}>{r.text}</li>
            ))}
          </ol>
        </details>
      </div>

      {openLead ? (
        <LeadDialog
          key={openLead}
          leadId={openLead}
          timeZone={timeZone}
          onClose={() => set(LEAD_PARAM, '')}
        />
      ) : null}
    </>
  );
}

const CLASS_FIGURES = { hot: 'hotBuyers', potential: 'potentialBuyers', cold: 'coldBuyers' } as const;

/**
 * The buyers by class today (domain figures.ts, "all time"): the same leads the list shows under each class
 * filter — pressing one filters the list to them.
 */
function BuyerClasses({
  figures,
  active,
  onPick,
}: {
  figures: Figures;
  active: string | null;
  onPick: (c: LeadClass) => void;
}) {
  return (
    <section aria-label="Hot, potential and cold buyers" className="grid grid-cols-3 gap-3">
      {LEAD_CLASSES.map((c) => {
        const id = CLASS_FIGURES[c];
        return (
          <button
            key={c}
            type="button"
            aria-pressed={active === c}
            aria-label={`${figureLabel(id)}: ${figures.own[id]}`}
            title={FIGURES[id].counts}
            onClick={() => onPick(c)}
            className="flex min-w-0 flex-col justify-between rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 aria-pressed:border-blue-600 aria-pressed:ring-1 aria-pressed:ring-blue-600"
          >
            <span className="block text-xs font-medium text-slate-600">{figureLabel(id)}</span>
            <span className="block text-2xl font-semibold text-slate-900 tabular-nums">
              {figures.own[id]}
            </span>
          </button>
        );
      })}
    </section>
  );
}
