// The public team page (issue 15, decision 025): a consultation "with our team" is offered at every instant
// one pool member is free (the union of their own open slots, each from the slot engine), shown on the
// team's clock, and given by round robin (roundRobin.ts) to one of the members free at that instant.
// Pure: the server reads each member's slots and bookings, these rules combine them.
import { tzOffset } from '@date-fns/tz';
import { plainText } from './i18n/english';
import visit from './i18n/en/visit.json' with { type: 'json' };
import type { Slot } from './slots/engine';
import { teamCan, type TeamRole } from './teams';
import { isRepeatedWallTime, isoDateInZone } from './time';
import { startOfDayInZone } from './zoneDays';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** An instant as a slot on `timeZone`'s clock (its wall time, offset and whether that time repeats). */
export function slotInZone(startsAt: number, timeZone: string): Slot {
  const offsetMs = tzOffset(timeZone, new Date(startsAt)) * 60_000;
  const wall = new Date(startsAt + offsetMs).toISOString();
  // A wall time can repeat only next to an offset change (DST fall-back): ask the full question only there.
  const nearChange =
    tzOffset(timeZone, new Date(startsAt - HOUR_MS)) !== tzOffset(timeZone, new Date(startsAt + HOUR_MS));
  return {
    time: wall.slice(11, 19),
    startsAt,
    offsetMs,
    repeated: nearChange && isRepeatedWallTime(startsAt, timeZone),
  };
}

/** The date of a slot on the clock it was made for (its wall time's date). */
export function wallDateOf(slot: Slot): string {
  return new Date(slot.startsAt + slot.offsetMs).toISOString().slice(0, 10);
}

/**
 * The union of the members' open slots, per date of the team's clock: every instant at which at least one
 * member has an open slot, once, in time order, as a slot in `timeZone`.
 */
export function unionOfSlots(perMember: Iterable<readonly Slot[]>, timeZone: string): Map<string, Slot[]> {
  const instants = new Set<number>();
  for (const slots of perMember) for (const slot of slots) instants.add(slot.startsAt);
  const byDate = new Map<string, Slot[]>();
  for (const startsAt of [...instants].sort((a, b) => a - b)) {
    const slot = slotInZone(startsAt, timeZone);
    const date = wallDateOf(slot);
    const list = byDate.get(date) ?? [];
    list.push(slot);
    byDate.set(date, list);
  }
  return byDate;
}

/** The member dates (their own clock) that can hold an instant of team date `date`: one day either side. */
export function memberDatesAround(date: string): { from: string; to: string } {
  const noon = Date.parse(`${date}T12:00:00Z`);
  return {
    from: new Date(noon - DAY_MS).toISOString().slice(0, 10),
    to: new Date(noon + DAY_MS).toISOString().slice(0, 10),
  };
}

/** Monday 00:00 of the week `now` falls in, on `timeZone`'s clock: round robin counts bookings from it. */
export function startOfWeekInZone(now: Date, timeZone: string): Date {
  const today = isoDateInZone(now, timeZone);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  const monday = new Date(Date.parse(`${today}T12:00:00Z`) - ((weekday + 6) % 7) * DAY_MS);
  return startOfDayInZone(monday.toISOString().slice(0, 10), timeZone);
}

/** Owners and admins make and withdraw the team's booking links (as they edit the team); members do not. */
export function canManageTeamLinks(role: TeamRole): boolean {
  return teamCan(role, 'editTeam');
}

/** The team page reads its texts from the `visit` catalogue in its language; these English ones are its entries. */
const VISIT = visit as Record<keyof typeof visit, unknown>;

export const TEAM_PAGE_MESSAGES = {
  consultationTitle: plainText(VISIT.consultationTitle),
  consultationBody: plainText(VISIT.consultationBody),
  propertiesTitle: plainText(VISIT.propertiesTitle),
  noProperties: plainText(VISIT.noProperties),
  teamNotFound: plainText(VISIT.teamNotFound),
  poolOn: 'You take team consultations from the team page.',
  poolOff: 'You are out of the consultation pool: team consultations go to the other members.',
  poolLabel: 'Take team consultations',
  notInPool: 'Not in the pool',
  teamLinkPropertyNotFound: 'This property is not one of your team’s.',
  consultationPurpose:
    'A consultation is not about one property: choose a private showing, a valuation or another purpose. To see a property, book it from its own page.',
  whereLabel: plainText(VISIT.where),
  movedListings: 'Moved into the team.',
  moveListingsTitle: 'Move your listings into the team',
  moveListingsBody:
    'Listings you added before the team stay yours until you move them. Moved listings keep their bookings, links and history, and stay assigned to you.',
  noListingsToMove: 'All your listings are already the team’s.',
  listingNotYours: 'Choose listings of your own that are not in the team yet.',
} as const;
