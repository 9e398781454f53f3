// A slot as the calendar and the time grid offer it: its value tells the two passes of a repeated hour apart
// (the server's instant), its label is the server's agent-zone label or the same instant on the buyer's clock.
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import type { CalendarTimeSlot } from '@/components/booking-calendar/booking-calendar';
import { instantLabel } from '../format';

/** What selecting the slot reports: its instant when the server gave one, else its 'HH:mm' (fallback grid). */
export function slotValue(slot: Pick<TimeSlot, 'time' | 'startsAt'>): string {
  return slot.startsAt ?? slot.time;
}

/** `viewZone`: show the buyer's clock instead of the agent's (only slots with an instant can be shown so). */
export function slotChoice(
  { time, startsAt, label, available, ...marks }: TimeSlot,
  date: string,
  viewZone: string | null,
): CalendarTimeSlot {
  // The marks (recommended, suggested: learning/slotMarks.ts) pass through as given.
  return {
    ...marks,
    value: slotValue({ time, startsAt }),
    label: viewZone && startsAt ? instantLabel(startsAt, viewZone, date) : label,
    available,
  };
}
