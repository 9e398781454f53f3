// Issue 47: what the dashboard sends for each kind of queued action — the same calls its dialog makes.
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/utils';
import { alreadyDone, sendQueued } from './use-offline-queue';

const queued = { id: 'q1', bookingId: 'b1', bookingLabel: 'Buyer b1', queuedAt: '2031-03-08T19:05:00.000Z' };

describe('sending a queued action', () => {
  it('a status change is the booking PUT; a message is the conversation POST with its text', async () => {
    const api = stubApi({
      'PUT /bookings/b1': () => json(200, { success: true, data: {} }),
      'POST /bookings/b1/thread': () => json(201, { success: true, data: {} }),
    });
    await sendQueued({ ...queued, action: 'no_show' });
    await sendQueued({ ...queued, action: 'message', body: 'Ten minutes late' });
    expect(api.callsTo('PUT', '/bookings/b1').map((c) => c.body)).toEqual([{ action: 'no_show' }]);
    expect(api.callsTo('POST', '/bookings/b1/thread').map((c) => c.body)).toEqual([
      { body: 'Ten minutes late' },
    ]);
  });

  it('a refused message is never taken for already sent; a status already reached is', async () => {
    const api = stubApi({
      'GET /bookings/b1': () => json(200, { success: true, data: { status: 'completed' } }),
    });
    expect(await alreadyDone({ ...queued, action: 'message', body: 'x' })).toBe(false);
    expect(api.calls).toHaveLength(0);
    expect(await alreadyDone({ ...queued, action: 'complete' })).toBe(true);
  });
});
