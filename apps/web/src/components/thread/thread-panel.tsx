// Issue 45: a showing's conversation — the messages oldest first with who wrote them and when (in the showing's
// zone, labelled), a labelled composer and, where the reader may post them, the quick statuses. Shared by the
// agent's booking details, the buyer's manage page, the buyer's agent's request and the seller's page; each
// loads it lazily (default export) so the pages that show it do not carry it up front.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from '@/lib/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  THREAD_MESSAGE_MAX,
  THREAD_STATUSES,
  THREAD_TEXTS as T,
  type Thread,
  type ThreadStatus,
  type ThreadMessage,
} from '@keyturn/domain/listing/threads';
import { OFFLINE_TEXTS } from '@keyturn/domain/offlineTexts';
import { ApiError } from '@/lib/api';
import { useLocale, useT } from '@/lib/i18n';
import { COMMON } from '@/lib/common-area';
import { MANAGE } from '@/features/booking/manage-texts';
import { sourceFor, type ThreadSource, type ThreadWhere } from './sources';

/** The panel's words in the page's language (the dashboard's locale is always English). */
const STATUS_KEYS = {
  late_10: 'late10',
  late_20: 'late20',
  arrived: 'arrived',
  finished: 'finished',
  reschedule: 'needReschedule',
} as const satisfies Record<ThreadStatus, string>;
const ROLE_KEYS = {
  agent: 'roleAgent',
  buyer: 'roleBuyer',
  buyer_agent: 'roleBuyerAgent',
  seller: 'roleSeller',
} as const satisfies Record<ThreadMessage['author_role'], string>;
const VIA_KEYS = { text: 'viaText', email: 'viaEmail' } as const;

