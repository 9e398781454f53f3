// Issue 46 "Buyers' own data" (decision 091): /dashboard/privacy-requests — buyers' deletion requests, open ones
// first with their legal clock ("Due <date> (N days left)"; overdue in red and in words), each completed with
// "Delete this buyer's data" after a confirmation; a request the agent starts for a buyer who asked another
// way; and the retention setting. Dates on the agent's calendar (the server's zone for them), the zone named.
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_TEXTS } from '@keyturn/domain/privacy';
import type { PrivacyRequest } from '@keyturn/domain/schemas/privacy';
import { timeZoneName } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { api, ApiError } from '@/lib/api';
import { RetentionSection } from '../components/retention-section';
import { longDate } from '../format';

const T = PRIVACY_TEXTS.dashboard;
const KEY = ['privacy', 'requests'] as const;
type Requests = { requests: PrivacyRequest[]; time_zone: string };

export function PrivacyRequestsPage() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<{ data: Requests }>('/privacy-requests').then((r) => r.data),
  });
  const [confirming, setConfirming] = useState<PrivacyRequest | null>(null);
  const complete = useMutation({
    mutationFn: (id: string) => api.post(`/privacy-requests/${encodeURIComponent(id)}/complete`, {}),
    onSuccess: () => {
      setConfirming(null);
      toast.success(T.done);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });

  return (
    <div className="space-y-6">
      <title>{`${T.title} · Keyturn`}</title>
      <PageHeader title={T.title} description={T.intro} />
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorAlert>{query.error.message}</ErrorAlert>
      ) : query.data.requests.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-600">{T.empty}</p>
      ) : (
        <ul aria-label={T.title} className="space-y-3">
          {query.data.requests.map((r) => (
            <RequestItem
              key={r.id}
              request={r}
              zone={query.data.time_zone}
              onDelete={() => setConfirming(r)}
            />
          ))}
        </ul>
      )}
      <StartRequest onStarted={() => void client.invalidateQueries({ queryKey: KEY })} />
      <RetentionSection />
      <ConfirmDialog
        open={confirming !== null}
        title={T.confirmTitle}
        confirmLabel={T.confirmAction}
        cancelLabel={T.cancel}
        danger
        busy={complete.isPending}
        onConfirm={() => confirming && complete.mutate(confirming.id)}
        onCancel={() => {
          setConfirming(null);
          complete.reset();
        }}
      >
        <p className="text-sm text-slate-700">{T.confirmBody(confirming?.email ?? '')}</p>
        {complete.isError ? <ErrorAlert>{complete.error.message}</ErrorAlert> : null}
      </ConfirmDialog>
    </div>
  );
}

function RequestItem({
  request: r,
  zone,
  onDelete,
}: {
  request: PrivacyRequest;
  zone: string;
  onDelete: () => void;
}) {
  const due = `${longDate(r.due_at, zone)} ${timeZoneName(zone, new Date(r.due_at))}`;
  const who = useId();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p id={who} className="font-medium break-words text-slate-900">
          {r.email ?? T.deleted}
        </p>
        <p className="text-slate-600">
          {T.sources[r.source]} · {T.received(longDate(r.received_at, zone))}
        </p>
        {r.status === 'completed' && r.completed_at ? (
          <p className="text-slate-600">{T.completed(longDate(r.completed_at, zone))}</p>
        ) : r.overdue ? (
          <p className="font-semibold text-red-700">{T.overdue(due, -r.days_left)}</p>
        ) : (
          <p className="text-slate-800">{T.due(due, r.days_left)}</p>
        )}
      </div>
      {r.status === 'open' ? (
        <Button variant="danger" className="min-h-11 shrink-0" onClick={onDelete} aria-describedby={who}>
          {T.deleteAction}
        </Button>
      ) : null}
    </li>
  );
}

function StartRequest({ onStarted }: { onStarted: () => void }) {
  const [email, setEmail] = useState('');
  const start = useMutation({
    mutationFn: (value: string) => api.post('/privacy-requests', { email: value }),
    onSuccess: () => {
      setEmail('');
      toast.success(T.started);
      onStarted();
    },
  });
  const error =
    start.error instanceof ApiError ? (start.error.fields.email ?? start.error.message) : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate(email);
  }
  return (
    <section
      aria-labelledby="privacy-start"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="privacy-start" className="text-lg font-semibold text-slate-900">
        {T.startHeading}
      </h2>
      <p className="text-sm text-slate-600">{T.startBody}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={T.startLabel}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error}
          className="sm:min-w-80"
        />
        <Button type="submit" className="min-h-11" disabled={start.isPending}>
          {T.startAction}
        </Button>
      </form>
    </section>
  );
}
