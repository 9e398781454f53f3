// Settings → Calendars (issue 14): connect Google / Microsoft (or say plainly that this installation has no app
// for it), each connected account with its status, last sync, calendars (blocks availability / receives new
// showings), Sync now and Disconnect; ICS subscriptions; the private ICS feed.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import {
  CALENDAR_TEXTS,
  OAUTH_PROVIDERS,
  PROVIDER_NAMES,
  type Integration,
  type IntegrationStatus,
  type OAuthProvider,
  type SyncSettings,
} from '@keyturn/domain/schemas/integrations';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { formatInstant } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { StatusPill } from '@/components/ui/status-badge';
import { TextField } from '@/components/ui/text-field';
import { useAgentProfile } from '@/lib/agent-profile';
import { CALENDARS_KEY, type IntegrationsResponse } from '@/lib/calendar-integrations';
import { SwitchField } from '@/components/ui/switch-field';
import { useServerAdministrator } from '@/lib/server-admin';
import { NOT_SWITCHED_ON, SERVER_SETTINGS_PATH } from '@keyturn/domain/schemas/serverSettings';
import { Link } from '@/lib/router';
import {
  connectUrl,
  disconnect,
  fetchFeedUrl,
  fetchSyncSettings,
  regenerateFeedUrl,
  saveSyncSettings,
  subscribeIcs,
  syncNow,
} from '../calendars-api';

const SYNC_SETTINGS_KEY = ['integrations', 'sync-settings'] as const;

const STATUS: Record<IntegrationStatus, { label: string; tone: string }> = {
  connected: { label: 'Connected', tone: 'bg-emerald-50 text-emerald-700 ring-emerald-200' },
  syncing: { label: 'Syncing…', tone: 'bg-blue-50 text-blue-700 ring-blue-200' },
  needs_reconnect: { label: 'Needs reconnecting', tone: 'bg-red-50 text-red-700 ring-red-200' },
  error: { label: 'Sync failed — retrying', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
};

export function CalendarSettings({ body }: { body: IntegrationsResponse }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="connect-heading" className="space-y-3">
        <div>
          <h2 id="connect-heading" className="text-lg font-semibold text-slate-900">
            Calendars
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Busy times in your calendars are not offered to buyers, and confirmed showings are added to the
            calendar you choose.
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {OAUTH_PROVIDERS.map((provider) => (
            <ConnectCard
              key={provider}
              provider={provider}
              configured={body.providers[provider].configured}
              reconnect={body.data.some((i) => i.provider === provider && i.status === 'needs_reconnect')}
            />
          ))}
        </div>
      </section>

      {body.data.length > 0 ? <Connected body={body} /> : null}
      <IcsSubscribe />
      <IcsFeed />
    </div>
  );
}

function ConnectCard({
  provider,
  configured,
  reconnect,
}: {
  provider: OAuthProvider;
  configured: boolean;
  reconnect: boolean;
}) {
  const connect = useMutation({
    mutationFn: () => connectUrl(provider),
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => toast.error(error.message),
  });
  const name = PROVIDER_NAMES[provider];
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">{name}</h3>
      {configured ? (
        <Button className="mt-3" disabled={connect.isPending} onClick={() => connect.mutate()}>
          {connect.isPending
            ? 'Opening…'
            : `${reconnect ? 'Reconnect' : 'Connect'} ${provider === 'google' ? 'Google' : 'Microsoft'}`}
        </Button>
      ) : (
        <NotSwitchedOn />
      )}
    </div>
  );
}

/** Calendar sync not switched on: said plainly, and the administrator gets the way to switch it on. */
function NotSwitchedOn() {
  const admin = useServerAdministrator();
  return (
    <p className="mt-2 text-sm text-slate-600">
      {CALENDAR_TEXTS.notConfigured}
      {admin ? (
        <>
          {' '}
          <Link to={SERVER_SETTINGS_PATH} className="font-medium text-blue-700 underline hover:text-blue-800">
            {NOT_SWITCHED_ON.adminLink}
          </Link>
        </>
      ) : null}
    </p>
  );
}

