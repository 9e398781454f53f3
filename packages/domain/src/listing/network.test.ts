import { describe, expect, it } from 'vitest';
import { NETWORK_REQUEST_STATES, NETWORK_TEXTS, networkSearchSchema, requestState } from './network';

const now = new Date('2026-03-02T15:00:00Z');
const later = new Date('2026-03-03T15:30:00Z');
const earlier = new Date('2026-03-01T15:30:00Z');
const base = { awaitingSeller: false, proposalOpen: false, endsAt: later, now };

describe('requestState', () => {
  it('a pending request waits for the listing agent, or for the seller while their request is open', () => {
    expect(requestState({ ...base, status: 'pending' })).toBe('requested');
    expect(requestState({ ...base, status: 'pending', awaitingSeller: true })).toBe('waiting_for_seller');
  });
  it('an open proposal of another time is "proposed", whoever else is waited for', () => {
    expect(requestState({ ...base, status: 'pending', awaitingSeller: true, proposalOpen: true })).toBe(
      'proposed',
    );
    expect(requestState({ ...base, status: 'confirmed', proposalOpen: true })).toBe('proposed');
  });
  it('confirmed until it is over, then completed', () => {
    expect(requestState({ ...base, status: 'confirmed' })).toBe('confirmed');
    expect(requestState({ ...base, status: 'confirmed', endsAt: earlier })).toBe('completed');
    expect(requestState({ ...base, status: 'completed' })).toBe('completed');
    expect(requestState({ ...base, status: 'no_show' })).toBe('completed');
  });
  it('declined, cancelled (a replaced time counts as cancelled)', () => {
    expect(requestState({ ...base, status: 'declined' })).toBe('declined');
    expect(requestState({ ...base, status: 'cancelled' })).toBe('cancelled');
    expect(requestState({ ...base, status: 'rescheduled' })).toBe('cancelled');
  });
  it('every state has its words', () => {
    for (const s of NETWORK_REQUEST_STATES) expect(NETWORK_TEXTS.states[s]).toBeTruthy();
  });
});

describe('networkSearchSchema', () => {
  it('reads numbers from the query and defaults the page', () => {
    expect(networkSearchSchema.parse({ q: ' Austin ', min_price: '100000', beds: '3' })).toEqual({
      q: 'Austin',
      min_price: 100000,
      beds: 3,
      limit: 20,
      offset: 0,
    });
  });
  it('refuses a bad number, a page over 50 and a max below the min', () => {
    expect(networkSearchSchema.safeParse({ beds: 'many' }).success).toBe(false);
    expect(networkSearchSchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(networkSearchSchema.safeParse({ min_price: '5', max_price: '4' }).success).toBe(false);
  });
});
