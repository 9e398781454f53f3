// Settings → Webhooks (issue 13, Enterprise): register an endpoint (its signing secret is shown once), see
// each endpoint's delivery log with status and response code, send a delivery again, delete an endpoint.
// Below Enterprise: what it adds and an upgrade hint (the server refuses the calls anyway).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { planAllows } from '@keyturn/domain/planGates';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookEndpointCreateSchema,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@keyturn/domain/schemas/webhooks';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { UpgradeHint } from '@/components/ui/upgrade-hint';
import { ApiError } from '@/lib/api';
import { firstIssuePerField } from '@/lib/form-errors';
import { usePlan } from '@/lib/plan';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendDelivery,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../hooks/use-webhooks';
import { IncludeIncomeToggle } from './include-income-toggle';

export function WebhooksSection() {
  const { plan } = usePlan(true);
  const allowed = planAllows(plan, 'crmIntegration');
  const endpoints = useWebhookEndpoints(allowed);
  if (!allowed) {
    return (
      <UpgradeHint feature="crmIntegration">
        Webhooks send your bookings, feedback and leads to your CRM as they happen, signed so your CRM can
        trust them.
      </UpgradeHint>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        Keyturn POSTs a JSON body to your address when something happens, signed with HMAC-SHA256 in the
        <code className="mx-1 rounded bg-slate-100 px-1">keyturn-signature</code>header. Failed deliveries are
        retried with growing delays.
      </p>
      <IncludeIncomeToggle />
      <AddWebhookForm />
      {endpoints.isPending ? (
        <Spinner label="Loading webhooks" />
      ) : endpoints.isError ? (
        <ErrorAlert>{endpoints.error.message}</ErrorAlert>
      ) : endpoints.data.length === 0 ? (
        <p className="text-sm text-slate-600">No webhooks yet.</p>
      ) : (
        <ul className="space-y-4">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AddWebhookForm() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [secret, setSecret] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookEndpointCreateSchema.safeParse({ url, events });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(parsed.data);
      setSecret(created.secret);
      setUrl('');
    } catch (error) {
      if (error instanceof ApiError && error.fields.url) setErrors({ url: error.fields.url });
    }
  };

  const toggle = (value: WebhookEvent) =>
    setEvents((current) =>
      current.includes(value) ? current.filter((e) => e !== value) : [...current, value],
    );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 className="text-base font-semibold text-slate-900">Add a webhook</h3>
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://crm.example.com/hooks/keyturn"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
      />
      <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-900">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 focus-visible:ring-2 focus-visible:ring-blue-500"
                checked={events.includes(value)}
                onChange={() => toggle(value)}
              />
              {WEBHOOK_EVENT_LABELS[value]} <code className="text-xs text-slate-500">{value}</code>
            </label>
          ))}
        </div>
        {errors.events ? (
          <p id="webhook-events-error" className="mt-1 text-sm text-red-600">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      {create.isError && !(create.error instanceof ApiError && create.error.fields.url) ? (
        <ErrorAlert>{create.error.message}</ErrorAlert>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add webhook'}
      </Button>
      {secret ? (
        <div
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800"
        >
          <p className="font-medium">Signing secret — copy it now, it is not shown again:</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 font-mono text-xs">{secret}</code>
            <CopyButton text={secret} label="Copy secret" />
          </div>
        </div>
      ) : null}
    </form>
  );
}

function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm text-slate-900">{endpoint.url}</p>
          <p className="mt-1 text-xs text-slate-600">{endpoint.events.join(', ')}</p>
        </div>
        <Button variant="danger-ghost" size="sm" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      <DeliveryLog endpointId={endpoint.id} />
      <ConfirmDialog
        open={confirming}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        danger
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(endpoint.id, { onSettled: () => setConfirming(false) })}
      >
        Keyturn stops sending events to {endpoint.url}, and its delivery log is deleted.
      </ConfirmDialog>
    </li>
  );
}

const STATUS_LABELS = {
  pending: 'Queued',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
} as const;

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery(endpointId);
  if (deliveries.isPending) return <Spinner label="Loading deliveries" />;
  if (deliveries.isError) return <ErrorAlert>{deliveries.error.message}</ErrorAlert>;
  return (
    <div className="mt-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">Deliveries</h4>
        <Button variant="ghost" size="sm" onClick={() => void deliveries.refetch()}>
          Refresh
        </Button>
      </div>
      {deliveries.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing sent yet.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Deliveries to this webhook</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Event
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Response
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Attempts
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  Created
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.data.map((d) => (
                <tr key={d.id}>
                  <th scope="row" className="px-2 py-1 font-mono text-xs font-normal">
                    {d.event}
                  </th>
                  <td className="px-2 py-1">{STATUS_LABELS[d.status]}</td>
                  <td className="px-2 py-1" title={d.last_error ?? undefined}>
                    {d.response_status ?? (d.last_error ? d.last_error : '—')}
                  </td>
                  <td className="px-2 py-1 tabular-nums">{d.attempts}</td>
                  <td className="px-2 py-1 whitespace-nowrap">{new Date(d.created_at).toLocaleString()}</td>
                  <td className="px-2 py-1">
                    <Button
                      variant="secondary"
                      size="sm"
                      disabled={resend.isPending}
                      aria-label={`Send ${d.event} again`}
                      onClick={() => resend.mutate(d.id)}
                    >
                      Send again
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
