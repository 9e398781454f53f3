// The report's date range: two dates in the agent's time zone (both included) and quick presets. The range
// is applied to the URL (?from=&to=) so a report can be linked and reloaded.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { addDaysIso, reportRangeSchema, type ReportRange } from '@keyturn/domain/schemas/reports';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { firstIssuePerField } from '@/lib/form-errors';

const PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const;

export function RangePicker({
  range,
  today,
  onChange,
}: {
  range: ReportRange;
  /** The agent's today (yyyy-MM-dd), the presets end there. */
  today: string;
  onChange: (range: ReportRange) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportRangeSchema.safeParse({ from, to });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setErrors({});
    onChange(parsed.data);
  };

  const preset = (days: number) => {
    const next = { from: addDaysIso(today, -(days - 1)), to: today };
    setFrom(next.from);
    setTo(next.to);
    setErrors({});
    onChange(next);
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="From"
          type="date"
          value={from}
          max={today}
          onChange={(e) => setFrom(e.target.value)}
          error={errors.from}
          className="w-full sm:w-44"
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={errors.to}
          className="w-full sm:w-44"
        />
        <Button type="submit">Show report</Button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Quick ranges">
        {PRESETS.map((p) => (
          <Button key={p.days} variant="ghost" size="sm" onClick={() => preset(p.days)}>
            {p.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