/** "Dec 6, 2:30 PM EST": a message's time in the showing's zone, with the zone's abbreviation. */
export function messageTime(instant: string, timeZone: string, intlLocale = 'en-US'): string {
  return new Intl.DateTimeFormat(intlLocale, {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

/**
 * Issue 47: the dashboard's offline queue. Given a message whose sending failed, it keeps it on the device when
 * the failure was the network's (true) — to be sent when the network is back — and declines anything else.
 */
export type KeepOffline = (body: string, error: unknown) => Promise<boolean>;

export function ThreadPanel({
  source,
  title,
  keepOffline,
}: {
  source: ThreadSource;
  title?: string;
  keepOffline?: KeepOffline;
}) {
  const t = useT(MANAGE);
  const common = useT(COMMON);
  const { intlLocale } = useLocale();
  title ??= t('threadTitle');
  const headingId = useId();
  const client = useQueryClient();
  const thread = useQuery({ queryKey: source.key, queryFn: source.load, retry: false });
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Messages written offline and kept on the device (the dashboard's queue sends them; the thread then has them).
  const [kept, setKept] = useState<string[]>([]);
  const settle = (next: Thread) => client.setQueryData(source.key, next);
  const failed = (e: unknown) =>
    setError(e instanceof ApiError && e.status === 400 && e.message ? e.message : t('threadSendError'));
  const send = useMutation({
    mutationFn: (body: string) => source.send(body),
    onSuccess: (next) => {
      settle(next);
      setDraft('');
      setError(null);
    },
    onError: async (e, body) => {
      if (keepOffline) {
        const saved = await keepOffline(body, e).catch(() => false);
        if (saved) {
          setKept((k) => [...k, body]);
          setDraft('');
          setError(null);
          return;
        }
      }
      failed(e);
    },
  });
  // The conversation read again (back online, the queue sent): what was kept is in it now.
  const updatedAt = thread.dataUpdatedAt;
  useEffect(() => {
    if (navigator.onLine !== false) setKept([]);
  }, [updatedAt]);
  const status = useMutation({
    mutationFn: (code: (typeof THREAD_STATUSES)[number]) => source.status!(code),
    onSuccess: (next) => {
      settle(next);
      setError(null);
    },
    onError: failed,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return setError(t('writeMessage'));
    if (body.length > THREAD_MESSAGE_MAX) return setError(t('tooLong', { max: THREAD_MESSAGE_MAX }));
    send.mutate(body);
  }

  const busy = send.isPending || status.isPending;
  const data = thread.data;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        {data && (
          <p className="text-xs text-slate-500">
            {common('timesIn', { zone: zoneName(data.time_zone, intlLocale) })}
          </p>
        )}
        {data?.viewer_role === 'agent' && (
          <Link
            to={T.search.path}
            className="text-xs font-medium text-slate-700 underline underline-offset-2"
          >
            {T.search.all}
          </Link>
        )}
      </div>
      {thread.isError && <p className="text-sm text-slate-600">{t('threadLoadError')}</p>}
      {data && (
        <>
          {data.messages.length === 0 ? (
            <p className="text-sm text-slate-500">{t('threadEmpty')}</p>
          ) : (
            <ol aria-label={title} className="max-h-80 space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-3">
              {data.messages.map((m) => (
                <MessageItem
                  key={m.id}
                  message={m}
                  timeZone={data.time_zone}
                  own={m.author_role === data.viewer_role}
                  intlLocale={intlLocale}
                />
              ))}
            </ol>
          )}
          {source.status && data.can_post_status && (
            <div role="group" aria-label={t('quickStatus')} className="flex flex-wrap gap-2">
              {THREAD_STATUSES.map((code) => (
                <button
                  key={code}
                  type="button"
                  disabled={busy}
                  onClick={() => status.mutate(code)}
                  className="min-h-6 min-w-6 rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-50"
                >
                  {t(STATUS_KEYS[code])}
                </button>
              ))}
            </div>
          )}
          {kept.length > 0 && (
            <ul aria-label={OFFLINE_TEXTS.pendingName} className="space-y-1">
              {kept.map((body, i) => (
                <li key={i} className="rounded-md bg-amber-50 p-2 text-sm text-slate-900">
                  <p className="whitespace-pre-wrap">{body}</p>
                  <p className="text-xs text-amber-800">{OFFLINE_TEXTS.pending}</p>
                </li>
              ))}
            </ul>
          )}
          {data.can_write && (
            <form onSubmit={submit} className="space-y-2" noValidate>
              <Composer
                value={draft}
                onChange={(v) => {
                  setDraft(v);
                  if (error) setError(null);
                }}
                error={error}
              />
              <button
                type="submit"
                disabled={busy}
                className="min-h-6 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-800 disabled:opacity-50"
              >
                {send.isPending ? t('sending') : t('send')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

function Composer({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  const t = useT(MANAGE);
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t('threadLabel')}
      </label>
      <textarea
        id={id}
        rows={3}
        value={value}
        maxLength={THREAD_MESSAGE_MAX}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function MessageItem({
  message: m,
  timeZone,
  own,
  intlLocale,
}: {
  message: ThreadMessage;
  timeZone: string;
  own: boolean;
  intlLocale: string;
}) {
  const t = useT(MANAGE);
  const via = m.via === 'web' ? '' : t(VIA_KEYS[m.via]);
  return (
    <li className={`rounded-md p-2 text-sm ${own ? 'bg-white' : 'bg-slate-100'}`}>
      <p className="text-xs text-slate-500">
        <span className="font-medium text-slate-800">{m.author_name}</span> · {t(ROLE_KEYS[m.author_role])} ·{' '}
        <time dateTime={m.created_at}>{messageTime(m.created_at, timeZone, intlLocale)}</time>
        {via ? ` · ${via}` : ''}
      </p>
      <p className={`whitespace-pre-wrap text-slate-900 ${m.kind === 'status' ? 'font-semibold' : ''}`}>
        {m.body}
      </p>
    </li>
  );
}

/** The zone's long name for the heading's "Times in …" ("Eastern Standard Time"), else its id. */
function zoneName(timeZone: string, intlLocale: string): string {
  const part = new Intl.DateTimeFormat(intlLocale, { timeZone, timeZoneName: 'long' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

export type ThreadPanelForProps = {
  where: ThreadWhere;
  title?: string;
  /** The dashboard's offline queue for a message written with no network (issue 47). */
  keepOffline?: KeepOffline;
};

/** The panel for a conversation named by where it is opened from (what lazy-thread-panel.tsx loads). */
export default function ThreadPanelFor({ where, ...rest }: ThreadPanelForProps) {
  return <ThreadPanel source={sourceFor(where)} {...rest} />;
}
