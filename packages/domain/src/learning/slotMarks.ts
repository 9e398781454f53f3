// THE place where the two marks of a public slot meet (issue 17 with issue 16, decision 028):
// - "recommended" (routes/clusterSlots.ts): the slot sits next to one of the agent's showings nearby — a fact
//   about today's diary, given only with the agent's "cluster showings by area" on;
// - "suggested" (this file): one of the day's best slots by what Keyturn learned about the agent.
// How they combine: a recommended slot weighs RECOMMENDED_WEIGHT more when the suggestions are chosen (the route
// saving is a preference too); a slot shows ONE badge, "Recommended" winning (it says why); the grid keeps
// every slot in time order (issue 29: a suggested 15:00 listed before 09:00 broke the order a buyer scans). Pure. Marks only order and label the slots
// the agent's rules produced: none is added or dropped.
import { RECOMMENDED_SLOT } from '../messages';
import {
  dayIsFull,
  hasPreferences,
  slotScore,
  type LearnedPreferences,
  type SlotContext,
} from './preferences';

/** At most this many slots of a date are marked suggested. */
export const SUGGESTED_PER_DAY = 3;
/** What a "recommended" mark adds to a slot's learned score when the suggestions are chosen. */
export const RECOMMENDED_WEIGHT = 2;
/** A slot is suggested only when it scores at least this much above the day's average (a flat day: none). */
export const SUGGESTED_MIN_LEAD = 0.25;

export type MarkedSlot = { recommended?: boolean; suggested?: boolean };

/** The "Suggested" badge's texts. Here, not in messages.ts: only the lazily loaded time grid shows it, and
 * messages.ts sits in the booking page's first load (every export a page uses lands in that chunk). */
export const SUGGESTED_SLOT = {
  label: 'Suggested',
  title: 'Suggested: a time that suits the agent well',
} as const;

/** Each badge's texts. */
export const SLOT_BADGES = { recommended: RECOMMENDED_SLOT, suggested: SUGGESTED_SLOT } as const;

/**
 * The suggested slots of ONE date, best first: none without preferences (too little history and no
 * correction) or on a day already holding the agent's usual maximum; otherwise up to SUGGESTED_PER_DAY slots
 * that score clearly above the day's average.
 */
export function suggestDaySlots<T extends { date: string; time: string; recommended?: boolean }>(
  p: LearnedPreferences,
  slots: readonly T[],
  context: SlotContext & { bookedPerDate?: ReadonlyMap<string, number> } = {},
): T[] {
  if (!hasPreferences(p) || slots.length === 0) return [];
  if (dayIsFull(p, slots[0]!.date, context.bookedPerDate ?? new Map())) return [];
  const scored = slots.map((slot, index) => ({
    slot,
    index,
    score: slotScore(p, slot.date, slot.time, context) + (slot.recommended ? RECOMMENDED_WEIGHT : 0),
  }));
  const mean = scored.reduce((sum, s) => sum + s.score, 0) / scored.length;
  return scored
    .filter((s) => s.score >= mean + SUGGESTED_MIN_LEAD)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, SUGGESTED_PER_DAY)
    .map((s) => s.slot);
}

/** The one badge a slot shows. */
export function slotBadge(slot: MarkedSlot): 'recommended' | 'suggested' | null {
  if (slot.recommended) return 'recommended';
  return slot.suggested ? 'suggested' : null;
}
