// Reports (spec §2.2, issue 13 part B): a date range in the agent's time zone and the figures the server
// computes for it — every plan gets the core charts; Professional and Enterprise also get the breakdowns
// (a lower plan sees what they add and an upgrade hint; the server refuses the call anyway). Each chart
// comes with its numbers as a table and a CSV download.
import { useMemo } from 'react';
import { useSearchParams } from '@/lib/router';
import {
  FIGURES,
  figureLabel,
  formatFigure,
  CONFIRMATION_FIGURES,
  REPORT_FIGURES,
  reportFigure,
  type FigureId,
  type FigureRange,
  type ReportFigureId,
} from '@keyturn/domain/figures';
import { lowestPlanWith, planAllows } from '@keyturn/domain/planGates';
import { defaultReportRange, reportRangeSchema, type ReportRange } from '@keyturn/domain/schemas/reports';
import { isoDateInZone, timeZoneName } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAgentProfile } from '@/lib/agent-profile';
import { usePlan } from '@/lib/plan';
import { useBenchmarks, useCoreReport, useReportBreakdowns } from '../api';
import { Benchmarks } from '../components/benchmarks';
import { CrmExport } from '../components/crm-export';
import { RangePicker } from '../components/range-picker';
import { ReportSection } from '../components/report-section';
import { UpgradeHint } from '@/components/ui/upgrade-hint';
import { breakdownTables, coreTables } from '../tables';

export function ReportsPage() {
  const profile = useAgentProfile();
  const { plan } = usePlan(true);
  const [search, setSearch] = useSearchParams();
  const timeZone = profile.data?.timeZone ?? null;
  const today = timeZone ? isoDateInZone(new Date(), timeZone) : null;

  const range: ReportRange | null = useMemo(() => {
    if (!today) return null;
    const asked = reportRangeSchema.safeParse({ from: search.get('from'), to: search.get('to') });
    return asked.success ? asked.data : defaultReportRange(today);
  }, [search, today]);

  const withBreakdowns = planAllows(plan, 'reportBreakdowns');
  const core = useCoreReport(range);
  const breakdowns = useReportBreakdowns(range, withBreakdowns);
  const withBenchmarks = planAllows(plan, 'benchmarking');
  const benchmarks = useBenchmarks(range, withBenchmarks);
  const suffix = range ? `${range.from}-to-${range.to}` : '';

  return (
    <>
      <title>Reports · Keyturn</title>
      <PageHeader
        title="Reports"
        description={
          timeZone
            ? `Your showings, bookings and buyers over a date range. Days are counted in your time zone, ${timeZoneName(timeZone)}.`
            : 'Your showings, bookings and buyers over a date range.'
        }
      />
      <div className="mt-6 space-y-6">
        {profile.isError ? (
          <ErrorAlert>Your profile could not be loaded. Please reload the page.</ErrorAlert>
        ) : null}
        {range && today ? (
          <RangePicker
            key={`${range.from}|${range.to}`}
            range={range}
            today={today}
            onChange={(next) => setSearch({ from: next.from, to: next.to }, { replace: true })}
          />
        ) : null}
        {core.isPending ? (
          <Spinner label="Loading report" />
        ) : core.isError ? (
          <ErrorAlert>{core.error.message}</ErrorAlert>
        ) : (
          <>
            {range && today ? <Headline report={core.data} range={{ ...range, today }} /> : null}
            {range && today ? <Confirmations report={core.data} range={{ ...range, today }} /> : null}
            <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
              {coreTables(core.data).map((table) => (
                <ReportSection key={table.id} table={table} fileSuffix={suffix} />
              ))}
            </div>
          </>
        )}
        <section aria-labelledby="breakdowns-heading" className="space-y-4">
          <h2 id="breakdowns-heading" className="text-xl font-semibold text-slate-900">
            Breakdowns
          </h2>
          {!withBreakdowns ? (
            <UpgradeHint feature="reportBreakdowns">
              {lowestPlanWith('reportBreakdowns').name} adds the funnel by buyer type, purpose and budget, and
              how far ahead buyers book.
            </UpgradeHint>
          ) : breakdowns.isPending ? (
            <Spinner label="Loading breakdowns" />
          ) : breakdowns.isError ? (
            <ErrorAlert>{breakdowns.error.message}</ErrorAlert>
          ) : (
            <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
              {breakdownTables(breakdowns.data).map((table) => (
                <ReportSection key={table.id} table={table} fileSuffix={suffix} />
              ))}
            </div>
          )}
        </section>
        <section aria-labelledby="benchmarks-heading" className="space-y-4">
          <h2 id="benchmarks-heading" className="text-xl font-semibold text-slate-900">
            Benchmarks
          </h2>
          {!withBenchmarks ? (
            <UpgradeHint feature="benchmarking">
              {lowestPlanWith('benchmarking').name} compares your conversion, no-show rate, feedback response
              rate and lead time with the anonymised figures of all agents on Keyturn.
            </UpgradeHint>
          ) : benchmarks.isPending ? (
            <Spinner label="Loading benchmarks" />
          ) : benchmarks.isError ? (
            <ErrorAlert>{benchmarks.error.message}</ErrorAlert>
          ) : (
            <Benchmarks data={benchmarks.data} />
          )}
        </section>
        <section aria-labelledby="crm-heading" className="space-y-4">
          <h2 id="crm-heading" className="text-xl font-semibold text-slate-900">
            Export for your CRM
          </h2>
          {!planAllows(plan, 'crmIntegration') ? (
            <UpgradeHint feature="crmIntegration">
              {lowestPlanWith('crmIntegration').name} exports your leads, bookings and feedback as CSV files
              and sends signed webhooks to your CRM.
            </UpgradeHint>
          ) : today ? (
            <CrmExport today={today} />
          ) : null}
        </section>
      </div>
    </>
  );
}

/**
 * The headline figures of the range (domain figures.ts): each named with its window ("last 30 days", or the
 * range's dates) and read from the report by reportFigure — the same mapping the funnel table uses.
 */
function Headline({ report, range }: FigureCardsProps) {
  return <FigureCards ids={REPORT_FIGURES} report={report} range={range} grid="grid-cols-2 sm:grid-cols-5" />;
}

/** Issue 33: the no-show rate by how the buyer confirmed (figures.ts CONFIRMATION_FIGURES), with its window. */
function Confirmations({ report, range }: FigureCardsProps) {
  return (
    <section aria-labelledby="confirmations-heading" className="space-y-2">
      <h2 id="confirmations-heading" className="text-base font-semibold text-slate-900">
        Confirmations and no-shows
      </h2>
      <FigureCards
        ids={CONFIRMATION_FIGURES}
        report={report}
        range={range}
        grid="grid-cols-1 sm:grid-cols-3"
      />
    </section>
  );
}

type FigureCardsProps = {
  report: NonNullable<ReturnType<typeof useCoreReport>['data']>;
  range: FigureRange;
};

/** Report figures as cards: each labelled with its window, its value read by reportFigure. */
function FigureCards({
  ids,
  report,
  range,
  grid,
}: FigureCardsProps & { ids: readonly ReportFigureId[] & readonly FigureId[]; grid: string }) {
  return (
    <dl className={`grid gap-3 ${grid}`}>
      {ids.map((id) => (
        <div key={id} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <dt className="text-xs font-medium text-slate-600" title={FIGURES[id].counts}>
            {figureLabel(id, { range })}
          </dt>
          <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
            {formatFigure(id, reportFigure(report, id))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
