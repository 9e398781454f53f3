// The times the assistant offers (issue 17): REAL free slots from the slot engine, over the agent's rules
// and busy time read through the availability service, filtered by what the buyer asked for, at most three.
// A day that has passed, lies beyond the booking window or is closed is named, politely, before the nearest
// free times are offered instead.
import { ASSISTANT_SAYS, ASSISTANT_SAYS_ES } from '@keyturn/domain/assistant/texts';
import type { Proposal } from '@keyturn/domain/schemas/assistant';
import {
  agentToday,
  bookingWindow,
  dayIsAvailable,
  slotLabel,
  slotStartIso,
  type Slot,
} from '@keyturn/domain/slots/engine';
import type { AgentRow } from '../core/agents';
import { busySpan, slotRulesFor } from '../availability/service';
import { openSlots } from '../availability/open-slots';
import { readSlotInputs } from '../availability/slot-inputs';
import type { PublicContext } from '../booking-public/context';
import type { Language } from './language';
import type { TimeWindow } from './when';

export type SlotCriteria = {
  dates: string[] | null;
  excluded: number[];
  window: TimeWindow | null;
  time: string | null;
  /** "Friday" on a Friday: when today has no bookable time, the same weekday next week (issue 31). */
  weekdayIsToday?: boolean;
  language?: Language;
  /** The property shown: its showing rules apply (null: a consultation, the agent's hours). */
  propertyId?: number | null;
  /** Issue 44: the conversation's own hold, whose time is still offered to it. */
  holdToken?: string | null;
};

