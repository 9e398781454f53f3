// Issue 44 "Daily caps for the agent": at most N showings a day across all the agent's listings and
// consultations. Pure. A day is an agent-zone date; it counts the agent's active showings (pending or
// confirmed) that START on it, so a showing is counted on one day only, a DST day included (23 or 25 hours).
// Applied where slots are offered (the API's availability/open-slots.ts: the booking page, the team page, the
// assistant, MCP, the embed) and re-checked by every buyer's write under the agent's lock (tours count each
// stop). The agent's own bookings from the dashboard are never refused (the agent can always act) but count.
import { ACTIVE_BOOKING_STATUSES } from '../enums';
import type { RemovedSlot, RulesOutcome } from '../listing/applyRules';
import { startOfDayInZone } from '../zoneDays';
import { dayNumber, isoDate } from './dayNumbers';

/** The highest cap an agent may set (a full day of 30-minute showings is fewer). */
export const AGENT_DAILY_CAP_MAX = 50;
/** The API's 409 code when a buyer's booking would pass the agent's cap. */
export const AGENT_DAY_FULL_CODE = 'AGENT_DAY_FULL';
/** The statuses the cap counts (holds and cancelled or rescheduled showings count nowhere). */
export const DAILY_CAP_COUNTED_STATUSES = ACTIVE_BOOKING_STATUSES;

/** [first instant, first instant of the next day) of an agent-zone date, epoch ms. */
export function agentDayBounds(date: string, timeZone: string): [number, number] {
  return [
    startOfDayInZone(date, timeZone).getTime(),
    startOfDayInZone(isoDate(dayNumber(date) + 1), timeZone).getTime(),
  ];
}

/** How many of `starts` (epoch ms of active showings) start on the agent-zone `date`. */
export function showingsOnDate(starts: Iterable<number>, date: string, timeZone: string): number {
  const [from, to] = agentDayBounds(date, timeZone);
  let count = 0;
  for (const start of starts) if (start >= from && start < to) count += 1;
  return count;
}

/** Whether `adding` more showings on a day that has `count` would pass the cap (null: no cap). */
export function passesDailyCap(cap: number | null, count: number, adding = 1): boolean {
  return cap !== null && count + adding > cap;
}

/** The buyer's plain-words reason (the page's "why" and the 409's message start with it). */
export function agentDayFullWhy(cap: number): string {
  return `The agent takes at most ${cap === 1 ? 'one showing' : `${cap} showings`} a day, and this day is full`;
}

/** The 409's message: the reason, then what the buyer can do. */
export function agentDayFullMessage(cap: number): string {
  return `${agentDayFullWhy(cap)}. Please pick another day.`;
}

/** A date's offered slots after the agent's cap: a full day offers none, each removed with the reason. */
export function withAgentDailyCap(
  outcome: RulesOutcome,
  date: string,
  input: { cap: number | null; timeZone: string; starts: readonly number[] },
): RulesOutcome {
  if (input.cap === null || outcome.kept.length === 0) return outcome;
  if (!passesDailyCap(input.cap, showingsOnDate(input.starts, date, input.timeZone))) return outcome;
  const why = agentDayFullWhy(input.cap);
  const removed: RemovedSlot[] = outcome.kept.map((s) => ({
    time: s.time,
    startsAt: s.startsAt,
    rule: 'agentDayFull',
    why,
  }));
  return { kept: [], removed: [...outcome.removed, ...removed], shortNotice: new Set(), noticeNote: null };
}

/** Settings → Availability: the agent's own cap, in the agent's words. */
export const DAILY_CAP_UI = {
  title: 'Daily showing limit',
  label: 'Showings a day across all your listings, at most',
  description:
    'When a day has this many showings, buyers are offered no more times that day — on your booking pages, ' +
    'tours, the booking assistant and connected apps. You can still add showings yourself.',
  none: 'No limit',
  saved: 'Daily showing limit saved',
  failed: 'The daily showing limit could not be saved. Please try again.',
} as const;

const CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50] as const;

/** The caps the setting offers (null: no limit), with a stored value outside the list kept in its place. */
export function dailyCapChoices(current: number | null): (number | null)[] {
  const caps: number[] = [...CHOICES];
  if (current !== null && !caps.includes(current)) caps.push(current);
  return [null, ...caps.sort((a, b) => a - b)];
}

/** A choice's label: 'No limit', '1 showing a day', '5 showings a day'. */
export function dailyCapLabel(cap: number | null): string {
  if (cap === null) return DAILY_CAP_UI.none;
  return `${cap} showing${cap === 1 ? '' : 's'} a day`;
}
