// What the demo replays for each booking is what the product would have sent in that booking's life: the
// creation at once, reminders only while it was confirmed and still ahead, nothing after a cancellation, the
// feedback request only for a showing that took place, after the agent's delay.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEEDBACK_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
} from '@keyturn/domain/schemas/agentSettings';
import { generateDemo } from './generate';
import { historyOf } from './seed';

const NOW = new Date('2026-06-17T20:05:00Z');
const settings = { notifications: DEFAULT_NOTIFICATION_SETTINGS, feedback: DEFAULT_FEEDBACK_SETTINGS };
const demo = generateDemo(NOW);
const events = (b: (typeof demo)[number]) =>
  historyOf(b, settings, NOW).flatMap((s) => (s.event ? [s.event] : []));

describe('the replayed history of each demo booking', () => {
  it('starts with the booking being made, in time order, and never reaches past now', () => {
    for (const b of demo) {
      const steps = historyOf(b, settings, NOW);
      expect(steps[0]).toMatchObject({ event: 'booking_created', at: b.createdAt });
      for (let i = 1; i < steps.length; i++) {
        expect(steps[i]!.at.getTime()).toBeGreaterThanOrEqual(steps[i - 1]!.at.getTime());
      }
      expect(steps.every((s) => s.at.getTime() <= NOW.getTime())).toBe(true);
    }
  });

  it('sends reminders only while the booking is confirmed: not to a request before approval, not after a cancellation', () => {
    for (const b of demo) {
      const steps = historyOf(b, settings, NOW);
      const confirmedAt = b.requested ? (b.decision?.approved ? b.decision.at : null) : b.createdAt;
      for (const s of steps.filter((x) => x.event === 'reminder')) {
        expect(confirmedAt).not.toBeNull();
        expect(s.at.getTime()).toBeGreaterThanOrEqual(confirmedAt!.getTime());
        if (b.cancellation) expect(s.at.getTime()).toBeLessThan(b.cancellation.at.getTime());
        expect(s.at.getTime()).toBeLessThan(b.startsAt.getTime());
      }
      if (b.status === 'declined') expect(events(b)).not.toContain('reminder');
    }
    expect(demo.some((b) => events(b).includes('reminder'))).toBe(true);
  });

  it('asks for feedback only after a showing that took place, once its delay has passed', () => {
    for (const b of demo) {
      const asked = historyOf(b, settings, NOW).find((s) => s.event === 'feedback_request');
      if (b.status !== 'completed') {
        expect(asked).toBeUndefined();
        continue;
      }
      const due = b.endsAt.getTime() + DEFAULT_FEEDBACK_SETTINGS.delay_minutes_after_showing * 60_000;
      if (due < NOW.getTime()) expect(asked?.at.getTime()).toBe(due);
      else expect(asked).toBeUndefined();
      if (b.feedback) expect(b.feedback.at.getTime()).toBeGreaterThan(due);
    }
  });

  it('records each change with its event: approval, decline, cancellation', () => {
    for (const b of demo) {
      const steps = historyOf(b, settings, NOW);
      if (b.decision?.approved)
        expect(steps).toContainEqual(
          expect.objectContaining({ status: 'confirmed', event: 'booking_approved' }),
        );
      if (b.decision && !b.decision.approved)
        expect(steps).toContainEqual(
          expect.objectContaining({ status: 'declined', event: 'booking_declined' }),
        );
      if (b.cancellation) {
        expect(steps).toContainEqual(
          expect.objectContaining({
            status: 'cancelled',
            event: 'booking_cancelled',
            actor: b.cancellation.by,
          }),
        );
      }
    }
  });
});
