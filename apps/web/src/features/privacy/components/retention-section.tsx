// Issue 46: "Delete buyer details older than N months" (GET|PUT /privacy/retention) on the Privacy requests page.
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_TEXTS, RETENTION_CHOICES } from '@keyturn/domain/privacy';
import type { Retention } from '@keyturn/domain/schemas/privacy';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/text-field';
import { api, ApiError } from '@/lib/api';

const T = PRIVACY_TEXTS.dashboard;
const KEY = ['privacy', 'retention'] as const;

export function RetentionSection() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ data: Retention }>('/privacy/retention').then((r) => r.data),
  });
  const [draft, setDraft] = useState<string | null>(null);
  const stored = query.data?.retention_months ?? null;
  const value = draft ?? (stored === null ? '' : String(stored));
  const save = useMutation({
    mutationFn: (months: number | null) =>
      api.put<{ data: Retention }>('/privacy/retention', { retention_months: months }).then((r) => r.data),
    onSuccess: (data) => {
      client.setQueryData(KEY, data);
      setDraft(null);
      toast.success(T.retentionSaved);
    },
  });
  const choices: number[] = [...RETENTION_CHOICES];
  if (stored !== null && !choices.includes(stored)) choices.push(stored);
  choices.sort((a, b) => a - b);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(value === '' ? null : Number(value));
  }

  return (
    <section
      aria-labelledby="privacy-retention"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="privacy-retention" className="text-lg font-semibold text-slate-900">
        {T.retentionHeading}
      </h2>
      <p className="text-sm text-slate-600">{T.retentionBody}</p>
      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField
          label={T.retentionLabel}
          value={value}
          disabled={query.isPending}
          onChange={(e) => setDraft(e.target.value)}
          error={
            save.error instanceof ApiError
              ? (save.error.fields.retention_months ?? save.error.message)
              : undefined
          }
          className="sm:min-w-72"
        >
          <option value="">{T.retentionKeep}</option>
          {choices.map((n) => (
            <option key={n} value={String(n)}>
              {T.retentionMonths(n)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" className="min-h-11" disabled={save.isPending || query.isPending}>
          {T.retentionSave}
        </Button>
      </form>
    </section>
  );
}
