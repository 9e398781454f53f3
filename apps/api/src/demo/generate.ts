// The demo's history as plain data: every booking of the last DEMO_PAST_DAYS days and the next
// DEMO_FUTURE_DAYS, in the agent's working hours (DEMO_AVAILABILITY), with what happened to it (requested,
// approved or declined, cancelled, shown, no-show) and when, and the buyer's feedback. "Require my approval" is
// on, so every booking starts as a request; the ones still waiting were made in the last two days. Everything
// people do happens at plausible times of day in the agent's zone (activity.ts). Pure and deterministic: the
// same `now` and seed always give the same list (tests assert on it; seed.ts writes it).
import { seededRandom } from '@keyturn/domain/random';
import type { BookingPurpose, BookingStatus } from '@keyturn/domain/enums';
import { DEFAULT_FEEDBACK_SETTINGS } from '@keyturn/domain/schemas/agentSettings';
import { agentToday, slotInstant } from '@keyturn/domain/slots/engine';
import { activityBetween, addDays, weekdayOf } from './activity';
import {
  CANCEL_REASONS,
  DEMO_AGENT,
  DEMO_AVAILABILITY,
  DEMO_BOOKING_MESSAGES,
  DEMO_BUYERS,
  DEMO_CUSTOM_PURPOSES,
  DEMO_FEEDBACK,
  DEMO_FUTURE_DAYS,
  DEMO_PAST_DAYS,
  DEMO_PROPERTIES,
  DEMO_SEED,
  FEEDBACK_TONES,
  type DemoBuyer,
  type DemoFeedbackText,
  type FeedbackTone,
} from './data';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A request still waiting for the agent was made at most this long ago. */
const PENDING_WITHIN = 2 * DAY;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The half-hour starts of the demo agent's hours on a weekday (none on a day off). */
function dayStarts(dow: number): string[] {
  const day = DEMO_AVAILABILITY.days.find((d) => d.day_of_week === dow);
  if (!day?.is_available) return [];
  return day.intervals.flatMap(({ start, end }) => {
    const starts: string[] = [];
    for (let m = minutesOf(start); m + 30 <= minutesOf(end); m += 30) starts.push(hhmm(m));
    return starts;
  });
}

export type DemoFeedback = DemoFeedbackText & { tone: FeedbackTone; at: Date };

export type DemoBooking = {
  /** Position in start order: stable for a given day. */
  index: number;
  buyer: DemoBuyer;
  /** Index into DEMO_PROPERTIES, or null for a consultation. */
  propertyIndex: number | null;
  purpose: BookingPurpose;
  customPurpose: string | null;
  message: string | null;
  startsAt: Date;
  endsAt: Date;
  /** When the buyer booked. */
  createdAt: Date;
  /** Booked as a request the agent had to approve. */
  requested: boolean;
  /** The agent's answer to a request: approved or declined, and when. */
  decision: { approved: boolean; at: Date } | null;
  cancellation: { at: Date; by: 'buyer' | 'agent'; reason: string | null } | null;
  /** The status the booking has now. */
  status: BookingStatus;
  feedback: DemoFeedback | null;
};

/** A small seeded PRNG (mulberry32): the dataset must be the same on every run. */
export { seededRandom };

