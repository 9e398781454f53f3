import { describe, expect, it } from 'vitest';
import {
  API_CLIENT,
  APPOINTMENT_MINUTES,
  ARRIVE_EARLY_MINUTES,
  BOOKING_WINDOW_DAYS,
  CLIENT_TIMINGS,
  FALLBACK_SLOTS_WITHOUT_PROPERTY,
  FALLBACK_SLOTS_WITH_PROPERTY,
  FALLBACK_UNAVAILABLE_WITHOUT_PROPERTY,
  FALLBACK_WEEKDAYS,
  PLACEHOLDER_PROPERTY,
  QUERY,
  TOAST,
  queryRetryDelay,
  shouldRetryQuery,
} from './constants';

describe('scheduling constants (spec §9)', () => {
  it('appointments last 30 minutes, arrive 5 minutes early, book up to 60 days ahead', () => {
    expect([APPOINTMENT_MINUTES, ARRIVE_EARLY_MINUTES, BOOKING_WINDOW_DAYS]).toEqual([30, 5, 60]);
  });

  it('fallback weekdays are Monday to Friday with Sunday = 0', () => {
    expect(FALLBACK_WEEKDAYS).toEqual([1, 2, 3, 4, 5]);
  });

  it('fallback slots with a property are 9, 10, 11 AM and 1, 2, 3, 4 PM (7 hourly slots)', () => {
    expect(FALLBACK_SLOTS_WITH_PROPERTY).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
  });

  it('fallback slots without a property run every 30 minutes from 09:00 to 16:30 (16 slots)', () => {
    expect(FALLBACK_SLOTS_WITHOUT_PROPERTY).toHaveLength(16);
    expect(FALLBACK_SLOTS_WITHOUT_PROPERTY[0]).toBe('09:00');
    expect(FALLBACK_SLOTS_WITHOUT_PROPERTY.at(-1)).toBe('16:30');
    const minutes = FALLBACK_SLOTS_WITHOUT_PROPERTY.map(
      (t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3)),
    );
    minutes.slice(1).forEach((m, i) => expect(m - (minutes[i] ?? 0)).toBe(30));
  });

  it('12:00 and 12:30 are the unavailable fallback slots without a property, and both are in the grid', () => {
    expect(FALLBACK_UNAVAILABLE_WITHOUT_PROPERTY).toEqual(['12:00', '12:30']);
    for (const slot of FALLBACK_UNAVAILABLE_WITHOUT_PROPERTY)
      expect(FALLBACK_SLOTS_WITHOUT_PROPERTY).toContain(slot);
  });

  it("the placeholder property is id 0, 'Property to be selected', 'Residential' (spec §3)", () => {
    expect(PLACEHOLDER_PROPERTY).toEqual({
      id: 0,
      address: 'Property to be selected',
      property_type: 'Residential',
    });
  });

  it('client timings match spec §7/§9', () => {
    expect(API_CLIENT).toEqual({ timeoutMs: 60000, timeoutRetryDelayMs: 1000 });
    expect(QUERY.staleTimeMs).toBe(5 * 60 * 1000);
    expect(QUERY.gcTimeMs).toBe(10 * 60 * 1000);
    expect(TOAST).toEqual({ defaultMs: 4000, successMs: 3000, errorMs: 5000, limit: 20 });
    expect(CLIENT_TIMINGS.authScriptRetries).toBe(5);
    expect(CLIENT_TIMINGS.chunkLoadTimeoutMs).toBe(120000);
  });
});

describe('queryRetryDelay', () => {
  it('starts at 1 s and doubles: 1 s, 2 s, 4 s, 8 s', () => {
    expect([0, 1, 2, 3].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('is capped at 30 s', () => {
    expect(queryRetryDelay(5)).toBe(30000);
    expect(queryRetryDelay(50)).toBe(30000);
  });
});

describe('shouldRetryQuery', () => {
  it('never retries a 4xx answer (400, 404, 499)', () => {
    for (const status of [400, 401, 404, 499]) expect(shouldRetryQuery(0, { status })).toBe(false);
  });

  it('retries other failures up to 2 times', () => {
    expect(shouldRetryQuery(0, { status: 500 })).toBe(true);
    expect(shouldRetryQuery(1, new Error('network'))).toBe(true);
    expect(shouldRetryQuery(2, { status: 503 })).toBe(false);
  });

  it('ignores a status that is not a number, and 3xx/5xx statuses', () => {
    expect(shouldRetryQuery(0, { status: '404' })).toBe(true);
    expect(shouldRetryQuery(0, { status: 399 })).toBe(true);
    expect(shouldRetryQuery(0, { status: 500 })).toBe(true);
    expect(shouldRetryQuery(0, null)).toBe(true);
  });
});
