// The agent's learned scheduling preferences (issue 17): their own bookings since the last reset → the
// domain's learner, with the agent's correction from Settings (area 'scheduling'). Read per conversation turn
// and for Settings; the ranker orders the assistant's proposals and marks the best "suggested".
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  describePreferences,
  hasPreferences,
  learnPreferences,
  rankSlots,
  type HistoryEvent,
  type LearnedPreferences,
} from '@keyturn/domain/learning/preferences';
import {
  DEFAULT_SCHEDULING_PREFERENCES,
  type Proposal,
  type SchedulingPreferencesResponse,
  type StoredSchedulingPreferences,
} from '@keyturn/domain/schemas/assistant';
import { wallClockInZone } from '@keyturn/domain/time';
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import type { AgentRow } from '../modules/agents/service';
import { readSettings, writeSettings } from '../modules/agents/settings-service';
import { MAX_PROPOSALS } from './slots';

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
  return (await readSettings(db, agentId, 'scheduling', DEFAULT_SCHEDULING_PREFERENCES)).data;
}

export async function learnedPreferences(db: Db, agent: AgentRow, now: Date): Promise<LearnedPreferences> {
  const stored = await storedPreferences(db, agent.id);
  const since = new Date(
    Math.max(now.getTime() - HISTORY_DAYS * DAY_MS, stored.reset_at ? Date.parse(stored.reset_at) : 0),
  );
  const rows = await db
    .select({ startsAt: bookings.startsAt, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.agentId, agent.id),
        gte(bookings.createdAt, since),
        lt(bookings.startsAt, now),
        inArray(bookings.status, Object.keys(OUTCOMES) as BookingStatus[]),
      ),
    );
  const history = rows.map((r) => {
    const wall = wallClockInZone(r.startsAt, agent.timeZone);
    return { date: wall.date, time: wall.time, outcome: OUTCOMES[r.status]! };
  });
  return learnPreferences(history, { periods: stored.periods, maxPerDay: stored.max_per_day });
}

/** Orders proposals by the agent's preferences and marks the best three "suggested"; none without any. */
export async function preferenceRanker(
  db: Db,
  agent: AgentRow,
  now: Date,
): Promise<((slots: Proposal[]) => Proposal[]) | undefined> {
  const learned = await learnedPreferences(db, agent, now);
  if (!hasPreferences(learned)) return undefined;
  const ahead = await db
    .select({ startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.agentId, agent.id),
        gte(bookings.startsAt, now),
        lt(bookings.startsAt, new Date(now.getTime() + 62 * DAY_MS)),
        inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
      ),
    );
  const perDate = new Map<string, number>();
  for (const b of ahead) {
    const date = wallClockInZone(b.startsAt, agent.timeZone).date;
    perDate.set(date, (perDate.get(date) ?? 0) + 1);
  }
  return (slots) =>
    rankSlots(learned, slots, perDate).map((slot, i) => ({ ...slot, suggested: i < MAX_PROPOSALS }));
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
      reset_at: stored.reset_at,
    },
  };
}

export async function correctPreferences(
  db: Db,
  agent: AgentRow,
  correction: Pick<StoredSchedulingPreferences, 'periods' | 'max_per_day'>,
) {
  const stored = await storedPreferences(db, agent.id);
  await writeSettings(db, agent.id, 'scheduling', { ...stored, ...correction });
}

/** Forget what was learned so far (and the correction): learning starts again from now. */
export async function resetPreferences(db: Db, agent: AgentRow, now: Date) {
  await writeSettings(db, agent.id, 'scheduling', {
    ...DEFAULT_SCHEDULING_PREFERENCES,
    reset_at: now.toISOString(),
  });
}
