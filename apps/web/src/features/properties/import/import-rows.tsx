// A CSV import's answer (the preview or the import): the totals, what did not fit in the plan, and each row with
// its line number, outcome and problems — as a list, so it reads at 390 px.
import {
  CSV_FIELD_LABELS,
  type CsvImportField,
  type ImportResult,
  type ImportRowOutcome,
} from '@keyturn/domain/listing/imports';
import { StatusPill } from '@/components/ui/status-badge';

const OUTCOMES: Record<ImportRowOutcome, { label: string; preview: string; tone: string }> = {
  created: {
    label: 'Added',
    preview: 'Will be added',
    tone: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  },
  updated: { label: 'Updated', preview: 'Will be updated', tone: 'bg-blue-50 text-blue-700 ring-blue-200' },
  unchanged: { label: 'Unchanged', preview: 'No change', tone: 'bg-slate-100 text-slate-700 ring-slate-200' },
  error: { label: 'Not imported', preview: 'Needs fixing', tone: 'bg-red-50 text-red-700 ring-red-200' },
  over_limit: {
    label: 'Over the plan',
    preview: 'Over the plan',
    tone: 'bg-amber-50 text-amber-800 ring-amber-200',
  },
};

const fieldName = (key: string) =>
  key === '_' || key === 'limit' ? '' : `${CSV_FIELD_LABELS[key as CsvImportField] ?? key}: `;

export function ImportRows({ result }: { result: ImportResult }) {
  const verb = result.dry_run ? 'would be' : 'were';
  return (
    <div className="mt-6" aria-live="polite">
      <h3 className="text-base font-semibold text-slate-900">{result.dry_run ? 'Preview' : 'Imported'}</h3>
      <p className="mt-1 text-sm text-slate-700">
        {result.created} {verb} added, {result.updated} updated, {result.unchanged} unchanged
        {result.failed > 0 ? `, ${result.failed} with problems` : ''}.
      </p>
      {result.limit_message && (
        <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {result.limit_message}
        </p>
      )}
      <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
        {result.rows.map((row) => {
          const outcome = OUTCOMES[row.outcome];
          return (
            <li key={row.line} className="flex flex-col gap-1 px-3 py-2.5 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-xs text-slate-500">Line {row.line}</span>
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                  {row.address || 'No address'}
                </span>
                <StatusPill tone={outcome.tone}>
                  {result.dry_run ? outcome.preview : outcome.label}
                </StatusPill>
              </div>
              {Object.entries(row.errors).map(([key, message]) => (
                <p key={key} className="text-red-700">
                  {fieldName(key)}
                  {message}
                </p>
              ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
