// Enterprise: the agent's measures next to the median of every agent on this installation (anonymised: only
// medians, and only once BENCHMARK_MIN_AGENTS agents contribute).
import { BENCHMARK_MEASURES } from '@keyturn/domain/insights/reportRules';
import type { Benchmarks as BenchmarksData } from '@keyturn/domain/schemas/reports';

function shown(value: number | null, unit: 'percent' | 'days'): string {
  if (value === null) return '—';
  return unit === 'percent' ? `${Math.round(value * 1000) / 10}%` : `${value} days`;
}

export function Benchmarks({ data }: { data: BenchmarksData }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      {data.installation === null ? (
        <p className="mb-3 text-sm text-slate-600">
          Figures of other agents appear once at least {data.minimum} agents on this installation have
          showings in the range (now {data.contributors}). Your own figures:
        </p>
      ) : (
        <p className="mb-3 text-sm text-slate-600">
          Compared with the median of {data.contributors} agents on this installation over the same dates.
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Benchmarks</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Measure
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                You
              </th>
              {data.installation ? (
                <th scope="col" className="px-3 py-2 font-semibold">
                  All agents (median)
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {BENCHMARK_MEASURES.map((m) => (
              <tr key={m.key}>
                <th scope="row" className="px-3 py-1.5 font-medium text-slate-900">
                  {m.label}
                </th>
                <td className="px-3 py-1.5 tabular-nums">{shown(data.agent[m.key], m.unit)}</td>
                {data.installation ? (
                  <td className="px-3 py-1.5 tabular-nums">{shown(data.installation[m.key], m.unit)}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
