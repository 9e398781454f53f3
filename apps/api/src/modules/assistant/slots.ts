// The times the assistant offers (issue 17): REAL free slots from the slot engine, over the agent's rules
// and busy time read through the availability service, filtered by what the buyer asked for, at most three.
// A day that has passed, lies beyond the booking window or is closed is named, politely, before the nearest
// free times are offered instead.
import { ASSISTANT_SAYS } from '@keyturn/domain/assistant/texts';
import type { Proposal } from '@keyturn/domain/schemas/assistant';
import {
  agentToday,
  bookingWindow,
  computeDaySlots,
  dayIsAvailable,
  slotLabel,
  slotStartIso,
  type Slot,
} from '@keyturn/domain/slots/engine';
import type { AgentRow } from '../agents/service';
import { busyIntervals, slotRulesFor } from '../availability/service';
import type { PublicContext } from '../booking-public/context';
import type { TimeWindow } from './when';

export type SlotCriteria = {
  dates: string[] | null;
  excluded: number[];
  window: TimeWindow | null;
  time: string | null;
};

export const MAX_PROPOSALS = 3;
/** Without a day named, the assistant looks this many days ahead. */
const SEARCH_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** 'Saturday, February 2' for an agent-zone date. */
export function dateLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function toProposal(date: string, slot: Slot, timeZone: string): Proposal {
  return {
    starts_at: slotStartIso(slot),
    date,
    time: slot.time.slice(0, 5),
    label: `${dateLabel(date)} at ${slotLabel(slot, timeZone)}`,
    suggested: false,
  };
}

/** Every free slot of agent-zone dates from..to, as proposals (rules + busy time read once). */
export async function freeProposals(
  ctx: PublicContext,
  agent: AgentRow,
  from: string,
  to: string,
): Promise<Proposal[]> {
  const rules = await slotRulesFor(ctx.db, agent);
  const busy = await busyIntervals(
    ctx.db,
    agent.id,
    new Date(Date.parse(`${from}T12:00:00Z`) - 2 * DAY_MS),
    new Date(Date.parse(`${to}T12:00:00Z`) + 2 * DAY_MS),
  );
  const out: Proposal[] = [];
  for (const [date, slots] of computeDaySlots(rules, busy, ctx.now(), { from, to })) {
    for (const slot of slots) out.push(toProposal(date, slot, agent.timeZone));
  }
  return out;
}

function fits(p: Proposal, c: SlotCriteria): boolean {
  if (c.excluded.includes(weekdayOf(p.date))) return false;
  if (c.time) return p.time === c.time;
  if (c.window) return p.time >= c.window.from && p.time < c.window.to;
  return true;
}

/** Up to three proposals: the agent's best by `rank` when there is one, else spread over days (round robin). */
function pick(proposals: Proposal[], rank?: (slots: Proposal[]) => Proposal[]): Proposal[] {
  // The agent's learned preferences: the best three, best first.
  if (rank) return rank(proposals).slice(0, MAX_PROPOSALS);
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
  return out.sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
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
  if (criteria.dates) {
    const today = agentToday(now, agent.timeZone);
    const rules = await slotRulesFor(ctx.db, agent);
    if (criteria.dates.some((d) => d <= today)) notes.push(ASSISTANT_SAYS.pastDay);
    if (criteria.dates.some((d) => d > window.to)) notes.push(ASSISTANT_SAYS.beyondWindow);
    const inWindow = criteria.dates.filter((d) => d >= window.from && d <= window.to);
    const closed = inWindow.filter((d) => !dayIsAvailable(rules, d));
    if (closed.length > 0 && closed.length === inWindow.length) {
      notes.push(ASSISTANT_SAYS.closedDay(closed.map(dateLabel)));
    }
    const open = inWindow.filter((d) => !closed.includes(d));
    if (open.length > 0) {
      const from = open[0]!;
      const to = open[open.length - 1]!;
      const wanted = new Set(open);
      const found = (await freeProposals(ctx, agent, from, to)).filter(
        (p) => wanted.has(p.date) && fits(p, criteria),
      );
      if (found.length > 0) return { proposals: pick(found, rank), notes };
      notes.push(ASSISTANT_SAYS.nothingThen);
      if (criteria.time) {
        // That exact time is taken: the closest free times of the same day(s).
        const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
        const target = minutes(criteria.time);
        const near = (await freeProposals(ctx, agent, from, to))
          .filter((p) => wanted.has(p.date) && !criteria.excluded.includes(weekdayOf(p.date)))
          .sort((a, b) => Math.abs(minutes(a.time) - target) - Math.abs(minutes(b.time) - target))
          .slice(0, MAX_PROPOSALS);
        if (near.length > 0) return { proposals: pick(near), notes };
      }
    } else if (notes.length === 0) {
      notes.push(ASSISTANT_SAYS.nothingThen);
    }
  }
  // No day named, or nothing then: the nearest free times that keep the buyer's other wishes.
  const from = window.from;
  const to = addDays(from, SEARCH_DAYS - 1) < window.to ? addDays(from, SEARCH_DAYS - 1) : window.to;
  const all = await freeProposals(ctx, agent, from, to);
  let found = all.filter((p) => fits(p, criteria));
  if (found.length === 0) found = all.filter((p) => !criteria.excluded.includes(weekdayOf(p.date)));
  return { proposals: pick(found, rank), notes };
}
