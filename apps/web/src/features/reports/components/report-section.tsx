// One figure of the Reports page: its chart, its numbers as a table, and a CSV download of them.
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { downloadCsv, tableCsv } from '../csv';
import type { ReportTable } from '../tables';

import { ReportChart } from './report-chart';

export function ReportSection({ table, fileSuffix }: { table: ReportTable; fileSuffix: string }) {
  const headingId = useId();
  const empty = table.rows.length === 0;
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {table.title}
          </h2>
          <p className="text-sm text-slate-600">{table.description}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={empty}
          aria-label={`Download ${table.title} as CSV`}
          onClick={() => downloadCsv(`${table.id}-${fileSuffix}.csv`, tableCsv(table.columns, table.rows))}
        >
          Download CSV
        </Button>
      </div>
      {empty ? (
        <p className="mt-4 text-sm text-slate-600">Nothing in this range yet.</p>
      ) : (
        <>
          <div className="mt-4">
            <ReportChart spec={table.chart} rows={table.rows} />
          </div>
          <DataTable table={table} />
        </>
      )}
    </section>
  );
}

function DataTable({ table }: { table: ReportTable }) {
  return (
    <div
      className="mt-3 max-h-64 overflow-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label={`${table.title} numbers`}
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{table.title}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-700">
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.rows.map((row, i) => (
            <tr key={i}>
              {table.columns.map((c, j) =>
                j === 0 ? (
                  <th
                    key={c.key}
                    scope="row"
                    className="px-3 py-1.5 font-medium text-slate-900 whitespace-nowrap"
                  >
                    {row[c.key]}
                  </th>
                ) : (
                  <td key={c.key} className="px-3 py-1.5 text-slate-700 tabular-nums">
                    {row[c.key]}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
