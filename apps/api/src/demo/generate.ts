// The demo's history as plain data: every booking of the last DEMO_PAST_DAYS days and the next
// DEMO_FUTURE_DAYS, in the agent's working hours, with what happened to it (approved, cancelled, shown,
// no-show) and when, and the buyer's feedback. Pure and deterministic: the same `now` and seed always give the
// same list (tests assert on it; seed.ts writes it). Times are the agent's wall clock turned into instants.
import { seededRandom } from '@keyturn/domain/random';
import type { BookingPurpose, BookingStatus } from '@keyturn/domain/enums';
import { agentToday, slotInstant } from '@keyturn/domain/slots/engine';
import {
  CANCEL_REASONS,
  DEMO_AGENT,
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
/** Half-hour starts of the demo's Mon–Fri 9:00–17:00 hours. */
const DAY_STARTS = Array.from({ length: 16 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

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

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

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

  for (let offset = -DEMO_PAST_DAYS; offset <= DEMO_FUTURE_DAYS; offset += 1) {
    const date = addDays(today, offset);
    const dow = weekday(date);
    if (dow === 0 || dow === 6) continue;
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
    const starts = [...DAY_STARTS]
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
      // Booked one to ten days ahead, around the same time of day, and always before now.
      let createdAt = new Date(startsAt.getTime() - between(1, 10) * DAY + between(-180, 180) * MINUTE);
      if (createdAt.getTime() > now.getTime() - HOUR) {
        createdAt = new Date(now.getTime() - between(2, 40) * HOUR);
      }
      const requested = random() < 0.2;
      const past = endsAt.getTime() <= now.getTime();
      const started = startsAt.getTime() <= now.getTime();
      const latestDecision = Math.min(startsAt.getTime() - HOUR, now.getTime() - 30 * MINUTE);
      const decisionAt = new Date(Math.min(createdAt.getTime() + between(1, 6) * HOUR, latestDecision));

      let decision: DemoBooking['decision'] = null;
      let cancellation: DemoBooking['cancellation'] = null;
      let status: BookingStatus;
      let feedback: DemoFeedback | null = null;

      if (!started) {
        // Ahead: most are confirmed, some requests still wait for the agent, a few were called off.
        const ahead = weighted([
          ['confirmed', 14],
          ['pending', requested ? 10 : 3],
          ['cancelled', 2],
        ] as const);
        if (ahead === 'pending') {
          status = 'pending';
        } else {
          if (requested) decision = { approved: true, at: decisionAt };
          status = ahead;
          if (ahead === 'cancelled') {
            const at = new Date(Math.min(createdAt.getTime() + between(4, 48) * HOUR, now.getTime() - HOUR));
            cancellation = { at, by: random() < 0.7 ? 'buyer' : 'agent', reason: pick(CANCEL_REASONS) };
          }
        }
      } else if (!past) {
        // Under way right now.
        if (requested) decision = { approved: true, at: decisionAt };
        status = 'confirmed';
      } else {
        const outcome =
          requested && random() < 0.3
            ? 'declined'
            : weighted([
                ['completed', 14],
                ['cancelled', 3],
                ['no_show', 2],
              ] as const);
        if (outcome === 'declined') {
          decision = { approved: false, at: decisionAt };
          status = 'declined';
        } else {
          if (requested) decision = { approved: true, at: decisionAt };
          status = outcome;
          if (outcome === 'cancelled') {
            const from = (decision?.at ?? createdAt).getTime();
            const at = new Date(Math.min(from + between(2, 72) * HOUR, startsAt.getTime() - 2 * HOUR));
            cancellation = {
              at: at.getTime() > from ? at : new Date(from + MINUTE),
              by: random() < 0.7 ? 'buyer' : 'agent',
              reason: random() < 0.75 ? pick(CANCEL_REASONS) : null,
            };
          } else if (outcome === 'completed' && random() < 0.75) {
            // The buyer answers the feedback request (sent an hour after the showing) within two days.
            const at = new Date(endsAt.getTime() + HOUR + between(20, 48 * 60) * MINUTE);
            if (at.getTime() < now.getTime()) {
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
  guaranteeEveryStatus(bookings, now);
  return bookings;
}

/**
 * Whatever the day, the demo shows every state a booking can be in: if chance left one out, the latest booking
 * that can carry it takes it (an upcoming confirmed one becomes a request, a past showing without feedback a
 * no-show or a cancellation).
 */
function guaranteeEveryStatus(bookings: DemoBooking[], now: Date): void {
  const has = (status: BookingStatus) => bookings.some((b) => b.status === status);
  const latest = (test: (b: DemoBooking) => boolean) => [...bookings].reverse().find(test);
  const upcomingConfirmed = (b: DemoBooking) =>
    b.status === 'confirmed' && b.startsAt.getTime() > now.getTime() && b.cancellation === null;
  const pastShown = (b: DemoBooking) => b.status === 'completed' && b.feedback === null;
  if (!has('pending')) {
    const b = latest(upcomingConfirmed);
    if (b) Object.assign(b, { status: 'pending', requested: true, decision: null });
  }
  if (!has('confirmed')) {
    const b = latest((x) => x.status === 'pending');
    if (b) Object.assign(b, { status: 'confirmed', requested: false, decision: null });
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
        at: new Date(b.startsAt.getTime() - 3 * HOUR),
        by: 'buyer',
        reason: CANCEL_REASONS[0]!,
      };
    }
  }
}
