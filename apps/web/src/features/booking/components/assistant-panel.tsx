// The booking assistant's chat (issue 17), loaded when the buyer opens it. A modal dialog (focus moves in and
// stays, Escape closes, focus returns to the button); the conversation is a live log read out by screen
// readers; the buyer's input is labelled. Everything the assistant says comes from the server.
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { ASSISTANT_TEXT_MAX_LENGTH } from '@keyturn/domain/assistant/texts';
import type { ConversationResponse } from '@keyturn/domain/schemas/assistant';
import { Dialog } from '@/components/ui/dialog';
import { ApiError, api } from '@/lib/api';
import { useLocale, useT } from '@/lib/i18n';
import { DETAILS } from '../details-texts';
import { MANAGE } from '../manage-texts';

export function AssistantPanel({
  agentId,
  propertyId,
  brand,
  onClose,
}: {
  agentId: string;
  propertyId: number | null;
  brand: Record<string, string>;
  onClose: () => void;
}) {
  const t = useT(DETAILS);
  const tm = useT(MANAGE);
  // Issue 43: the conversation starts in the page's language (its greeting; the server answers Spanish when the
  // buyer writes Spanish). The API client also sends it as Accept-Language.
  const { locale } = useLocale();
  const [conversation, setConversation] = useState<ConversationResponse | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);

  const start = useMutation({
    mutationFn: () =>
      api.post<ConversationResponse>('/assistant/conversations', {
        agent_id: agentId,
        property_id: propertyId,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        locale,
      }),
    onSuccess: setConversation,
    onError: (err) => setError(err instanceof ApiError ? err.message : t('aiFailed')),
  });
  const send = useMutation({
    mutationFn: (message: string) =>
      api.post<ConversationResponse>(
        `/assistant/conversations/${encodeURIComponent(conversation?.conversation_id ?? '')}/messages`,
        { text: message },
      ),
    onSuccess: (next) => {
      setConversation(next);
      setText('');
      setError(null);
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : t('aiFailed')),
    onSettled: () => inputRef.current?.focus(),
  });

  const { mutate: begin } = start;
  useEffect(() => {
    begin();
  }, [begin]);
  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [conversation?.messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || !conversation || send.isPending) return;
    send.mutate(message);
  };
  const booked = conversation?.booking ?? null;

  return (
    <Dialog open onClose={onClose} title={t('aiTitle')} initialFocusRef={inputRef}>
      <div style={brand} className="flex max-h-[70vh] flex-col gap-3">
        <div
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-label={t('aiTitle')}
          className="min-h-40 flex-1 space-y-2 overflow-y-auto rounded-lg bg-slate-50 p-3"
        >
          {conversation?.messages.map((m, i) => (
            <p
              key={i}
              className={`max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-line ${
                m.role === 'buyer'
                  ? 'ml-auto bg-[var(--kt-primary)] text-[var(--kt-on-primary)]'
                  : 'bg-white text-slate-800 shadow-sm'
              }`}
            >
              <span className="sr-only">{`${t(m.role === 'buyer' ? 'aiYou' : 'aiSays')} `}</span>
              {m.text}
            </p>
          ))}
          {start.isPending || send.isPending ? (
            <p className="text-sm text-slate-500">{t('aiSending')}</p>
          ) : null}
        </div>
        {conversation && conversation.proposals.length > 0 && !booked ? (
          <ul className="flex flex-wrap gap-2" aria-label={t('aiTimes')}>
            {conversation.proposals.map((p, i) => (
              <li key={p.starts_at}>
                <button
                  type="button"
                  disabled={send.isPending}
                  onClick={() => send.mutate(t('aiOption', { n: i + 1 }))}
                  className="rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:outline-none"
                >
                  {p.label}
                  {p.suggested ? (
                    <span className="ml-1 text-xs text-slate-500">{t('aiSuggested')}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {booked ? (
          <a href={booked.manage_url} className="text-sm font-medium text-[var(--kt-primary)] underline">
            {tm('title')}
          </a>
        ) : null}
        {conversation?.form_url ? (
          <Link
            to={sameOriginPath(conversation.form_url)}
            className="text-sm font-medium text-slate-700 underline"
          >
            {t('aiForm')}
          </Link>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <form onSubmit={submit} className="flex gap-2">
          <label htmlFor="assistant-input" className="sr-only">
            {t('aiInput')}
          </label>
          <input
            id="assistant-input"
            ref={inputRef}
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={ASSISTANT_TEXT_MAX_LENGTH}
            placeholder={t('aiHint')}
            autoComplete="off"
            disabled={booked !== null}
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:outline-none"
          />
          <button
            type="submit"
            disabled={!conversation || send.isPending || booked !== null}
            className="min-h-11 rounded-lg bg-[var(--kt-primary)] px-4 text-sm font-semibold text-[var(--kt-on-primary)] disabled:opacity-60 focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            {t('aiSend')}
          </button>
        </form>
      </div>
    </Dialog>
  );
}

/** The server's absolute form link as a path of this app (the booking page reads its state from it). */
function sameOriginPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}