export function generateDemo(now: Date, options: { seed?: number; timeZone?: string } = {}): DemoBooking[] {
  const random = seededRandom(options.seed ?? DEMO_SEED);
  const timeZone = options.timeZone ?? DEMO_AGENT.timeZone;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = random() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  };

  const today = agentToday(now, timeZone);
  const bookings: DemoBooking[] = [];
  let nextBuyer = 0;
  const seen: DemoBuyer[] = [];
  const chooseBuyer = (): DemoBuyer => {
    const repeaters = seen.filter((b) => b.repeat);
    if (repeaters.length > 0 && random() < 0.22) return pick(repeaters);
    const buyer = DEMO_BUYERS[nextBuyer % DEMO_BUYERS.length]!;
    nextBuyer += 1;
    seen.push(buyer);
    return buyer;
  };
  // Tones are dealt in turn first, so every tone is present whatever the day; then by the listing's reception.
  let tonesDealt = 0;
  const toneFor = (propertyIndex: number | null): FeedbackTone => {
    if (tonesDealt < FEEDBACK_TONES.length) return FEEDBACK_TONES[tonesDealt++]!;
    const reception = propertyIndex === null ? 'mixed' : DEMO_PROPERTIES[propertyIndex]!.reception;
    const table: Record<string, readonly (readonly [FeedbackTone, number])[]> = {
      loved: [
        ['enthusiastic', 6],
        ['lukewarm', 2],
        ['mixed_price', 1],
        ['negative', 1],
      ],
      mixed: [
        ['enthusiastic', 3],
        ['lukewarm', 4],
        ['mixed_price', 2],
        ['negative', 2],
      ],
      pricey: [
        ['enthusiastic', 2],
        ['lukewarm', 2],
        ['mixed_price', 5],
        ['negative', 1],
      ],
      cool: [
        ['enthusiastic', 1],
        ['lukewarm', 3],
        ['mixed_price', 1],
        ['negative', 4],
      ],
    };
    return weighted(table[reception]!);
  };
  const propertyWeights = DEMO_PROPERTIES.map((p, i) => [i, p.demand] as const);

  const approval = DEMO_AVAILABILITY.requires_approval;
  const feedbackDelay = DEFAULT_FEEDBACK_SETTINGS.delay_minutes_after_showing * MINUTE;
  const nowMs = now.getTime();
  /** A moment somebody acted in [lo, hi), in the day's active hours; the agent's answers on weekdays. */
  const actedBetween = (lo: number, hi: number, weekdaysOnly = false) =>
    activityBetween(random, lo, hi, timeZone, weekdaysOnly);
  /** When the agent answered a request: before the showing (an hour, or at least minutes ahead) and now. */
  const answeredAt = (createdAt: Date, startsAt: Date): Date => {
    const from = createdAt.getTime() + 10 * MINUTE;
    return (
      actedBetween(from, Math.min(startsAt.getTime() - HOUR, nowMs - 10 * MINUTE), true) ??
      actedBetween(createdAt.getTime() + MINUTE, Math.min(startsAt.getTime(), nowMs)) ??
      new Date(createdAt.getTime() + MINUTE)
    );
  };
  const cancelledAt = (after: Date, startsAt: Date): Date =>
    actedBetween(
      after.getTime() + 10 * MINUTE,
      Math.min(startsAt.getTime() - 2 * HOUR, nowMs - 10 * MINUTE),
    ) ??
    actedBetween(after.getTime() + MINUTE, Math.min(startsAt.getTime(), nowMs)) ??
    new Date(after.getTime() + MINUTE);
  /** When the buyer booked: one to ten days ahead (a request still waiting: in the last two days). */
  const bookedAt = (startsAt: Date, waiting: boolean): Date => {
    const hi = Math.min(nowMs - 10 * MINUTE, startsAt.getTime() - 12 * HOUR);
    const recent = waiting ? actedBetween(nowMs - PENDING_WITHIN, hi) : null;
    return recent ?? actedBetween(Math.min(startsAt.getTime() - 10 * DAY, hi - 3 * DAY), hi)!;
  };

  for (let offset = -DEMO_PAST_DAYS; offset <= DEMO_FUTURE_DAYS; offset += 1) {
    const date = addDays(today, offset);
    const hours = dayStarts(weekdayOf(date));
    if (hours.length === 0) continue;
    const future = offset > 0;
    const count = future
      ? between(1, 3)
      : offset === 0
        ? 3
        : weighted([
            [0, 2],
            [1, 4],
            [2, 3],
            [3, 1],
          ] as const);
    // Distinct half-hour starts on one day: bookings never overlap.
    const starts = [...hours]
      .sort(() => random() - 0.5)
      .slice(0, count)
      .sort();
    for (const time of starts) {
      const slot = slotInstant(date, time, timeZone);
      if (!slot) continue;
      const { startsAt, endsAt } = slot;
      const buyer = chooseBuyer();
      const purpose = weighted<BookingPurpose>([
        ['property_viewing', 11],
        ['private_showing', 3],
        ['open_house', 2],
        ['property_valuation', 2],
        ['custom', 2],
      ]);
      const aboutProperty =
        purpose === 'property_viewing' || purpose === 'open_house' || purpose === 'private_showing';
      const propertyIndex = aboutProperty ? weighted(propertyWeights) : null;
      const customPurpose = purpose === 'custom' ? pick(DEMO_CUSTOM_PURPOSES) : null;
      const message = random() < 0.5 ? pick(DEMO_BOOKING_MESSAGES) : null;
      const requested = approval;
      const past = endsAt.getTime() <= nowMs;
      const started = startsAt.getTime() <= nowMs;
      // Ahead: most are confirmed, some requests still wait for the agent, a few were called off.
      const ahead = started
        ? null
        : weighted([
            ['confirmed', 14],
            ['pending', requested ? 4 : 0],
            ['cancelled', 2],
          ] as const);
      const createdAt = bookedAt(startsAt, ahead === 'pending');

      let decision: DemoBooking['decision'] = null;
      let cancellation: DemoBooking['cancellation'] = null;
      let status: BookingStatus;
      let feedback: DemoFeedback | null = null;
      const approved = (): DemoBooking['decision'] =>
        requested ? { approved: true, at: answeredAt(createdAt, startsAt) } : null;

      if (ahead === 'pending') {
        status = 'pending';
      } else if (ahead) {
        decision = approved();
        status = ahead;
        if (ahead === 'cancelled') {
          const by = random() < 0.7 ? 'buyer' : 'agent';
          cancellation = {
            at: cancelledAt(decision?.at ?? createdAt, startsAt),
            by,
            reason: pick(CANCEL_REASONS),
          };
        }
      } else if (!past) {
        // Under way right now.
        decision = approved();
        status = 'confirmed';
      } else {
        const outcome =
          requested && random() < 0.12
            ? 'declined'
            : weighted([
                ['completed', 14],
                ['cancelled', 3],
                ['no_show', 2],
              ] as const);
        if (outcome === 'declined') {
          decision = { approved: false, at: answeredAt(createdAt, startsAt) };
          status = 'declined';
        } else {
          decision = approved();
          status = outcome;
          if (outcome === 'cancelled') {
            cancellation = {
              at: cancelledAt(decision?.at ?? createdAt, startsAt),
              by: random() < 0.7 ? 'buyer' : 'agent',
              reason: random() < 0.75 ? pick(CANCEL_REASONS) : null,
            };
          } else if (outcome === 'completed' && random() < 0.75) {
            // The buyer answers the feedback request (sent after the agent's delay) within three days.
            const asked = endsAt.getTime() + feedbackDelay;
            const at = actedBetween(asked + 20 * MINUTE, Math.min(asked + 3 * DAY, nowMs - 10 * MINUTE));
            if (at) {
              const tone = toneFor(propertyIndex);
              feedback = { ...pick(DEMO_FEEDBACK[tone]), tone, at };
            }
          }
        }
      }
      bookings.push({
        index: bookings.length,
        buyer,
        propertyIndex,
        purpose,
        customPurpose,
        message,
        startsAt,
        endsAt,
        createdAt,
        requested,
        decision,
        cancellation,
        status,
        feedback,
      });
    }
  }
  guaranteeEveryStatus(bookings, now, { bookedAt, answeredAt, cancelledAt });
  return bookings;
}

