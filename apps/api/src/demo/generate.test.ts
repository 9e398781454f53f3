// The demo dataset's rules, on many different "todays" (weekdays, weekends, both DST changes): deterministic,
// every status and feedback tone, repeat buyers, inside the agent's hours, never overlapping, always current.
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '@keyturn/domain/enums';
import { wallClockInZone } from '@keyturn/domain/time';
import { DEMO_AGENT, DEMO_FUTURE_DAYS, DEMO_PAST_DAYS, DEMO_PROPERTIES, FEEDBACK_TONES } from './data';
import { generateDemo } from './generate';

const DAY = 86_400_000;
const zone = DEMO_AGENT.timeZone;
// 40 days spread over two years, at different times of day, including 2026-03-08 and 2026-11-01 (DST changes).
const TODAYS = Array.from(
  { length: 40 },
  (_, i) => new Date(Date.parse('2026-01-03T14:10:00Z') + i * 17 * DAY + i * 37 * 60_000),
).concat([new Date('2026-03-08T17:00:00Z'), new Date('2026-11-01T17:00:00Z')]);

describe('generateDemo', () => {
  it('is deterministic: the same day gives the same dataset', () => {
    const now = new Date('2026-05-12T15:00:00Z');
    expect(generateDemo(now)).toEqual(generateDemo(now));
  });

  it.each(TODAYS.map((now) => [now.toISOString(), now] as const))(
    'on %s: every status the product shows, every feedback tone, repeat buyers, no overlap, inside the hours',
    (_label, now) => {
      const demo = generateDemo(now);
      const statuses = new Set(demo.map((b) => b.status));
      for (const status of ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const) {
        expect(statuses, status).toContain(status);
      }
      expect([...statuses].every((s) => (BOOKING_STATUSES as readonly string[]).includes(s))).toBe(true);
      expect(new Set(demo.flatMap((b) => (b.feedback ? [b.feedback.tone] : [])))).toEqual(
        new Set(FEEDBACK_TONES),
      );

      const perBuyer = new Map<string, number>();
      for (const b of demo) perBuyer.set(b.buyer.email, (perBuyer.get(b.buyer.email) ?? 0) + 1);
      expect(perBuyer.size).toBeGreaterThanOrEqual(24);
      expect([...perBuyer.values()].filter((n) => n > 1).length).toBeGreaterThanOrEqual(3);

      const sorted = [...demo].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      for (let i = 1; i < sorted.length; i++) {
        expect(sorted[i]!.startsAt.getTime()).toBeGreaterThanOrEqual(sorted[i - 1]!.endsAt.getTime());
      }
      for (const b of demo) {
        const { time } = wallClockInZone(b.startsAt, zone);
        expect(time >= '09:00' && time <= '16:30', time).toBe(true);
        const dow = new Date(`${wallClockInZone(b.startsAt, zone).date}T12:00:00Z`).getUTCDay();
        expect(dow).not.toBe(0);
        expect(dow).not.toBe(6);
        expect(b.endsAt.getTime() - b.startsAt.getTime()).toBe(30 * 60_000);
        expect(b.createdAt.getTime()).toBeLessThan(now.getTime());
        expect(b.createdAt.getTime()).toBeLessThan(b.startsAt.getTime());
        expect(b.startsAt.getTime()).toBeGreaterThan(now.getTime() - (DEMO_PAST_DAYS + 1) * DAY);
        expect(b.startsAt.getTime()).toBeLessThan(now.getTime() + (DEMO_FUTURE_DAYS + 1) * DAY);
        if (b.cancellation) {
          expect(b.cancellation.at.getTime()).toBeGreaterThan(b.createdAt.getTime());
          expect(b.cancellation.at.getTime()).toBeLessThan(Math.min(b.startsAt.getTime(), now.getTime()));
        }
        if (b.feedback) {
          expect(b.status).toBe('completed');
          expect(b.feedback.at.getTime()).toBeGreaterThan(b.endsAt.getTime());
          expect(b.feedback.at.getTime()).toBeLessThan(now.getTime());
        }
        // Only bookings still ahead can wait for the agent; only past ones can be done or missed.
        if (b.status === 'pending') expect(b.startsAt.getTime()).toBeGreaterThan(now.getTime());
        if (b.status === 'completed' || b.status === 'no_show') {
          expect(b.endsAt.getTime()).toBeLessThanOrEqual(now.getTime());
        }
        if (b.propertyIndex !== null) expect(DEMO_PROPERTIES[b.propertyIndex]).toBeDefined();
      }
      expect(demo.some((b) => b.startsAt.getTime() > now.getTime())).toBe(true);
    },
  );

  it('lists Austin addresses with coordinates inside the city', () => {
    for (const p of DEMO_PROPERTIES) {
      expect(p.city).toBe('Austin');
      expect(p.lat).toBeGreaterThan(30.1);
      expect(p.lat).toBeLessThan(30.52);
      expect(p.lng).toBeGreaterThan(-97.94);
      expect(p.lng).toBeLessThan(-97.56);
    }
  });
});
