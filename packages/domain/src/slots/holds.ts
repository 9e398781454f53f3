// Issue 44 "Held times": choosing a time holds it for that buyer for the agent's hold minutes (5 unless set)
// while they fill in the form. Pure: the expiry (elapsed minutes, so a DST change never stretches or shortens a
// hold), the time left and every sentence the buyer and the agent read about it. The API's rules of who may
// hold and book what live in its booking-public/holds.ts (decision 084).

export const HOLD_MINUTES_DEFAULT = 5;
export const HOLD_MINUTES_MAX = 15;
/** Live holds one client (one address) keeps per agent: a fourth lets the oldest go, so nobody holds a whole day. */
export const HOLDS_PER_CLIENT = 3;
/** The choices Settings offers; the API takes any whole minute from 1 to HOLD_MINUTES_MAX. */
export const HOLD_MINUTES_CHOICES = [2, 5, 10, 15] as const;

/** The instant a hold made at `now` ends: `minutes` of real time later (a DST change moves no hold). */
export function holdExpiresAt(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/** Whole seconds left of a hold ending at `expiresAt` (0 once it has ended). */
export function holdSecondsLeft(expiresAt: string | Date, now: Date): number {
  const end = typeof expiresAt === 'string' ? Date.parse(expiresAt) : expiresAt.getTime();
  return Math.max(0, Math.ceil((end - now.getTime()) / 1000));
}

/** 'm:ss' — the countdown as the page shows it. */
export function holdClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The buyer's words (the booking page) and the agent's (Settings → Availability). */
export const HOLD_TEXTS = {
  // The details step's notice while the hold lasts is the booking catalogue's `holding` (issue 43: the buyer's
  // language); these two are its entries too.
  /** Said once to a screen reader (the visible clock is not announced every second). */
  lastMinute: 'One minute left on your held time.',
  ended: 'Your hold on this time has ended. You can still book it if nobody else has.',
  /** Another buyer holds the time: the 409 every other buyer's hold or booking of it gets. */
  heldByOther: 'Someone else is booking this time right now. Please pick another time.',
  /** The agent's Bookings page: times buyers hold right now (not bookings yet). */
  agent: {
    heading: 'Being booked right now',
    intro:
      'Buyers are filling in the booking form for these times; each is held for them until the time shown.',
    line: (when: string, where: string, until: string) => `${when} · ${where} — held until ${until}`,
    consultation: 'Consultation',
  },
  setting: {
    title: 'Held times',
    label: 'Hold a chosen time for',
    description:
      'While a buyer fills in the booking form, the time they chose is held for them: nobody else is offered it ' +
      'or can book it until they book, go back, or the hold ends.',
    saved: 'Hold time saved',
    failed: 'The hold time could not be saved. Please try again.',
  },
} as const;

/** The times a tour holds, as the countdown names them: '10:00 AM, 11:30 AM and 1:00 PM'. */
export function heldTimesLabel(times: readonly string[]): string {
  if (times.length <= 1) return times[0] ?? '';
  return `${times.slice(0, -1).join(', ')} and ${times[times.length - 1]}`;
}

/** A choice's label: '5 minutes'. */
export function holdMinutesLabel(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The choices offered, a stored value outside them kept in its place. */
export function holdMinutesChoices(current: number): number[] {
  const list: number[] = [...HOLD_MINUTES_CHOICES];
  if (!list.includes(current)) list.push(current);
  return list.sort((a, b) => a - b);
}
