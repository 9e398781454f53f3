// The showing rules of one property (issue 32 §1) applied to the slots the engine found free by the agent's
// hours and busy time. Pure: the slots of one agent-zone date, the property's rules, its active showings and
// "now" in; the slots kept and, for each removed one, the rule and a plain-words "why" out.
//
// Measured like the engine (decision 010): in REAL time, in the agent's zone. A wall-time span [start, end) of
// a window or a block runs from the first instant the clock shows `start` to the first instant it shows `end`
// (firstInstantAtOrAfter), so across a DST change a window or block covers the real time the clock says.
// A slot is checked rule by rule, in this order; the first rule it breaks is its "why":
// - hardNotice: starts before now + minNoticeMinutes (replaces the agent's minimum notice when set);
// - noSameDay: the date is the agent-zone date of now;
// - windows: outside the property's own weekly windows (null = the agent's hours, no filter);
// - block: overlaps a weekly or one-off block (the agent's, or a seller's/occupant's from their link);
// - maxPerDay: the property already has that many active showings starting on the date;
// - gap: less than gapMinutes from another active showing of the property (half-open, both sides).
// The suggested notice removes nothing: slots inside it are marked and the buyer sees the note.
import { millisecondsInDay as DAY_MS, millisecondsInMinute as MINUTE_MS } from 'date-fns/constants';
import { APPOINTMENT_MINUTES } from '../constants';
import type { Slot } from '../slots/engine';
import { dayNumber, isoDate, minuteOfDay, todayNumber, weekdayOf } from '../slots/dayNumbers';
import { firstInstantAtOrAfter, zoneOffsets, type OffsetPiece } from '../slots/zoneOffsets';
import type { ApprovalMode, ShowingBlock, ShowingRules } from './showingRules';
import { deciderOf, type Decider } from './whoDecides';

export const SHOWING_RULE_NAMES = [
  'hardNotice',
  'noSameDay',
  'windows',
  'block',
  'maxPerDay',
  'gap',
] as const;
export type ShowingRuleName = (typeof SHOWING_RULE_NAMES)[number];

/** The API's 409 code when a booked time breaks a rule (the write re-checks them under the agent's lock). */
export const SHOWING_RULE_CODES: Record<ShowingRuleName, string> = {
  hardNotice: 'PROPERTY_NOTICE_TOO_SHORT',
  noSameDay: 'PROPERTY_NO_SAME_DAY',
  windows: 'PROPERTY_NOT_SHOWN',
  block: 'PROPERTY_NOT_SHOWN',
  maxPerDay: 'PROPERTY_DAY_FULL',
  gap: 'PROPERTY_GAP_NEEDED',
};

/** An active showing of the property, epoch ms. */
export type PropertyShowing = { start: number; end: number };

export type RuleInput = {
  rules: ShowingRules;
  /** The agent's IANA zone (the property's). */
  timeZone: string;
  now: Date;
  /** The property's active showings around the date (the slot's own booking excluded when rescheduling). */
  showings: readonly PropertyShowing[];
};

/** What removed a slot: one of the property's rules, or the agent's daily cap (slots/agentDailyCap.ts). */
export type RemovalRule = ShowingRuleName | 'agentDayFull';

export type RemovedSlot = { time: string; startsAt: number; rule: RemovalRule; why: string };

export type RulesOutcome = {
  kept: Slot[];
  removed: RemovedSlot[];
  /** Kept slots that start inside the suggested notice (allowed; the buyer sees `noticeNote`). */
  shortNotice: Set<number>;
  /** "The seller prefers 24 hours' notice", or null without a suggested notice. */
  noticeNote: string | null;
};

