// THE slot pipeline of the public booking page (spec §3): for a date, rules and busy time (one statement,
// availability/slot-inputs.ts) → the slot engine (availability/open-slots.ts) → the travel filter (routes/cluster.ts,
// issue 16) → the learned suggestions (the context's `suggest`, which the app takes from assistant/preferences.ts,
// issue 17 and decision 071) → the answer, kept per schedule version (date-answers.ts, decision 035). The month's
// bookable dates take the same first three steps. The steps it calls do not call back into it.
import { parsePropertyRef } from '@keyturn/domain/links';
import { agentToday, bookingWindow } from '@keyturn/domain/slots/engine';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { RulesOutcome } from '@keyturn/domain/listing/applyRules';
import type { AvailabilityForDateResponse } from '@keyturn/domain/schemas/availability';
import { openSlots, openSlotsWithReasons } from '../availability/open-slots';
import { busySpan, dateSlotsAnswer } from '../availability/service';
import {
  readSlotInputs,
  type HoldView,
  type SlotInputs,
  type SlotSubject,
} from '../availability/slot-inputs';
import { travelAwareDates, travelAwareSlots, travelFilterOfDate } from '../routes/cluster';
import type { PublicContext } from './context';
import { agentNotFound, propertyNotFound } from '../core/public-reads';

/** Whose slots a public call asks for: an agent's id (consultations) or a property's id or public id. */
export function agentSubject(agentId: string): SlotSubject {
  if (!isUuid(agentId)) throw agentNotFound();
  return { agentId };
}

export function propertySubject(propertyId: string): SlotSubject {
  const ref = parsePropertyRef(propertyId);
  if (ref === null) throw propertyNotFound();
  return typeof ref === 'number' ? { propertyId: ref } : { propertyPublicId: ref };
}

/** The slot inputs of a public agent or property over agent-zone dates [from, to], or its 404. */
export async function publicSlotInputs(
  db: Db,
  subject: SlotSubject,
  from: string,
  to: string,
  ignoreBookingId: string | undefined,
  holds: HoldView,
): Promise<SlotInputs> {
  const inputs = await readSlotInputs(db, subject, ...busySpan(from, to), ignoreBookingId, holds);
  if (!inputs) throw 'agentId' in subject ? agentNotFound() : propertyNotFound();
  return inputs;
}

/**
 * The free slots of one agent-zone date (spec §3 availability response). With `ctx.dateAnswers` (the public
 * route's), an answer computed this minute at the agent's current schedule version is served again (decision 035).
 */
export async function availabilityForDate(ctx: PublicContext, subject: SlotSubject, date: string) {
  const now = ctx.now();
  if (!ctx.dateAnswers) return (await computeDateAnswer(ctx, subject, date, now)).answer;
  return ctx.dateAnswers.answer(ctx.db, subject, date, now, () => computeDateAnswer(ctx, subject, date, now));
}

async function computeDateAnswer(ctx: PublicContext, subject: SlotSubject, date: string, now: Date) {
  // One round trip: the agent (found, or 404), their rules and the busy time around the date.
  const inputs = await publicSlotInputs(ctx.db, subject, date, date, undefined, { now });
  const window = bookingWindow(now, inputs.timeZone);
  if (date < window.from || date > window.to) {
    throw new AppError(400, 'DATE_OUTSIDE_WINDOW', 'Pick a date from tomorrow up to 60 days ahead.', {
      date: 'Pick a date from tomorrow up to 60 days ahead.',
    });
  }
  // The slot engine (pure) over the rules and busy time read above, then the property's showing rules (issue 32).
  const outcome = openSlotsWithReasons(inputs, now, date);
  const slots = outcome.kept;
  // Issue 16: the travel filter (the agent's "cluster showings by area"): its read, then its pure step.
  const travel = await travelFilterOfDate(ctx.db, inputs, date, slots, inputs.place);
  const offered = travelAwareSlots(slots, travel);
  const recommended = new Set(offered.filter((o) => o.recommended).map((o) => o.slot));
  // Issue 17: the day's best slots by what was learned, marked "suggested" (only marks, decision 028).
  const suggested =
    offered.length > 0 && ctx.suggest
      ? await ctx.suggest(ctx.db, {
          agent: { id: inputs.agentId, timeZone: inputs.timeZone },
          now,
          scheduling: inputs.scheduling,
          date,
          offered,
          place: inputs.placeArea,
          showings: inputs.showings,
        })
      : new Set<number>();
  const answer = dateSlotsAnswer(
    inputs.rules,
    date,
    offered.map((o) => o.slot),
    (slot) => recommended.has(slot),
    (slot) => suggested.has(slot.startsAt),
  );
  return { answer: withRuleNotes(answer, outcome), agentId: inputs.agentId, version: inputs.scheduleVersion };
}

/** Issue 32: the suggested-notice note and marks, and why the property's rules removed times, in plain words. */
function withRuleNotes(
  answer: AvailabilityForDateResponse,
  outcome: RulesOutcome,
): AvailabilityForDateResponse {
  const why = [...new Set(outcome.removed.map((r) => r.why))];
  return {
    ...answer,
    slots: answer.slots.map((slot) =>
      outcome.shortNotice.has(Date.parse(slot.starts_at)) ? { ...slot, short_notice: true } : slot,
    ),
    ...(outcome.noticeNote ? { notice_note: outcome.noticeNote } : {}),
    ...(why.length > 0 ? { removed_why: why } : {}),
  };
}

/**
 * The dates of a month (yyyy-MM) that have at least one free slot, after overrides, notice and bookings —
 * what the booking calendar marks — and the agent's today. Dates outside the booking window have none.
 */
export async function availableDatesOfMonth(ctx: PublicContext, subject: SlotSubject, month: string) {
  const first = `${month}-01`;
  const last = lastDayOfMonth(month);
  // One round trip with the busy time around the whole month (busy time outside the dates asked changes
  // none of their slots); the booking window, in the agent's zone, is known only once the agent is read.
  const now = ctx.now();
  const inputs = await publicSlotInputs(ctx.db, subject, first, last, undefined, { now });
  const window = bookingWindow(now, inputs.timeZone);
  const from = first > window.from ? first : window.from;
  const to = last < window.to ? last : window.to;
  // Issue 16: with "cluster showings by area", a date whose open slots are all unreachable is dropped too.
  const dates =
    from <= to
      ? await travelAwareDates(ctx.db, inputs, openSlots(inputs, now, { from, to }), inputs.place)
      : [];
  return { time_zone: inputs.timeZone, today: agentToday(now, inputs.timeZone), month, dates };
}

function lastDayOfMonth(month: string): string {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}
