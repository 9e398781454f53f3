// The server's own check of a booked time (spec §8, issue 32): the engine's open slots of the date after the
// property's showing rules and the agent's daily cap (issue 44), the same pipeline the page's slots came through
// (availability/open-slots.ts).
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import { effectiveApproval, startsPending, takesBookings } from '@keyturn/domain/listing/applyRules';
import { pickSlot } from '@keyturn/domain/slots/engine';
import { AppError } from '../../http/errors';
import { agentDayFull } from '../availability/daily-cap';
import { heldByAnother, heldByOther } from './hold-rows';
import { openSlotsOfDate, openSlotsWithReasons } from '../availability/open-slots';
import { SLOT_TAKEN_MESSAGE } from '../bookings/service';
import { instructionsOnly, ruleRefusal } from '../showing-rules/service';
import type { PublicContext } from './context';
import { publicSlotInputs } from './slot-pipeline';

const APPOINTMENT_MS = APPOINTMENT_MINUTES * 60_000;

const slotUnavailable = () =>
  new AppError(409, 'SLOT_UNAVAILABLE', 'This time is not available. Please pick another time.');

/**
 * The server's own check of the chosen time (the page may have shown fallback slots, spec §8): one of the
 * engine's open slots of that date and wall time — exactly the one starting at `starts_at` when the request
 * names it (which pass of a repeated hour), else the earliest open pass. A showing at a property is checked
 * against its showing rules too (issue 32): an instructions-only property takes no booking, a time a rule
 * removes is refused with that rule's code and reason, and the property's approval mode says whether it waits.
 */
export async function checkSlotOpen(
  ctx: PublicContext,
  agentId: string,
  input: {
    booking_date: string;
    booking_time: string;
    starts_at: string | null;
    property_id?: number | null;
    /** Issue 44: the buyer's own hold, whose time is not counted against them. */
    hold_token?: string | null;
  },
  ignoreBookingId?: string,
) {
  const { booking_date: date, booking_time: time } = input;
  const startsAt = input.starts_at === null ? undefined : Date.parse(input.starts_at);
  const subject = input.property_id ? { propertyId: input.property_id } : { agentId };
  const now = ctx.now();
  const ownToken = input.hold_token ?? null;
  const inputs = await publicSlotInputs(ctx.db, subject, date, date, ignoreBookingId, { now, ownToken });
  const approval = effectiveApproval(inputs.showingRules, inputs.requiresApproval);
  if (!takesBookings(approval)) throw instructionsOnly();
  const outcome = openSlotsWithReasons(inputs, now, date);
  const slot = pickSlot(outcome.kept, time, startsAt);
  if (!slot) {
    const removed = pickSlot(
      outcome.removed.map((r) => ({ ...r, offsetMs: 0, repeated: false })),
      time,
      startsAt,
    );
    const by = removed && outcome.removed.find((r) => r.startsAt === removed.startsAt);
    if (by) {
      // Issue 44: the agent's day is full (their daily cap), or one of the property's rules removed the time.
      throw by.rule === 'agentDayFull'
        ? agentDayFull(inputs.dailyCap ?? 0)
        : ruleRefusal({ rule: by.rule, why: by.why });
    }
    // Free by the agent's hours but not any more: someone booked it since the buyer loaded the page.
    const byHours = openSlotsOfDate({ rules: inputs.rules, busy: [] }, now, date);
    const free = pickSlot(byHours, time, startsAt);
    if (free) {
      // Issue 44: held by another buyer who is filling in the form — said as it is, not "booked".
      const span = { startsAt: new Date(free.startsAt), endsAt: new Date(free.startsAt + APPOINTMENT_MS) };
      if (await heldByAnother(ctx.db, { agentId: inputs.agentId, ...span, ownToken, now }))
        throw heldByOther();
      throw new AppError(409, 'SLOT_TAKEN', SLOT_TAKEN_MESSAGE);
    }
    throw slotUnavailable();
  }
  return {
    slot: {
      startsAt: new Date(slot.startsAt),
      endsAt: new Date(slot.startsAt + APPOINTMENT_MS),
    },
    // New bookings wait for the agent's (or the seller's) approval: they then arrive `pending`.
    pending: startsPending(approval),
    approval,
    // For the travel re-check in the booking's transaction (issue 16).
    travel: { inputs, date },
  };
}
