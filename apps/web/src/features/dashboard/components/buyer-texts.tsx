// Issue 33: the overview's "Messages from buyers" — text replies that were not a yes, no, opt-out or rating
// (GET /api/agents/buyer-texts), each answered once by text (POST …/:id/reply), and the consent ledger as CSV.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BUYER_TEXT_REPLY_MAX_LENGTH,
  type BuyerText,
  type buyerTextsResponseSchema,
} from '@keyturn/domain/schemas/texts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatInstant } from '@/components/ui/format';
import { TextAreaField } from '@/components/ui/text-field';
import { useAgentProfile } from '@/lib/agent-profile';
import { api, ApiError, fetchFile } from '@/lib/api';
import { saveBlob } from '@/lib/download';
import { toast } from '@/lib/toast';

const KEY = ['agents', 'buyer-texts'] as const;

export function BuyerTexts() {
  const timeZone = useAgentProfile().data?.timeZone ?? undefined;
  const list = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (await api.get<z.infer<typeof buyerTextsResponseSchema>>('/agents/buyer-texts')).data,
  });
  const exportLedger = async () => {
    try {
      saveBlob('text-consents.csv', await fetchFile('/agents/text-consents.csv'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  const messages = list.data ?? [];

  return (
    <section
      id="messages-from-buyers"
      aria-labelledby="buyer-texts-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="buyer-texts-heading" className="text-base font-semibold text-slate-900">
            Messages from buyers
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Texts from buyers that were not a yes, no or stop. Answer by text from here.
          </p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void exportLedger()}>
          Export text consents (CSV)
        </Button>
      </div>
      {list.isError ? (
        <div className="mt-4">
          <ErrorAlert>We could not load the messages. {list.error.message}</ErrorAlert>
        </div>
      ) : list.isPending ? null : messages.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No messages from buyers yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {messages.map((m) => (
            <BuyerTextItem key={m.id} message={m} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function BuyerTextItem({ message, timeZone }: { message: BuyerText; timeZone: string | undefined }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (body: string) =>
      api.post<{ success: boolean; data: BuyerText }>(
        `/agents/buyer-texts/${encodeURIComponent(message.id)}/reply`,
        { text: body },
      ),
    onSuccess: () => {
      setOpen(false);
      toast.success('Your reply is on its way.');
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => setError(e instanceof ApiError ? (e.fields?.text ?? e.message) : e.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError('Write a reply');
    setError(undefined);
    send.mutate(text.trim());
  };

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">{message.client_name ?? message.from}</p>
        <p className="text-xs text-slate-600">{formatInstant(message.received_at, timeZone)}</p>
      </div>
      {message.client_name ? <p className="text-xs text-slate-600">{message.from}</p> : null}
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800">{message.body}</p>
      {message.reply ? (
        <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="font-medium">You replied:</span> {message.reply}
        </p>
      ) : open ? (
        <form onSubmit={submit} className="mt-2 space-y-2" noValidate>
          <TextAreaField
            label={`Reply to ${message.client_name ?? message.from} by text`}
            value={text}
            maxLength={BUYER_TEXT_REPLY_MAX_LENGTH}
            onChange={(e) => setText(e.target.value)}
            error={error}
            rows={2}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={send.isPending}>
              Send text
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button className="mt-2" size="sm" variant="secondary" onClick={() => setOpen(true)}>
          Reply by text
        </Button>
      )}
    </li>
  );
}
