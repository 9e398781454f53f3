// The agent's learned scheduling preferences (issue 17): their own bookings since the last reset → the
// domain's learner, with the agent's correction from Settings (area 'scheduling'). Read per conversation turn,
// per public date's slots and for Settings; the ranker orders the assistant's proposals and marks the best
// "suggested", and learnedForSuggestions + suggestedSlots mark the public slots of a date (decision 028).
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  areaOf,
  describePreferences,
  hasPreferences,
  learnPreferences,
  rankSlots,
  type HistoryEvent,
  type LearnedPreferences,
  type SlotContext,
} from '@keyturn/domain/learning/preferences';
import { suggestDaySlots } from '@keyturn/domain/learning/slotMarks';
import type { Property } from '@keyturn/domain/schemas/property';
import {
  DEFAULT_SCHEDULING_PREFERENCES,
  type Proposal,
  type SchedulingPreferencesInput,
  type SchedulingPreferencesResponse,
  type StoredSchedulingPreferences,
} from '@keyturn/domain/schemas/assistant';
import { wallClocksInZone } from '@keyturn/domain/slots/zoneOffsets';
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import type { Db } from '../../db/client';
import { bookings, properties } from '../../db/schema';
import type { AgentRow } from '../core/agents';
import { readSettings, writeSettings } from '../core/agent-settings';
import { MAX_PROPOSALS } from './slots';
import type { SlotSuggester } from '../booking-public/context';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The learner reads this much history. */
const HISTORY_DAYS = 180;

type BookingStatus = (typeof bookings.$inferSelect)['status'];
const OUTCOMES: Partial<Record<BookingStatus, HistoryEvent['outcome']>> = {
  confirmed: 'kept',
  completed: 'kept',
  no_show: 'kept',
  declined: 'declined',
  rescheduled: 'moved',
};

export async function storedPreferences(db: Db, agentId: string): Promise<StoredSchedulingPreferences> {
  // Rows saved before a field existed read it as its default.
  const { data } = await readSettings(db, agentId, 'scheduling', DEFAULT_SCHEDULING_PREFERENCES);
  return { ...DEFAULT_SCHEDULING_PREFERENCES, ...data };
}

type Agent = Pick<AgentRow, 'id' | 'timeZone'>;

export async function learnedPreferences(
  db: Db,
  agent: Agent,
  now: Date,
  stored?: StoredSchedulingPreferences,
): Promise<LearnedPreferences> {
  stored ??= await storedPreferences(db, agent.id);
  const since = new Date(
    Math.max(now.getTime() - HISTORY_DAYS * DAY_MS, stored.reset_at ? Date.parse(stored.reset_at) : 0),
  );
  const rows = await db
    .select({
      startsAt: bookings.startsAt,
      status: bookings.status,
      city: properties.city,
      zip: properties.zipCode,
    })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(bookings.agentId, agent.id),
        gte(bookings.createdAt, since),
        lt(bookings.startsAt, now),
        inArray(bookings.status, Object.keys(OUTCOMES) as BookingStatus[]),
      ),
    );
  const walls = wallClocksInZone(
    rows.map((r) => r.startsAt.getTime()),
    agent.timeZone,
  );
  const history: HistoryEvent[] = rows.map((r, i) => {
    const wall = walls[i]!;
    return {
      date: wall.date,
      time: wall.time,
      outcome: OUTCOMES[r.status]!,
      area: areaOf({ city: r.city, zip_code: r.zip }),
    };
  });
  return learnPreferences(history, {
    periods: stored.periods,
    maxPerDay: stored.max_per_day,
    areas: stored.areas,
  });
}

/** The agent's active showings in [from, to): per agent-zone date how many, and each one's time and area. */
async function showingsAhead(db: Db, agent: Agent, from: Date, to: Date) {
  const rows = await db
    .select({ startsAt: bookings.startsAt, city: properties.city, zip_code: properties.zipCode })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(bookings.agentId, agent.id),
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, to),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
      ),
    );
  return showingsByDate(rows, agent.timeZone);
}

type PlacedShowing = { startsAt: Date | number; city: string | null; zip_code: string | null };

/** Showings as the learner's context: per agent-zone date how many, and each one's date, wall time and area. */
function showingsByDate(rows: readonly PlacedShowing[], timeZone: string) {
  const perDate = new Map<string, number>();
  const showings: NonNullable<SlotContext['showings']>[number][] = [];
  // The zone is looked up once for all of them (the public date call runs this on every request).
  const walls = wallClocksInZone(
    rows.map((b) => new Date(b.startsAt).getTime()),
    timeZone,
  );
  rows.forEach((b, i) => {
    const wall = walls[i]!;
    perDate.set(wall.date, (perDate.get(wall.date) ?? 0) + 1);
    showings.push({ date: wall.date, time: wall.time, area: areaOf(b) });
  });
  return { perDate, showings };
}

/**
 * Orders proposals by the agent's preferences (the property's area included) and marks the best three
 * "suggested"; none without any.
 */
export async function preferenceRanker(
  db: Db,
  agent: AgentRow,
  now: Date,
  listed: readonly Pick<Property, 'id' | 'city' | 'zip_code'>[] = [],
): Promise<((slots: Proposal[], propertyId?: number | null) => Proposal[]) | undefined> {
  const learned = await learnedPreferences(db, agent, now);
  if (!hasPreferences(learned)) return undefined;
  const { perDate, showings } = await showingsAhead(db, agent, now, new Date(now.getTime() + 62 * DAY_MS));
  const areaOfProperty = new Map(listed.map((p) => [p.id, areaOf(p)]));
  return (slots, propertyId) =>
    rankSlots(learned, slots, perDate, {
      area: propertyId ? (areaOfProperty.get(propertyId) ?? null) : null,
      showings,
    }).map((slot, i) => ({ ...slot, suggested: i < MAX_PROPOSALS }));
}

