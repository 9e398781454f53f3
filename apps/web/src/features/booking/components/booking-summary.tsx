export interface SummaryRow {
  label: string;
  value: string;
  /** A second line (e.g. the time on the buyer's clock). */
  detail?: string | undefined;
}

/** The facts of a booking as a definition list: date, time, property, agent… */
export function BookingSummary({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{row.label}</dt>
          <dd className="mt-0.5 font-medium break-words text-slate-900">{row.value}</dd>
          {row.detail ? <dd className="text-xs text-slate-500">{row.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
