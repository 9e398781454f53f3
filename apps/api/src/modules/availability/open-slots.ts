// THE place where an agent's rules and busy time become the slots a buyer is offered — the public slots of a
// date, the month's bookable dates and the server's check of a booked time all come through openSlots, so a
// further filter (travel time between showings, say) added here applies to all three alike.
import { computeDaySlots, type DateWindow, type Slot } from '@keyturn/domain/slots/engine';
import { isValidIsoDate } from '@keyturn/domain/time';
import type { SlotInputs } from './slot-inputs';

/** Open slots per agent-zone date of `window` (every date a key, in order; [] outside the booking window). */
export function openSlots(
  inputs: Pick<SlotInputs, 'rules' | 'busy'>,
  now: Date,
  window: DateWindow,
): Map<string, Slot[]> {
  return computeDaySlots(inputs.rules, inputs.busy, now, window);
}

/** The open slots of one agent-zone date, in time order. */
export function openSlotsOfDate(inputs: Pick<SlotInputs, 'rules' | 'busy'>, now: Date, date: string): Slot[] {
  if (!isValidIsoDate(date)) return [];
  return openSlots(inputs, now, { from: date, to: date }).get(date) ?? [];
}