/**
 * Whatever the day, the demo shows every state a booking can be in: if chance left one out, the latest booking
 * that can carry it takes it (an upcoming confirmed one becomes a request made in the last two days, a waiting
 * request an approved one, a past showing without feedback a no-show or a cancellation).
 */
function guaranteeEveryStatus(
  bookings: DemoBooking[],
  now: Date,
  acted: {
    bookedAt: (startsAt: Date, waiting: boolean) => Date;
    answeredAt: (createdAt: Date, startsAt: Date) => Date;
    cancelledAt: (after: Date, startsAt: Date) => Date;
  },
): void {
  const has = (status: BookingStatus) => bookings.some((b) => b.status === status);
  const latest = (test: (b: DemoBooking) => boolean) => [...bookings].reverse().find(test);
  const upcomingConfirmed = (b: DemoBooking) =>
    b.status === 'confirmed' && b.startsAt.getTime() > now.getTime() && b.cancellation === null;
  const pastShown = (b: DemoBooking) => b.status === 'completed' && b.feedback === null;
  if (!has('pending') && DEMO_AVAILABILITY.requires_approval) {
    const b = latest(upcomingConfirmed);
    if (b) {
      const createdAt = acted.bookedAt(b.startsAt, true);
      Object.assign(b, { status: 'pending', requested: true, decision: null, createdAt });
    }
  }
  if (!has('confirmed')) {
    const b = latest((x) => x.status === 'pending');
    if (b) {
      const decision = b.requested ? { approved: true, at: acted.answeredAt(b.createdAt, b.startsAt) } : null;
      Object.assign(b, { status: 'confirmed', decision });
    }
  }
  if (!has('no_show')) {
    const b = latest(pastShown);
    if (b) b.status = 'no_show';
  }
  if (!has('cancelled')) {
    const b = latest(pastShown);
    if (b) {
      b.status = 'cancelled';
      b.cancellation = {
        at: acted.cancelledAt(b.decision?.at ?? b.createdAt, b.startsAt),
        by: 'buyer',
        reason: CANCEL_REASONS[0]!,
      };
    }
  }
}