function Connected({ body }: { body: IntegrationsResponse }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SYNC_SETTINGS_KEY, queryFn: fetchSyncSettings });
  const all = body.data.flatMap((i) => i.calendars);
  const current: SyncSettings = {
    busy_calendar_ids: all.filter((c) => c.busy).map((c) => c.id),
    target_calendar_id: all.find((c) => c.target)?.id ?? null,
    push_enabled: settings.data?.push_enabled ?? true,
  };
  const save = useMutation({
    mutationFn: saveSyncSettings,
    onSuccess: () => {
      toast.success('Calendar settings saved.');
      void queryClient.invalidateQueries({ queryKey: CALENDARS_KEY });
      void queryClient.invalidateQueries({ queryKey: SYNC_SETTINGS_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
  const toggleBusy = (id: string, on: boolean) =>
    save.mutate({
      ...current,
      busy_calendar_ids: on
        ? [...current.busy_calendar_ids, id]
        : current.busy_calendar_ids.filter((x) => x !== id),
    });
  const setTarget = (id: string, on: boolean) =>
    save.mutate({ ...current, target_calendar_id: on ? id : null });

  return (
    <section aria-labelledby="connected-heading" className="space-y-3">
      <h2 id="connected-heading" className="text-lg font-semibold text-slate-900">
        Connected
      </h2>
      <SwitchField
        label="Add confirmed showings to my calendar"
        description="They go to the calendar marked “Receives new showings”, with the buyer, the address and the manage link."
        checked={current.push_enabled}
        disabled={save.isPending || settings.isPending}
        onChange={(e) => save.mutate({ ...current, push_enabled: e.target.checked })}
      />
      <ul className="space-y-3">
        {body.data.map((integration) => (
          <IntegrationCard
            key={integration.id}
            integration={integration}
            busy={save.isPending}
            onBusy={toggleBusy}
            onTarget={setTarget}
          />
        ))}
      </ul>
    </section>
  );
}

function IntegrationCard({
  integration,
  busy,
  onBusy,
  onTarget,
}: {
  integration: Integration;
  busy: boolean;
  onBusy: (id: string, on: boolean) => void;
  onTarget: (id: string, on: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const timeZone = useAgentProfile().data?.timeZone;
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: CALENDARS_KEY });
  const sync = useMutation({
    mutationFn: () => syncNow(integration.id),
    onSuccess: refresh,
    onError: (error) => toast.error(error.message),
  });
  const remove = useMutation({
    mutationFn: () => disconnect(integration.id),
    onSuccess: () => {
      setConfirming(false);
      toast.success('Calendar disconnected.');
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const status = STATUS[integration.status];
  const title = PROVIDER_NAMES[integration.provider];
  const account = integration.account_email ?? integration.label ?? '';

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{title}</p>
          <p className="text-sm break-words text-slate-600">{account}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StatusPill tone={status.tone}>{status.label}</StatusPill>
            <span>
              {integration.last_synced_at
                ? `Last sync ${formatInstant(integration.last_synced_at, timeZone)}`
                : 'Not synced yet'}
            </span>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={sync.isPending || integration.status === 'needs_reconnect'}
            onClick={() => sync.mutate()}
          >
            {sync.isPending ? 'Syncing…' : 'Sync now'}
          </Button>
          <Button variant="danger-ghost" size="sm" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </div>
      </div>
      {integration.status === 'needs_reconnect' ? (
        <p className="mt-3 text-sm text-red-700">{CALENDAR_TEXTS.needsReconnect}</p>
      ) : integration.last_error ? (
        <p className="mt-3 text-sm text-amber-800">
          Last attempt failed: {integration.last_error}. Keyturn tries again shortly; buyers are offered times
          from the busy times of the last successful sync.
        </p>
      ) : null}
      {integration.calendars.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="text-slate-500">
              <th scope="col" className="py-1 pr-2 font-medium">
                Calendar
              </th>
              <th scope="col" className="px-2 py-1 text-center font-medium">
                Blocks availability
              </th>
              <th scope="col" className="py-1 pl-2 text-center font-medium">
                Receives new showings
              </th>
            </tr>
          </thead>
          <tbody>
            {integration.calendars.map((c) => (
              <tr key={c.id} className="border-t border-slate-100">
                <th scope="row" className="py-2 pr-2 font-normal break-words text-slate-900">
                  {c.name}
                  {c.primary ? <span className="text-slate-500"> (primary)</span> : null}
                </th>
                <td className="px-2 py-2 text-center">
                  <input
                    type="checkbox"
                    className="size-4 accent-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600"
                    aria-label={`${c.name} blocks availability`}
                    checked={c.busy}
                    disabled={busy}
                    onChange={(e) => onBusy(c.id, e.target.checked)}
                  />
                </td>
                <td className="py-2 pl-2 text-center">
                  <input
                    type="checkbox"
                    className="size-4 accent-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600"
                    aria-label={`${c.name} receives new showings`}
                    checked={c.target}
                    disabled={busy || !c.writable}
                    title={c.writable ? undefined : 'Keyturn cannot write to this calendar'}
                    onChange={(e) => onTarget(c.id, e.target.checked)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : integration.provider === 'ics' ? (
        <p className="mt-3 text-sm text-slate-600">
          {integration.busy_count} busy {integration.busy_count === 1 ? 'time' : 'times'} in the next weeks.
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Disconnect ${title}?`}
        confirmLabel="Disconnect"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        Its busy times stop blocking your availability, and new showings are no longer added to it. Events
        already there stay.
      </ConfirmDialog>
    </li>
  );
}

function IcsSubscribe() {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: subscribeIcs,
    onSuccess: () => {
      setUrl('');
      setError(undefined);
      toast.success('Calendar subscribed.');
      void queryClient.invalidateQueries({ queryKey: CALENDARS_KEY });
    },
    onError: (e) => setError(e.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(url.trim());
  };
  return (
    <section aria-labelledby="ics-heading" className="space-y-3">
      <div>
        <h2 id="ics-heading" className="text-lg font-semibold text-slate-900">
          Any other calendar
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Paste the ICS address of an iCloud, published Outlook or brokerage calendar: its events block your
          availability.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField
          label="Calendar address (ICS)"
          className="min-w-0 flex-1"
          type="url"
          inputMode="url"
          placeholder="https://… or webcal://…"
          value={url}
          error={error}
          onChange={(e) => setUrl(e.target.value)}
          required
        />
        <Button type="submit" className="sm:mt-6" disabled={add.isPending || url.trim() === ''}>
          {add.isPending ? 'Adding…' : 'Subscribe'}
        </Button>
      </form>
    </section>
  );
}

function IcsFeed() {
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: ['integrations', 'feed'], queryFn: fetchFeedUrl });
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation({
    mutationFn: regenerateFeedUrl,
    onSuccess: (url) => {
      queryClient.setQueryData(['integrations', 'feed'], url);
      setConfirming(false);
      toast.success('New feed address made. The old one no longer works.');
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <section aria-labelledby="feed-heading" className="space-y-3">
      <div>
        <h2 id="feed-heading" className="text-lg font-semibold text-slate-900">
          Your showings in any calendar app
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Subscribe to this private address in Apple Calendar or any calendar app to see your upcoming
          showings. Keep it secret: anyone with it can read them.
        </p>
      </div>
      {feed.data ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <code className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 text-xs break-all text-slate-800">
            {feed.data}
          </code>
          <div className="flex shrink-0 gap-2">
            <CopyButton text={feed.data} accessibleLabel="Copy feed address" />
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
              New address
            </Button>
          </div>
        </div>
      ) : feed.isError ? (
        <ErrorAlert>We could not load your feed address. {feed.error.message}</ErrorAlert>
      ) : (
        <Spinner />
      )}
      <ConfirmDialog
        open={confirming}
        title="Make a new feed address?"
        confirmLabel="Make new address"
        busy={regenerate.isPending}
        onConfirm={() => regenerate.mutate()}
        onCancel={() => setConfirming(false)}
      >
        Calendar apps subscribed to the current address stop receiving your showings.
      </ConfirmDialog>
    </section>
  );
}
