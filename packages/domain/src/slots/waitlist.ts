// Issue 44 "Waitlist" (decision 085): on a date with no open times (or when the wanted time is taken) a buyer
// joins the property's waiting list for that date, all day or part of it, agreeing to be contacted. When a
// matching time opens (a cancellation, a reschedule, a declined request, new hours) the first buyer in line is
// offered it: the time is held for them for WAITLIST_OFFER_MINUTES and they get a link that books it in one tap.
// Unclaimed, the offer lapses and the next buyer in line is offered the time. Pure: the parts of the day, the
// order of the line, the offer's expiry and every sentence buyers and agents read about it. The API's writes
// live in its showing-waitlist module.
import { holdExpiresAt } from './holds';
import manage from '../i18n/en/manage.json' with { type: 'json' };
import { english } from '../i18n/icu-english';

/** How long an offered time is held for the buyer it is offered to. */
export const WAITLIST_OFFER_MINUTES = 15;
/** Buyers in one property's line for one date, at most (a full line says so). */
export const WAITLIST_MAX_PER_DATE = 50;

export const DAY_PARTS = ['any', 'morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** The parts of the day as agent-zone wall-clock start times 'HH:mm': [from, to). */
const PART_BOUNDS: Record<Exclude<DayPart, 'any'>, readonly [string, string]> = {
  morning: ['00:00', '12:00'],
  afternoon: ['12:00', '17:00'],
  evening: ['17:00', '24:00'],
};

/** Whether a slot starting at agent-zone 'HH:mm' `time` belongs to the part of the day a buyer waits for. */
export function partMatches(part: DayPart, time: string): boolean {
  if (part === 'any') return true;
  const [from, to] = PART_BOUNDS[part];
  return time >= from && time < to;
}

export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'booked',
  'lapsed',
  'left',
  'removed',
  'ended',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** The entries still in line: waiting, or holding an offer. */
export const IN_LINE_STATUSES = ['waiting', 'offered'] as const satisfies readonly WaitlistStatus[];

/** The instant an offer made at `now` ends (real minutes: a DST change moves no offer). */
export function waitlistOfferExpiresAt(now: Date): Date {
  return holdExpiresAt(now, WAITLIST_OFFER_MINUTES);
}

type InLine = { id: string; status: WaitlistStatus; joinedAt: Date | string };

/** The order of the line: first joined, first offered (ties by id, so every reader agrees). */
export function lineOrder<T extends InLine>(entries: readonly T[]): T[] {
  const at = (e: InLine) => (typeof e.joinedAt === 'string' ? Date.parse(e.joinedAt) : e.joinedAt.getTime());
  return entries
    .filter((e) => e.status === 'waiting')
    .sort((a, b) => at(a) - at(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** A buyer's place in the line (1 = next to be offered a time), counting entries still in line before them. */
export function placeInLine<T extends InLine>(entries: readonly T[], id: string): number | null {
  const inLine = entries.filter((e) => (IN_LINE_STATUSES as readonly string[]).includes(e.status));
  const mine = inLine.find((e) => e.id === id);
  if (!mine) return null;
  const at = (e: InLine) => (typeof e.joinedAt === 'string' ? Date.parse(e.joinedAt) : e.joinedAt.getTime());
  return inLine.filter((e) => at(e) < at(mine) || (at(e) === at(mine) && e.id < mine.id)).length + 1;
}

export const DAY_PART_LABELS: Record<DayPart, string> = {
  // One English copy: the buyer's pages read the same keys in their language (issue 43).
  any: english(manage.partAny),
  morning: english(manage.partMorning),
  afternoon: english(manage.partAfternoon),
  evening: english(manage.partEvening),
};

export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  waiting: 'Waiting',
  offered: 'Offered a time',
  booked: 'Booked',
  lapsed: 'Offer not taken',
  left: 'Left the list',
  removed: 'Removed by you',
  ended: 'Date passed',
};

/** Every sentence about the waiting list: the buyer's (booking page, link page, e-mail, text), the agent's. */
export const WAITLIST_TEXTS = {
  join: {
    button: 'Join the waiting list',
    offerNoTimes:
      'No time free this day? Join the waiting list and we’ll offer you the first one that opens.',
    heading: (date: string) => `Join the waiting list for ${date}`,
    intro:
      `If a time opens on this date, we hold it for you for ${WAITLIST_OFFER_MINUTES} minutes and send you a ` +
      'link that books it in one tap. The first person on the list is offered the first time that opens.',
    part: 'Which part of the day suits you?',
    consent: 'Contact me by e-mail when a time opens (required)',
    consentRequired: 'Please agree to be contacted so we can tell you when a time opens',
    texts: 'Also text me when a time opens',
    submit: 'Join the waiting list',
    cancel: 'Cancel',
    joined: (date: string, part: string, place: number) =>
      `You’re on the waiting list for ${date} (${part.toLowerCase()}). You’re number ${place} in line.`,
    joinedNext:
      `We’ve e-mailed you a link to leave the list. If a time opens, we’ll hold it for you for ` +
      `${WAITLIST_OFFER_MINUTES} minutes and e-mail you.`,
    alreadyJoined: 'You were already on this waiting list; nothing changed.',
    full: 'This date’s waiting list is full. Please choose another date.',
    failed: 'You could not be added to the waiting list. Please try again.',
  },
  page: {
    // The link page's words: one English copy in the manage catalogue, which the page reads in its language.
    title: english(manage.waitTitle),
    waiting: (place: number) => english(manage.waitPlace, { place }),
    offered: english(manage.waitOffered),
    holding: (time: string, until: string) => english(manage.waitHolding, { time, until }),
    book: english(manage.waitBook),
    booking: english(manage.waitBooking),
    booked: english(manage.waitBooked),
    bookedPending: english(manage.waitBookedPending),
    manage: english(manage.waitManage),
    lapsed: english(manage.waitLapsed, { minutes: WAITLIST_OFFER_MINUTES }),
    left: english(manage.waitLeft),
    removed: english(manage.waitRemoved),
    ended: english(manage.waitEnded),
    leave: english(manage.waitLeave),
    leaving: english(manage.waitLeaving),
    notFound: english(manage.waitNotFound),
    property: english(manage.property),
    date: english(manage.date),
    part: english(manage.partOfDay),
  },
  /** 409 WAITLIST_OFFER_ENDED: the link's book button after the hold ended or went to someone else. */
  offerEnded:
    'This time is no longer held for you: the offer ended. You can still pick another time on the booking page.',
  mail: {
    joinedSubject: (address: string, date: string) => `You’re on the waiting list for ${address} on ${date}`,
    joinedLine: (date: string, part: string) =>
      `You’re on the waiting list for ${date} (${part.toLowerCase()}). If a time opens, we’ll hold it for you ` +
      `for ${WAITLIST_OFFER_MINUTES} minutes and e-mail you a link to book it.`,
    offerSubject: (address: string, when: string) => `A time opened: ${address}, ${when}`,
    offerLine: (until: string) =>
      `A time you were waiting for has opened. It is held for you until ${until}; after that it goes to the ` +
      'next person on the waiting list.',
    offerAction: 'Book this time',
    leaveAction: 'Leave the waiting list',
  },
  text: (brand: string, address: string, when: string, until: string, url: string) =>
    `${brand}: a time opened for ${address}: ${when}. Held for you until ${until}. Book: ${url} Reply STOP to stop.`,
  agent: {
    heading: 'Waiting lists',
    intro:
      'Buyers waiting for a time to open. When one opens, the first buyer in line is offered it and has ' +
      `${WAITLIST_OFFER_MINUTES} minutes to book it before it goes to the next.`,
    empty: 'Nobody is on a waiting list.',
    remove: 'Remove',
    removed: 'Removed from the waiting list',
    removeFailed: 'Could not remove them. Please try again.',
  },
} as const;

/** An agent-zone date 'yyyy-MM-dd' as people read it: 'Tuesday, January 8, 2030' (no instant, no zone shift). */
export function waitlistDateLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(Date.UTC(y!, m! - 1, d!, 12)));
}
