// Issue 47 (decision 094): booking actions the agent takes with no network (mark completed, mark no-show, a
// message in the showing's conversation) are
// kept on this device, in IndexedDB under the agent's id, and sent in the order they were taken when the
// network is back (the 'online' event, and at dashboard start). A refusal (4xx) is dropped from the queue and
// reported with the booking and the server's words; a lost network again stops the replay, keeping the rest.
// Only the dashboard's lazy code imports this file (a buyer's page carries none of it).
import { createStore, del, get, keys, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';
import { OFFLINE_TEXTS } from '@keyturn/domain/offlineTexts';
import { ApiError } from './api';

/** A status change from the booking's dialog, or a message written in its conversation (the agent's note). */
export type OfflineAction = 'complete' | 'no_show' | 'message';

export interface QueuedAction {
  /** Unique per queued action (a replay sends each once). */
  id: string;
  bookingId: string;
  /** What the agent knows the booking by ("Alex Buyer, 12 Elm St — 4 Dec 14:00"), for a refusal's message. */
  bookingLabel: string;
  action: OfflineAction;
  /** The message's text (`message` only). */
  body?: string;
  queuedAt: string;
}

/** The storage the queue uses: IndexedDB (idb-keyval) in the browser; tests pass a map. */
export interface QueueStore {
  get(key: string): Promise<QueuedAction[] | undefined>;
  set(key: string, value: QueuedAction[]): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

const KEY_PREFIX = 'queue:';
let idbStore: UseStore | null = null;
const store = () => (idbStore ??= createStore('keyturn-offline', 'actions'));

export const browserQueueStore: QueueStore = {
  get: (key) => get<QueuedAction[]>(key, store()),
  set: (key, value) => set(key, value, store()),
  del: (key) => del(key, store()),
  keys: async () => (await keys(store())).map(String),
};

const keyOf = (agentId: string) => `${KEY_PREFIX}${agentId}`;

/** Changes listeners (the pending marks) hear about. */
const listeners = new Set<() => void>();
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

/** The request failed for lack of network (no answer at all), so the action can wait on the device. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0;
  return error instanceof TypeError;
}

export async function pendingActions(
  agentId: string,
  s: QueueStore = browserQueueStore,
): Promise<QueuedAction[]> {
  return (await s.get(keyOf(agentId))) ?? [];
}

export async function queueAction(
  agentId: string,
  action: Omit<QueuedAction, 'id' | 'queuedAt'>,
  s: QueueStore = browserQueueStore,
  now: Date = new Date(),
): Promise<QueuedAction> {
  const queued: QueuedAction = { ...action, id: crypto.randomUUID(), queuedAt: now.toISOString() };
  await s.set(keyOf(agentId), [...(await pendingActions(agentId, s)), queued]);
  changed();
  return queued;
}

export interface ReplayResult {
  sent: QueuedAction[];
  /** Refused by the server, with the message to show (booking + the server's words); dropped from the queue. */
  refused: { action: QueuedAction; message: string }[];
  /** Still waiting (the network went again, or the server failed): sent on the next replay. */
  waiting: number;
}

/**
 * Sends the agent's queued actions, oldest first. `send` makes the request; `alreadyDone` tells whether a
 * refused action's booking is already in the state asked for (a repeated "completed" is no error to the agent).
 */
export async function replayQueue(
  agentId: string,
  send: (action: QueuedAction) => Promise<void>,
  alreadyDone: (action: QueuedAction) => Promise<boolean> = () => Promise.resolve(false),
  s: QueueStore = browserQueueStore,
): Promise<ReplayResult> {
  const queue = await pendingActions(agentId, s);
  const result: ReplayResult = { sent: [], refused: [], waiting: 0 };
  let index = 0;
  for (; index < queue.length; index++) {
    const action = queue[index]!;
    try {
      await send(action);
      result.sent.push(action);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status < 400 || status >= 500) break;
      if (await alreadyDone(action).catch(() => false)) {
        result.sent.push(action);
        continue;
      }
      const text = error instanceof Error ? error.message : String(error);
      result.refused.push({ action, message: OFFLINE_TEXTS.refused(action.bookingLabel, text) });
    }
  }
  const rest = queue.slice(index);
  result.waiting = rest.length;
  if (rest.length) await s.set(keyOf(agentId), rest);
  else await s.del(keyOf(agentId));
  changed();
  return result;
}

/** Sign-out: every account's queued actions on this device are deleted. */
export async function clearQueues(s: QueueStore = browserQueueStore): Promise<void> {
  const all = await s.keys();
  await Promise.all(all.filter((k) => k.startsWith(KEY_PREFIX)).map((k) => s.del(k)));
  changed();
}
