import { describe, expect, it } from 'vitest';
import { OFFLINE_TEXTS } from '@keyturn/domain/offlineTexts';
import { ApiError } from './api';
import { clearQueues, isNetworkFailure, pendingActions, queueAction, replayQueue } from './offline-queue';
import type { QueueStore, QueuedAction } from './offline-queue';

function mapStore(): QueueStore & { map: Map<string, QueuedAction[]> } {
  const map = new Map<string, QueuedAction[]>();
  return {
    map,
    get: (k) => Promise.resolve(map.get(k)),
    set: (k, v) => Promise.resolve(void map.set(k, v)),
    del: (k) => Promise.resolve(void map.delete(k)),
    keys: () => Promise.resolve([...map.keys()]),
  };
}

const action = (bookingId: string, a: 'complete' | 'no_show' = 'complete') => ({
  bookingId,
  bookingLabel: `Buyer ${bookingId}`,
  action: a,
});

describe('offline queue', () => {
  it('replays in the order taken and empties the queue', async () => {
    const s = mapStore();
    await queueAction('agent-1', action('b1'), s);
    await queueAction('agent-1', action('b2', 'no_show'), s);
    await queueAction('agent-1', action('b3'), s);
    const sent: string[] = [];
    const result = await replayQueue(
      'agent-1',
      (a) => Promise.resolve(void sent.push(`${a.bookingId}:${a.action}`)),
      undefined,
      s,
    );
    expect(sent).toEqual(['b1:complete', 'b2:no_show', 'b3:complete']);
    expect(result).toMatchObject({ refused: [], waiting: 0 });
    expect(await pendingActions('agent-1', s)).toEqual([]);
  });

  it('keeps one agent’s actions apart from another’s', async () => {
    const s = mapStore();
    await queueAction('agent-1', action('b1'), s);
    await queueAction('agent-2', action('b9'), s);
    expect((await pendingActions('agent-1', s)).map((a) => a.bookingId)).toEqual(['b1']);
    expect((await pendingActions('agent-2', s)).map((a) => a.bookingId)).toEqual(['b9']);
  });

  it('reports a refusal with the booking and the server’s words, and goes on with the rest', async () => {
    const s = mapStore();
    await queueAction('agent-1', action('b1'), s);
    await queueAction('agent-1', action('b2'), s);
    const refusal = new ApiError(
      409,
      'ILLEGAL_TRANSITION',
      'A cancelled booking can\'t be changed with "Mark completed".',
    );
    const sent: string[] = [];
    const result = await replayQueue(
      'agent-1',
      (a) => (a.bookingId === 'b1' ? Promise.reject(refusal) : Promise.resolve(void sent.push(a.bookingId))),
      undefined,
      s,
    );
    expect(sent).toEqual(['b2']);
    expect(result.refused.map((r) => r.message)).toEqual([
      OFFLINE_TEXTS.refused('Buyer b1', refusal.message),
    ]);
    expect(result.refused[0]!.message).toContain('Buyer b1');
    expect(await pendingActions('agent-1', s)).toEqual([]);
  });

  it('treats a refusal for a booking already in that state as sent (a repeated "completed")', async () => {
    const s = mapStore();
    await queueAction('agent-1', action('b1'), s);
    const result = await replayQueue(
      'agent-1',
      () => Promise.reject(new ApiError(409, 'ILLEGAL_TRANSITION', 'already completed')),
      () => Promise.resolve(true),
      s,
    );
    expect(result.refused).toEqual([]);
    expect(result.sent.map((a) => a.bookingId)).toEqual(['b1']);
  });

  it('stops at a lost network and keeps the rest, in order', async () => {
    const s = mapStore();
    await queueAction('agent-1', action('b1'), s);
    await queueAction('agent-1', action('b2'), s);
    await queueAction('agent-1', action('b3'), s);
    const result = await replayQueue(
      'agent-1',
      (a) =>
        a.bookingId === 'b2'
          ? Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'offline'))
          : Promise.resolve(),
      undefined,
      s,
    );
    expect(result.sent.map((a) => a.bookingId)).toEqual(['b1']);
    expect(result.waiting).toBe(2);
    expect((await pendingActions('agent-1', s)).map((a) => a.bookingId)).toEqual(['b2', 'b3']);
  });

  it('sign-out clears every queue on the device', async () => {
    const s = mapStore();
    await queueAction('agent-1', action('b1'), s);
    await queueAction('agent-2', action('b2'), s);
    await clearQueues(s);
    expect(s.map.size).toBe(0);
  });

  it('knows a lost network from a refusal', () => {
    expect(isNetworkFailure(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(isNetworkFailure(new ApiError(0, 'TIMEOUT', 'x'))).toBe(true);
    expect(isNetworkFailure(new ApiError(409, 'ILLEGAL_TRANSITION', 'x'))).toBe(false);
  });
});
