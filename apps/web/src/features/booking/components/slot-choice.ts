// A slot as the calendar and the time grid offer it: its value tells the two passes of a repeated hour apart
// (the server's instant), its label is the server's agent-zone label or the same instant on the buyer's clock —
// on a page in another language than English, the same clock written in the page's Intl locale (issue 43).
import { INTL_LOCALE } from '@keyturn/domain/i18n/locales';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import type { CalendarTimeSlot } from '@/components/booking-calendar/booking-calendar';
import { instantLabel } from '../format';

const EN = INTL_LOCALE.en;

/** What selecting the slot reports: its instant when the server gave one, else its 'HH:mm' (fallback grid). */
export function slotValue(slot: Pick<TimeSlot, 'time' | 'startsAt'>): string {
  return slot.startsAt ?? slot.time;
}

/**
 * `viewZone`: show the buyer's clock instead of the agent's (only slots with an instant can be shown so);
 * `agentZone` and `intl`: the page's Intl locale, for the agent's clock in a language other than English.
 */
export function slotChoice(
  { time, startsAt, label, available, ...marks }: TimeSlot,
  date: string,
  viewZone: string | null,
  agentZone: string | null = null,
  intl: string = EN,
): CalendarTimeSlot {
  const zone = viewZone ?? (intl === EN ? null : agentZone);
  // The marks (recommended, suggested: learning/slotMarks.ts) pass through as given.
  return {
    ...marks,
    value: slotValue({ time, startsAt }),
    label:
      zone && startsAt
        ? instantLabel(startsAt, zone, date, intl)
        : intl === EN
          ? label
          : wallLabel(time, intl),
    available,
  };
}

/** An 'HH:mm' wall time (a fallback-grid slot, no instant) in `intl`'s 12-hour form: '2:00 p. m.'. */
function wallLabel(time: string, intl: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(intl, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hour12: true })
    .format(Date.UTC(2000, 0, 1, hours, minutes))
    .replace(/[\u202f\u00a0]/g, ' ');
}