export const MAX_PROPOSALS = 3;
/** Without a day named, the assistant looks this many days ahead. */
const SEARCH_DAYS = 14;

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** 'Saturday, February 2' for an agent-zone date ('sábado, 2 de febrero' in Spanish). */
export function dateLabel(date: string, language: Language = 'en'): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(language === 'es' ? 'es-ES' : 'en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Tue, Jan 8' for an agent-zone date ('mar, 8 ene' in Spanish): the held time's day (issue 44). */
export function shortDateLabel(date: string, language: Language = 'en'): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(language === 'es' ? 'es-ES' : 'en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** '14:00' → '2:00 PM' ('14:00' in Spanish, the 24-hour clock). */
export function timeLabel(time: string, language: Language = 'en'): string {
  if (language === 'es' || time === '24:00') return time;
  const hour = Number(time.slice(0, 2));
  return `${hour % 12 === 0 ? 12 : hour % 12}:${time.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
}

export function toProposal(date: string, slot: Slot, timeZone: string, language: Language = 'en'): Proposal {
  return {
    starts_at: slotStartIso(slot),
    date,
    time: slot.time.slice(0, 5),
    label:
      language === 'es'
        ? `${dateLabel(date, 'es')} a las ${slot.time.slice(0, 5)}`
        : `${dateLabel(date)} at ${slotLabel(slot, timeZone)}`,
    suggested: false,
  };
}

/**
 * Every free slot of agent-zone dates from..to, as proposals: the one slot engine's (openSlots), with the
 * property's showing rules when there is a property — its blocks and windows, and none at all for an
 * instructions-only property (issue 39 §4), as on its booking page.
 */
export async function freeProposals(
  ctx: PublicContext,
  agent: AgentRow,
  from: string,
  to: string,
  language: Language = 'en',
  propertyId: number | null = null,
  /** Issue 44: the conversation's own hold (its time is not busy for it); others' holds are busy time. */
  ownHold: string | null = null,
): Promise<Proposal[]> {
  const inputs = await readSlotInputs(
    ctx.db,
    propertyId === null ? { agentId: agent.id } : { propertyId },
    ...busySpan(from, to),
    undefined,
    { now: ctx.now(), ownToken: ownHold },
  );
  const out: Proposal[] = [];
  if (!inputs) return out;
  for (const [date, slots] of openSlots(inputs, ctx.now(), { from, to })) {
    for (const slot of slots) out.push(toProposal(date, slot, agent.timeZone, language));
  }
  return out;
}

function fits(p: Proposal, c: SlotCriteria): boolean {
  if (c.excluded.includes(weekdayOf(p.date))) return false;
  if (c.time) return p.time === c.time;
  if (c.window) return p.time >= c.window.from && p.time < c.window.to;
  return true;
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Minutes from a proposal to the exact time asked, or to the nearest edge of the part of the day asked. */
function distanceFrom(p: Proposal, c: SlotCriteria): number {
  const at = minutesOf(p.time);
  if (c.time) return Math.abs(at - minutesOf(c.time));
  if (!c.window) return 0;
  const from = minutesOf(c.window.from);
  const to = c.window.to === '24:00' ? 24 * 60 : minutesOf(c.window.to);
  return at < from ? from - at : at >= to ? at - to + 1 : 0;
}

/** "around 2": the times nearest 2 PM first on each day (the day order stays). */
function nearestFirst(proposals: Proposal[], c: SlotCriteria): Proposal[] {
  const near = c.window?.near;
  if (!near) return proposals;
  const target = minutesOf(near);
  return [...proposals].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      Math.abs(minutesOf(a.time) - target) - Math.abs(minutesOf(b.time) - target),
  );
}

/** Up to three proposals: the agent's best by `rank` when there is one, else spread over days (round robin). */
function pick(proposals: Proposal[], rank?: (slots: Proposal[]) => Proposal[]): Proposal[] {
  // The agent's learned preferences choose the three; they are offered in time order (issue 39 §13).
  if (rank) return inTimeOrder(rank(proposals).slice(0, MAX_PROPOSALS));
  const ranked = proposals;
  const byDate = new Map<string, Proposal[]>();
  for (const p of ranked) byDate.set(p.date, [...(byDate.get(p.date) ?? []), p]);
  const days = [...byDate.keys()].sort();
  const out: Proposal[] = [];
  for (let round = 0; out.length < MAX_PROPOSALS && round < MAX_PROPOSALS; round += 1) {
    for (const day of days) {
      const p = byDate.get(day)?.[round];
      if (p && out.length < MAX_PROPOSALS) out.push(p);
    }
  }
  return inTimeOrder(out);
}

/** Proposals as they are offered: earliest first, whatever chose them (README: "in time order"). */
export function inTimeOrder(proposals: Proposal[]): Proposal[] {
  return [...proposals].sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
}

/**
 * "Friday" said on a Friday when today cannot be booked any more (issue 31): the same day next week, and the
 * sentence that says so. Both conversation paths (offline and provider) ask this one function.
 */
export function todaysWeekdayNextWeek(
  dates: string[],
  today: string,
  firstBookable: string,
  weekdayIsToday: boolean | undefined,
  language: Language,
): { dates: string[]; note: string | null } {
  if (!weekdayIsToday || !dates.includes(today) || today >= firstBookable) return { dates, note: null };
  const next = addDays(today, 7);
  const says = language === 'es' ? ASSISTANT_SAYS_ES : ASSISTANT_SAYS;
  return {
    dates: dates.map((d) => (d === today ? next : d)),
    // "Friday, January 18" → "next Friday, January 18" (the weekday said once).
    note: says.weekdayNextWeek(
      dateLabel(today, language).split(',')[0]!,
      dateLabel(next, language).split(', ').slice(1).join(', '),
    ),
  };
}

export async function findProposals(
  ctx: PublicContext,
  agent: AgentRow,
  criteria: SlotCriteria,
  rank?: (slots: Proposal[]) => Proposal[],
): Promise<{ proposals: Proposal[]; notes: string[] }> {
  const now = ctx.now();
  const window = bookingWindow(now, agent.timeZone);
  const notes: string[] = [];
  const language = criteria.language ?? 'en';
  const says = language === 'es' ? ASSISTANT_SAYS_ES : ASSISTANT_SAYS;
  const today = agentToday(now, agent.timeZone);
  if (criteria.dates) {
    const rolled = todaysWeekdayNextWeek(
      criteria.dates,
      today,
      window.from,
      criteria.weekdayIsToday,
      language,
    );
    if (rolled.note) notes.push(rolled.note);
    criteria = { ...criteria, dates: rolled.dates };
  }
  const freeOf = (from: string, to: string) =>
    freeProposals(ctx, agent, from, to, language, criteria.propertyId ?? null, criteria.holdToken ?? null);
  if (criteria.dates) {
    const rules = await slotRulesFor(ctx.db, agent);
    if (criteria.dates.some((d) => d <= today)) notes.push(says.pastDay);
    if (criteria.dates.some((d) => d > window.to)) notes.push(says.beyondWindow);
    const inWindow = criteria.dates.filter((d) => d >= window.from && d <= window.to);
    const closed = inWindow.filter((d) => !dayIsAvailable(rules, d));
    if (closed.length > 0 && closed.length === inWindow.length) {
      notes.push(says.closedDay(closed.map((d) => dateLabel(d, language))));
    }
    const open = inWindow.filter((d) => !closed.includes(d));
    if (open.length > 0) {
      const from = open[0]!;
      const to = open[open.length - 1]!;
      const wanted = new Set(open);
      const found = (await freeOf(from, to)).filter((p) => wanted.has(p.date) && fits(p, criteria));
      if (found.length > 0) return { proposals: pick(nearestFirst(found, criteria), rank), notes };
      notes.push(says.nothingThen);
      if (criteria.time || criteria.window) {
        // That time (or part of the day) has nothing free: the day's times nearest to it — "tomorrow after 5"
        // with hours to 5 PM gets tomorrow's last times (issue 39 §13), not another day's.
        const near = (await freeOf(from, to))
          .filter((p) => wanted.has(p.date) && !criteria.excluded.includes(weekdayOf(p.date)))
          .sort((a, b) => distanceFrom(a, criteria) - distanceFrom(b, criteria))
          .slice(0, MAX_PROPOSALS);
        if (near.length > 0) return { proposals: pick(near), notes };
      }
    } else if (notes.length === 0) {
      notes.push(says.nothingThen);
    }
  }
  // No day named, or nothing then: the nearest free times that keep the buyer's other wishes.
  const from = window.from;
  const to = addDays(from, SEARCH_DAYS - 1) < window.to ? addDays(from, SEARCH_DAYS - 1) : window.to;
  const all = await freeOf(from, to);
  let found = nearestFirst(
    all.filter((p) => fits(p, criteria)),
    criteria,
  );
  if (found.length === 0) found = all.filter((p) => !criteria.excluded.includes(weekdayOf(p.date)));
  return { proposals: pick(found, rank), notes };
}
