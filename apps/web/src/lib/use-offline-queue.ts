// Issue 47 (decision 094): the dashboard's side of the offline queue (offline-queue.ts). `useOfflineReplay`
// sends the signed-in agent's queued actions at dashboard start and on every 'online' event; `usePendingAction`
// tells a booking's screen that an action for it waits on this device. Dashboard code only.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from './api';
import { toast } from './toast';
import { onQueueChange, pendingActions, replayQueue } from './offline-queue';
import type { QueuedAction } from './offline-queue';

const STATUS_AFTER: Record<Exclude<QueuedAction['action'], 'message'>, string> = {
  complete: 'completed',
  no_show: 'no_show',
};

/** PUT /api/bookings/{id} { action }, or the conversation's POST: the same calls the booking's dialog makes. */
export async function sendQueued(action: QueuedAction): Promise<void> {
  const booking = `/bookings/${encodeURIComponent(action.bookingId)}`;
  if (action.action === 'message') await api.post(`${booking}/thread`, { body: action.body ?? '' });
  else await api.put(booking, { action: action.action });
}

/** A refused action whose booking already has the status asked for was done (sent twice): no alarm. */
export async function alreadyDone(action: QueuedAction): Promise<boolean> {
  if (action.action === 'message') return false;
  const { data } = await api.get<{ data: { status: string } }>(
    `/bookings/${encodeURIComponent(action.bookingId)}`,
  );
  return data.status === STATUS_AFTER[action.action];
}

let replaying: Promise<void> | null = null;

export function useOfflineReplay(agentId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!agentId) return;
    const replay = () => {
      replaying ??= replayQueue(agentId, sendQueued, alreadyDone)
        .then(async (result) => {
          for (const refused of result.refused) toast.error(refused.message);
          if (result.sent.length || result.refused.length) await queryClient.invalidateQueries();
        })
        .catch(() => undefined)
        .finally(() => {
          replaying = null;
        });
    };
    if (navigator.onLine !== false) replay();
    window.addEventListener('online', replay);
    return () => window.removeEventListener('online', replay);
  }, [agentId, queryClient]);
}

type QueuedStatus = QueuedAction & { action: 'complete' | 'no_show' };

/** The status change waiting on this device for this booking, if any (queued messages show in the thread). */
export function usePendingAction(agentId: string | null, bookingId: string): QueuedStatus | null {
  const [pending, setPending] = useState<QueuedStatus | null>(null);
  useEffect(() => {
    if (!agentId) return;
    let live = true;
    const read = () => {
      pendingActions(agentId)
        .then((all) => {
          const statuses = all.filter((a): a is QueuedStatus => a.action !== 'message');
          if (live) setPending(statuses.findLast((a) => a.bookingId === bookingId) ?? null);
        })
        .catch(() => undefined);
    };
    read();
    const stop = onQueueChange(read);
    return () => {
      live = false;
      stop();
    };
  }, [agentId, bookingId]);
  return pending;
}
