// Issue 45: /dashboard/conversations — the agent searches their showings' conversations (GET /threads/search):
// the matching messages newest first, each with who wrote it, when (in the agent's zone, labelled) and its
// showing, linking to the booking. Only the caller's showings are ever searched (the server scopes it).
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { useQuery } from '@tanstack/react-query';
import { THREAD_TEXTS as T, type ThreadSearchHit } from '@keyturn/domain/listing/threads';
import { messageTime } from '@/components/thread/thread-panel';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAgentProfile } from '@/lib/agent-profile';
import { api } from '@/lib/api';
import { browserTimeZone } from '@/lib/time-zones';

const S = T.search;

export function ConversationsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [draft, setDraft] = useState(q);
  const [tooShort, setTooShort] = useState(false);
  const inputId = useId();
  const profile = useAgentProfile();
  const zone = profile.data?.timeZone ?? browserTimeZone();
  const hits = useQuery({
    queryKey: ['threads', 'search', q],
    queryFn: () =>
      api
        .get<{ success: true; data: ThreadSearchHit[] }>(`/threads/search?q=${encodeURIComponent(q)}`)
        .then((a) => a.data),
    enabled: q.length >= 2,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    setTooShort(next.length < 2);
    if (next.length >= 2) setParams({ q: next });
  }

  return (
    <div className="space-y-6">
      <title>{`${S.title} · Keyturn`}</title>
      <PageHeader title={S.title} description={S.description} />
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {S.label}
          </label>
          <input
            id={inputId}
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={tooShort || undefined}
            aria-describedby={tooShort ? `${inputId}-hint` : undefined}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          {tooShort && (
            <p id={`${inputId}-hint`} className="text-sm text-red-700">
              {S.hint}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="min-h-9 rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white"
        >
          {S.submit}
        </button>
      </form>
      {q.length < 2 ? null : hits.isPending ? (
        <Spinner label={S.title} />
      ) : hits.isError ? (
        <ErrorAlert>{hits.error.message}</ErrorAlert>
      ) : hits.data.length === 0 ? (
        <p className="text-sm text-slate-600">{S.empty}</p>
      ) : (
        <ol
          aria-label={S.title}
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
        >
          {hits.data.map((hit) => (
            <li key={hit.id} className="space-y-1 p-4 text-sm">
              <p className="text-xs text-slate-500">
                <span className="font-medium text-slate-800">{hit.author_name}</span> ·{' '}
                {T.roles[hit.author_role]} ·{' '}
                <time dateTime={hit.created_at}>{messageTime(hit.created_at, zone)}</time>
              </p>
              <p className="whitespace-pre-wrap text-slate-900">{hit.body}</p>
              <p className="text-slate-600">
                {S.showing(
                  hit.booking.client_name,
                  hit.booking.address ?? S.noProperty,
                  messageTime(hit.booking.starts_at, zone),
                )}{' '}
                ·{' '}
                <Link
                  to={`/dashboard/bookings?booking=${encodeURIComponent(hit.booking.id)}`}
                  className="font-medium text-slate-900 underline underline-offset-2"
                >
                  {S.open}
                </Link>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