const APPOINTMENT_MS = APPOINTMENT_MINUTES * MINUTE_MS;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The slots of `date` (the engine's, in time order) after the property's rules. */
export function applyShowingRules(slots: readonly Slot[], date: string, input: RuleInput): RulesOutcome {
  const day = dayContext(date, input);
  const kept: Slot[] = [];
  const removed: RemovedSlot[] = [];
  const shortNotice = new Set<number>();
  const suggested = input.rules.suggestedNoticeMinutes;
  for (const slot of slots) {
    const broken = brokenRule(slot.startsAt, day, input);
    if (broken) {
      removed.push({ time: slot.time, startsAt: slot.startsAt, ...broken });
      continue;
    }
    kept.push(slot);
    if (suggested !== null && slot.startsAt < input.now.getTime() + suggested * MINUTE_MS) {
      shortNotice.add(slot.startsAt);
    }
  }
  return { kept, removed, shortNotice, noticeNote: suggestedNoticeNote(input.rules) };
}

/** The first rule a showing starting at `startsAt` on agent-zone `date` breaks, or null (the write's re-check). */
export function ruleBroken(
  startsAt: number,
  date: string,
  input: RuleInput,
): { rule: ShowingRuleName; why: string } | null {
  return brokenRule(startsAt, dayContext(date, input), input);
}

/** The approval a new booking of the property takes: its own mode, else the agent's setting. */
export function effectiveApproval(
  rules: Pick<ShowingRules, 'approval'> | null,
  agentRequiresApproval: boolean,
): ApprovalMode {
  return rules?.approval ?? (agentRequiresApproval ? 'agent' : 'instant');
}

/** Whether buyers may book at all (`instructions`: the page shows the instructions and the agent's contact). */
export function takesBookings(mode: ApprovalMode): boolean {
  return mode !== 'instructions';
}

/** The 409 of a booking of an instructions-only property (the page, the assistant and MCP never offer it a time). */
export const INSTRUCTIONS_ONLY_MESSAGE =
  'This home is not booked online. Please see its showing instructions or contact the agent.';

/** How a property is shown to buyers: what the booking page, the assistant and MCP all answer (issue 39 §4). */
export type ShowingAnswer = {
  /** No online booking: no times are offered; the buyer gets the instructions and the agent's contact. */
  instructions_only: boolean;
  instructions: string | null;
  /** "The seller prefers 24 hours' notice", or null. */
  notice_note: string | null;
  contact: { phone: string | null; email: string } | null;
  /** Issue 39 §6: who decides a request (listing/whoDecides.ts) — said before "Confirm Booking"; null: no bookings. */
  decides: Decider | null;
};

/**
 * THE answer to "can a buyer book this property, and if not, how do they see it?" — one function for the
 * property page, the agent's page (each listed property), the assistant and MCP.
 */
export function showingAnswer(
  rules: Pick<ShowingRules, 'approval' | 'instructions' | 'suggestedNoticeMinutes'>,
  agentRequiresApproval: boolean,
  agent: { phone: string | null; email: string },
): ShowingAnswer {
  const mode = effectiveApproval(rules, agentRequiresApproval);
  const instructionsOnly = !takesBookings(mode);
  return {
    instructions_only: instructionsOnly,
    instructions: instructionsOnly ? rules.instructions : null,
    notice_note: suggestedNoticeNote(rules),
    contact: instructionsOnly ? { phone: agent.phone, email: agent.email } : null,
    decides: deciderOf(mode),
  };
}

/**
 * An instructions-only property in one sentence, for the assistant and MCP: "12 Elm Street is not booked online:
 * Call the day before. Contact Dana Reed at +15551234567 or dana@example.com."
 */
export function instructionsOnlyWords(answer: ShowingAnswer, address: string, agentName: string): string {
  const steps = answer.instructions ? ` ${withStop(answer.instructions)}` : '';
  return `${address} is not booked online: it is shown by its showing instructions.${steps} ${contactWords(answer, agentName)}`;
}

/** "Contact Dana Reed at +15551234567 or dana@example.com." */
export function contactWords(answer: Pick<ShowingAnswer, 'contact'>, agentName: string): string {
  const phone = answer.contact?.phone;
  const email = answer.contact?.email;
  const ways = [phone, email].filter(Boolean).join(' or ');
  return ways ? `Contact ${agentName} at ${ways}.` : `Contact ${agentName}.`;
}

function withStop(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Whether a new booking waits for someone (the agent, the seller, or both) before it is confirmed. */
export function startsPending(mode: ApprovalMode): boolean {
  return mode === 'agent' || mode === 'seller' || mode === 'agent_then_seller';
}

/** Whether a seller's answer is part of the approval (the "seller" helper's approval chain takes it from there). */
export function needsSeller(mode: ApprovalMode): mode is 'seller' | 'agent_then_seller' {
  return mode === 'seller' || mode === 'agent_then_seller';
}

/** "The seller prefers 24 hours' notice" (the buyer page's note), or null without a suggested notice. */
export function suggestedNoticeNote(rules: Pick<ShowingRules, 'suggestedNoticeMinutes'>): string | null {
  const minutes = rules.suggestedNoticeMinutes;
  if (minutes === null || minutes === 0) return null;
  return `The seller prefers ${noticeWords(minutes)} notice`;
}

/** 1440 → "24 hours'", 60 → "1 hour's", 2880 → "2 days'", 90 → "90 minutes'" (possessive, for "… notice"). */
export function noticeWords(minutes: number): string {
  if (minutes % (60 * 24) === 0 && minutes >= 60 * 48) return possessive(minutes / (60 * 24), 'day');
  if (minutes % 60 === 0) return possessive(minutes / 60, 'hour');
  return possessive(minutes, 'minute');
}

function possessive(n: number, unit: string): string {
  return n === 1 ? `1 ${unit}'s` : `${n} ${unit}s'`;
}

/**
 * How a block reads to a buyer, with its exact hours (issue 39 §12: a 4–5 PM block is not "Thursday
 * afternoons"): "Not shown 4–5 PM on Thursdays: the occupants are home", "Not shown 6–7 PM on Tuesday,
 * December 1".
 */
export function blockWhy(block: ShowingBlock): string {
  const hours = spanWords(block.start, block.end);
  const when =
    block.kind === 'weekly'
      ? `${hours} on ${WEEKDAYS[block.weekday]}s`
      : `${hours} on ${dateWords(block.date)}`;
  const reason = block.note ?? (block.by === 'contact' ? 'the seller asked for this time' : null);
  return reason ? `Not shown ${when}: ${reason}` : `Not shown ${when}`;
}

/** '17:30' → '5:30 PM'. */
export function clockWords(time: string): string {
  const minute = minuteOfDay(time);
  const hour = Math.floor(minute / 60);
  return `${hour % 12 || 12}:${String(minute % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A wall-time span, short: '16:00'–'17:00' → '4–5 PM', '11:30'–'13:00' → '11:30 AM–1 PM'. */
export function spanWords(start: string, end: string): string {
  const from = shortClock(start);
  const to = shortClock(end);
  return from.half === to.half
    ? `${from.clock}–${to.clock} ${to.half}`
    : `${from.clock} ${from.half}–${to.clock} ${to.half}`;
}

function shortClock(time: string): { clock: string; half: 'AM' | 'PM' } {
  const minute = minuteOfDay(time);
  const hour = Math.floor(minute / 60);
  const rest = minute % 60;
  return {
    clock: rest === 0 ? `${hour % 12 || 12}` : `${hour % 12 || 12}:${String(rest).padStart(2, '0')}`,
    half: hour < 12 ? 'AM' : 'PM',
  };
}

/**
 * A property's own weekly windows that reach outside the agent's weekly working hours (issue 39 §12): such a
 * window is never offered (the engine only offers the agent's hours), so the save refuses it, naming the field
 * (`windows.N.start` or `windows.N.end`) and the hours the agent does work that day.
 */
export function windowsOutsideHours(
  windows: readonly { weekday: number; start: string; end: string }[] | null,
  weekly: readonly {
    day_of_week: number;
    is_available: boolean;
    intervals: readonly { start: string; end: string }[];
  }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  (windows ?? []).forEach((w, i) => {
    const day = weekly.find((d) => d.day_of_week === w.weekday);
    const hours = day?.is_available ? day.intervals : [];
    if (hours.some((h) => h.start <= w.start && w.end <= h.end)) return;
    const name = WEEKDAYS[w.weekday];
    const worked =
      hours.length === 0
        ? `you do not work on ${name}s`
        : `your working hours on ${name}s are ${hours.map((h) => spanWords(h.start, h.end)).join(' and ')}`;
    const startInside = hours.some((h) => h.start <= w.start && w.start < h.end);
    fields[`windows.${i}.${startInside ? 'end' : 'start'}`] =
      `${name} ${spanWords(w.start, w.end)} is outside your working hours (${worked}): buyers would never be offered it. Change the window, or your hours in Settings → Availability.`;
  });
  return fields;
}

// ---- inside ----

type DayContext = {
  date: string;
  day: number;
  weekday: number;
  offsets: OffsetPiece[];
  /** The date's first and next date's first instant. */
  from: number;
  to: number;
};

function dayContext(date: string, input: RuleInput): DayContext {
  const day = dayNumber(date);
  const offsets = zoneOffsets(input.timeZone, (day - 1) * DAY_MS, (day + 2) * DAY_MS);
  return {
    date,
    day,
    weekday: weekdayOf(day),
    offsets,
    from: firstInstantAtOrAfter(offsets, day * DAY_MS),
    to: firstInstantAtOrAfter(offsets, (day + 1) * DAY_MS),
  };
}

/** [first instant the clock shows start, first instant it shows end) on the day. */
function period(day: DayContext, start: string, end: string): [number, number] {
  return [
    firstInstantAtOrAfter(day.offsets, day.day * DAY_MS + minuteOfDay(start) * MINUTE_MS),
    firstInstantAtOrAfter(day.offsets, day.day * DAY_MS + minuteOfDay(end) * MINUTE_MS),
  ];
}

function brokenRule(
  start: number,
  day: DayContext,
  input: RuleInput,
): { rule: ShowingRuleName; why: string } | null {
  const { rules } = input;
  const end = start + APPOINTMENT_MS;
  const now = input.now.getTime();
  if (rules.minNoticeMinutes !== null && start < now + rules.minNoticeMinutes * MINUTE_MS) {
    return { rule: 'hardNotice', why: `Needs at least ${noticeWords(rules.minNoticeMinutes)} notice` };
  }
  if (rules.noSameDay && isoDate(todayNumber(input.now, input.timeZone)) === day.date) {
    return { rule: 'noSameDay', why: 'Not shown on the day it is booked' };
  }
  if (rules.windows !== null) {
    const mine = rules.windows.filter((w) => w.weekday === day.weekday);
    const inside = mine.some((w) => {
      const [from, to] = period(day, w.start, w.end);
      return start >= from && end <= to;
    });
    if (!inside) return { rule: 'windows', why: windowsWhy(mine, day.weekday) };
  }
  for (const block of rules.blocks) {
    if (block.kind === 'weekly' ? block.weekday !== day.weekday : block.date !== day.date) continue;
    const [from, to] = period(day, block.start, block.end);
    if (start < to && end > from) return { rule: 'block', why: blockWhy(block) };
  }
  if (rules.maxPerDay !== null) {
    const that = input.showings.filter((s) => s.start >= day.from && s.start < day.to).length;
    if (that >= rules.maxPerDay) {
      return {
        rule: 'maxPerDay',
        why: `Shown at most ${rules.maxPerDay === 1 ? 'once' : `${rules.maxPerDay} times`} a day, and this day is full`,
      };
    }
  }
  const gap = (rules.gapMinutes ?? 0) * MINUTE_MS;
  if (gap > 0 && input.showings.some((s) => start < s.end + gap && end > s.start - gap)) {
    return {
      rule: 'gap',
      why: `The seller asks for ${rules.gapMinutes} minutes between showings`,
    };
  }
  return null;
}

function windowsWhy(mine: readonly { start: string; end: string }[], weekday: number): string {
  const name = WEEKDAYS[weekday];
  if (mine.length === 0) return `Not shown on ${name}s`;
  const spans = mine.map((w) => `${clockWords(w.start)} to ${clockWords(w.end)}`).join(' and ');
  return `Shown on ${name}s from ${spans} only`;
}

/** '2026-12-01' → 'Tuesday, December 1'. */
function dateWords(date: string): string {
  return DATE_WORDS().format(dayNumber(date) * DAY_MS);
}

// Made on first use: no locale data loaded at a page's start for it (issue 48).
let dateWordsFormat: Intl.DateTimeFormat | undefined;
const DATE_WORDS = () =>
  (dateWordsFormat ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }));

/** How each approval mode reads on the agent's "Showing rules" form. */
export const APPROVAL_MODE_LABELS: Record<ApprovalMode, string> = {
  instant: 'Instant: confirmed at once',
  agent: 'You approve each request',
  seller: 'The seller approves (instead of you)',
  agent_then_seller: 'You approve, then the seller',
  instructions: 'Instructions only: no online booking',
};

export const WEEKDAY_NAMES = WEEKDAYS;