/**
 * What the public "suggested" marks of a date learn from (decision 028): null when the agent switched the marks
 * off or too little was learned. `scheduling` is the 'scheduling' settings row's data from the date's slot
 * inputs (readSlotInputs), so the public date call stays one statement; only the learned model is read (and
 * cached) here.
 */
async function learnedForSuggestions(
  db: Db,
  agent: Agent,
  now: Date,
  scheduling: unknown,
): Promise<LearnedPreferences | null> {
  // As storedPreferences: rows saved before a field existed read it as its default.
  const stored: StoredSchedulingPreferences = {
    ...DEFAULT_SCHEDULING_PREFERENCES,
    ...((scheduling ?? DEFAULT_SCHEDULING_PREFERENCES) as Partial<StoredSchedulingPreferences>),
  };
  if (!stored.suggest_on_booking_page) return null;
  const learned = await cachedLearnedPreferences(db, agent, now, stored);
  return hasPreferences(learned) ? learned : null;
}

/**
 * The public slots of one agent-zone date to mark "suggested" (pure): none without `learned`; otherwise
 * slotMarks.suggestDaySlots over the slots offered, with the property's area and the day's showings (from the
 * date's slot inputs).
 */
function suggestedSlots<S extends { time: string; startsAt: number }>(
  learned: LearnedPreferences | null,
  timeZone: string,
  date: string,
  offered: readonly { slot: S; recommended: boolean }[],
  read: {
    place: { city: string | null; zip_code: string | null } | null;
    /** The agent's active bookings around the date (at least the whole agent-zone date). */
    showings: readonly PlacedShowing[];
  },
): Set<S> {
  if (!learned || offered.length === 0) return new Set();
  // Only the date's own showings count for its marks (its fill and the showings next to a slot).
  const { perDate, showings } = showingsByDate(read.showings, timeZone);
  const area = read.place ? areaOf(read.place) : null;
  const candidates = offered.map(({ slot, recommended }) => ({
    slot,
    date,
    time: slot.time.slice(0, 5),
    recommended,
  }));
  const best = suggestDaySlots(learned, candidates, { area, showings, bookedPerDate: perDate });
  return new Set(best.map((c) => c.slot));
}

/**
 * The public availability is the hot path (issue 18): what was learned from the past is kept per agent for
 * LEARNED_TTL_MS in this process, unless the agent's correction, switch or reset changed (read every time).
 * Learning from a showing minutes late only delays an ordering; Settings and the assistant read it fresh.
 */
const LEARNED_TTL_MS = 5 * 60_000;
const LEARNED_CACHE_SIZE = 1_000;
const learnedCache = new Map<string, { settings: string; at: number; value: LearnedPreferences }>();

async function cachedLearnedPreferences(
  db: Db,
  agent: Agent,
  now: Date,
  stored: StoredSchedulingPreferences,
): Promise<LearnedPreferences> {
  const settings = JSON.stringify(stored);
  const hit = learnedCache.get(agent.id);
  if (hit && hit.settings === settings && Math.abs(now.getTime() - hit.at) < LEARNED_TTL_MS) {
    return hit.value;
  }
  const value = await learnedPreferences(db, agent, now, stored);
  learnedCache.delete(agent.id);
  learnedCache.set(agent.id, { settings, at: now.getTime(), value });
  // The oldest entry goes when the map is full (a Map iterates in insertion order).
  if (learnedCache.size > LEARNED_CACHE_SIZE) learnedCache.delete(learnedCache.keys().next().value!);
  return value;
}

export async function preferencesView(
  db: Db,
  agent: AgentRow,
  now: Date,
): Promise<SchedulingPreferencesResponse> {
  const [stored, learned] = await Promise.all([
    storedPreferences(db, agent.id),
    learnedPreferences(db, agent, now),
  ]);
  return {
    success: true,
    data: {
      summary: describePreferences(learned),
      events: learned.events,
      periods: stored.periods,
      max_per_day: stored.max_per_day,
      areas: stored.areas,
      learned_areas: learned.areaDays,
      suggest_on_booking_page: stored.suggest_on_booking_page,
      reset_at: stored.reset_at,
    },
  };
}

export async function correctPreferences(db: Db, agent: AgentRow, correction: SchedulingPreferencesInput) {
  const stored = await storedPreferences(db, agent.id);
  // A field left out stays as it was.
  const given = Object.fromEntries(Object.entries(correction).filter(([, v]) => v !== undefined));
  await writeSettings(db, agent.id, 'scheduling', { ...stored, ...given });
}

/**
 * Forget what was learned so far (and the correction, the areas' too): learning starts again from now. The
 * "Suggested" switch is a setting, not something learned: it stays.
 */
export async function resetPreferences(db: Db, agent: AgentRow, now: Date) {
  const stored = await storedPreferences(db, agent.id);
  await writeSettings(db, agent.id, 'scheduling', {
    ...DEFAULT_SCHEDULING_PREFERENCES,
    suggest_on_booking_page: stored.suggest_on_booking_page,
    reset_at: now.toISOString(),
  });
}

/**
 * The booking page's suggested times (issue 17), as the slot pipeline asks for them: the app registers this
 * with the public booking context (decision 071). The learned model is read (cached) only when it may mark.
 */
export const suggestOnBookingPage: SlotSuggester = async (db, input) => {
  const learned = await learnedForSuggestions(db, input.agent, input.now, input.scheduling);
  const marked = suggestedSlots(learned, input.agent.timeZone, input.date, input.offered, {
    place: input.place,
    showings: input.showings,
  });
  return new Set([...marked].map((slot) => slot.startsAt));
};
