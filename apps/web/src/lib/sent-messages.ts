// The agent's "Sent messages" (GET /api/agents/messages …): every e-mail and text Keyturn sent, skipped or
// failed for their bookings. Shared by Settings → Messages (the list, one message, "Send again") and the
// dashboard overview (the failure notice and "Dismiss"), which as features may not import each other.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  MessageStatus,
  SentMessage,
  SentMessageDetail,
  dismissFailuresResponseSchema,
  retryMessageResponseSchema,
  sentMessageDetailResponseSchema,
  sentMessagesResponseSchema,
} from '@keyturn/domain/schemas/notifications';
import { api, fetchFile } from './api';
import { saveBlob } from './download';

type SentMessagesResponse = z.infer<typeof sentMessagesResponseSchema>;
type SentMessageDetailResponse = z.infer<typeof sentMessageDetailResponseSchema>;
type RetryMessageResponse = z.infer<typeof retryMessageResponseSchema>;
type DismissFailuresResponse = z.infer<typeof dismissFailuresResponseSchema>;

/** Every query below starts with this key: a mutation invalidates them all at once. */
export const SENT_MESSAGES_QUERY_KEY = ['agents', 'messages'] as const;
const listKey = (status: MessageStatus | undefined) => [...SENT_MESSAGES_QUERY_KEY, 'list', status ?? 'all'];
const FAILED_COUNT_KEY = [...SENT_MESSAGES_QUERY_KEY, 'failed-count'] as const;
const detailKey = (id: string) => [...SENT_MESSAGES_QUERY_KEY, 'detail', id];

/** How often an open list looks again while a message is waiting to be sent again. */
const RETRYING_REFETCH_MS = 15_000;

export interface SentMessagesQuery {
  status?: MessageStatus | undefined;
  limit?: number | undefined;
}

/** GET /api/agents/messages?status=&limit=: newest first, with the count of failures not yet dismissed. */
export async function fetchSentMessages({
  status,
  limit,
}: SentMessagesQuery = {}): Promise<SentMessagesResponse> {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (limit !== undefined) params.set('limit', String(limit));
  const query = params.toString();
  return api.get<SentMessagesResponse>(`/agents/messages${query ? `?${query}` : ''}`);
}

/** GET /api/agents/messages/{id}: one message with what it said (`content` is null when no copy is kept). */
export async function fetchSentMessage(id: string): Promise<SentMessageDetail> {
  return (await api.get<SentMessageDetailResponse>(`/agents/messages/${encodeURIComponent(id)}`)).data;
}

/** POST /api/agents/messages/{id}/retry: a failed message goes back on the queue (status `retrying`). */
export async function retrySentMessage(id: string): Promise<SentMessage> {
  return (await api.post<RetryMessageResponse>(`/agents/messages/${encodeURIComponent(id)}/retry`)).data;
}

/** POST /api/agents/messages/dismiss-failures: hides the dashboard notice; answers how many were dismissed. */
export async function dismissMessageFailures(): Promise<number> {
  return (await api.post<DismissFailuresResponse>('/agents/messages/dismiss-failures')).dismissed;
}

/**
 * Saves the stored copy of a message (file mode: .eml for e-mail, .txt for texts) through the browser's
 * download: fetched with the bearer token, handed over as a blob URL.
 */
export async function downloadSentMessage(message: Pick<SentMessage, 'id' | 'file_name'>): Promise<void> {
  const blob = await fetchFile(`/agents/messages/${encodeURIComponent(message.id)}/raw`);
  saveBlob(message.file_name ?? 'message.eml', blob);
}

/** The list, filtered by status; the previous list stays on screen while another filter loads. */
export function useSentMessages(status?: MessageStatus) {
  return useQuery({
    queryKey: listKey(status),
    queryFn: () => fetchSentMessages({ status }),
    placeholderData: keepPreviousData,
    // A message sent again is picked up by the server's workers within moments: show how it went.
    refetchInterval: (query) =>
      query.state.data?.data.some((m) => m.status === 'retrying') ? RETRYING_REFETCH_MS : false,
  });
}

/** How many messages failed for good and were not dismissed (the dashboard's notice). */
export function useFailedMessageCount() {
  return useQuery({
    queryKey: FAILED_COUNT_KEY,
    queryFn: () => fetchSentMessages({ status: 'failed', limit: 1 }),
    select: (body) => body.failedCount,
  });
}

/** One message with its content; nothing is asked while `id` is null. */
export function useSentMessage(id: string | null) {
  return useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: () => fetchSentMessage(id!),
    enabled: id !== null,
  });
}

/** "Send again": the answer replaces the message in every cached list at once, then the lists reload. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySentMessage,
    onSuccess: (updated) => {
      queryClient.setQueriesData<SentMessagesResponse>(
        { queryKey: [...SENT_MESSAGES_QUERY_KEY, 'list'] },
        (current) =>
          current && {
            ...current,
            data: current.data.map((m) => (m.id === updated.id ? updated : m)),
          },
      );
    },
    // Refused or not, the message may have changed on the server (e.g. another tab sent it again).
    onSettled: () => queryClient.invalidateQueries({ queryKey: SENT_MESSAGES_QUERY_KEY }),
  });
}

/** "Dismiss" on the dashboard notice: the count drops to 0 at once, then everything reloads. */
export function useDismissFailures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissMessageFailures,
    onSuccess: () => {
      queryClient.setQueryData<SentMessagesResponse>(FAILED_COUNT_KEY, (current) =>
        current ? { ...current, failedCount: 0 } : current,
      );
      return queryClient.invalidateQueries({ queryKey: SENT_MESSAGES_QUERY_KEY });
    },
  });
}
