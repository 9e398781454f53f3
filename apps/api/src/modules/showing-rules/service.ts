// Issue 32 §1: a property's showing rules — read and saved for its agent (own or team scope, as the property
// routes), read by the slot pipeline (availability/slot-inputs.ts, in its one statement) and re-checked by the
// booking write under the agent's lock. A property without a row follows its agent's settings.
import { and, eq, gt, inArray, isNull, lt, ne } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import {
  effectiveApproval,
  INSTRUCTIONS_ONLY_MESSAGE,
  ruleBroken,
  SHOWING_RULE_CODES,
  takesBookings,
  windowsOutsideHours,
} from '@keyturn/domain/listing/applyRules';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import {
  DEFAULT_SHOWING_RULES,
  type ShowingRules,
  type ShowingRulesView,
} from '@keyturn/domain/listing/showingRules';
import type { Db, DbTransaction } from '../../db/client';
import { availabilitySettings, bookings, propertyShowingRules } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import { readAvailability } from '../availability/service';
import { propertyEditableBy, propertyVisibleTo } from '../properties/service';

type RulesRow = typeof propertyShowingRules.$inferSelect;

/** A stored row as the domain's rules; no row = every field follows the agent. */
export function toShowingRules(row: RulesRow | undefined): ShowingRules {
  if (!row) return DEFAULT_SHOWING_RULES;
  return {
    approval: row.approval ?? null,
    instructions: row.instructions,
    minNoticeMinutes: row.minNoticeMinutes,
    suggestedNoticeMinutes: row.suggestedNoticeMinutes,
    noSameDay: row.noSameDay,
    windows: row.windows,
    blocks: row.blocks,
    maxPerDay: row.maxPerDay,
    gapMinutes: row.gapMinutes,
    accessReleaseMinutes: row.accessReleaseMinutes,
    changeCutoffHours: row.changeCutoffHours,
  };
}

export async function readShowingRules(db: Db | DbTransaction, propertyId: number): Promise<ShowingRules> {
  const [row] = await db
    .select()
    .from(propertyShowingRules)
    .where(eq(propertyShowingRules.propertyId, propertyId));
  return toShowingRules(row);
}

async function viewOf(db: Db, agentId: string, rules: ShowingRules): Promise<ShowingRulesView> {
  const [settings] = await db
    .select()
    .from(availabilitySettings)
    .where(eq(availabilitySettings.agentId, agentId));
  return {
    rules,
    defaults: {
      approval: effectiveApproval(null, settings?.requiresApproval ?? false),
      minNoticeMinutes: settings?.minimumNoticeMinutes ?? 0,
      bufferMinutes: settings?.bufferMinutes ?? 0,
      changeCutoffHours: settings?.buyerChangeCutoffHours ?? 0,
    },
  };
}

/** GET /api/properties/:id/showing-rules: a property the caller may see (own or team), else 404. */
export async function getShowingRules(db: Db, agent: AgentRow, rawId: string): Promise<ShowingRulesView> {
  const property = await propertyVisibleTo(db, agent, rawId);
  return viewOf(db, property.agentId, await readShowingRules(db, property.id));
}

/**
 * PUT /api/properties/:id/showing-rules: the whole set, on a property the caller may change. A window outside
 * the property's agent's weekly hours would never be offered: refused with 400 naming the window (issue 39 §12),
 * before anything is written.
 */
export async function saveShowingRules(
  db: Db,
  agent: AgentRow,
  rawId: string,
  rules: ShowingRules,
): Promise<ShowingRulesView> {
  const property = await propertyEditableBy(db, agent, rawId);
  const hours = (await readAvailability(db, property.agentId)) ?? DEFAULT_AVAILABILITY;
  const outside = windowsOutsideHours(rules.windows, hours.days);
  const first = Object.values(outside)[0];
  if (first) throw new AppError(400, 'WINDOW_OUTSIDE_HOURS', first, outside);
  const values = { ...rules, propertyId: property.id };
  await db
    .insert(propertyShowingRules)
    .values(values)
    .onConflictDoUpdate({
      target: propertyShowingRules.propertyId,
      set: { ...rules, updatedAt: new Date() },
    });
  return viewOf(db, property.agentId, rules);
}

export const instructionsOnly = () =>
  new AppError(409, 'PROPERTY_INSTRUCTIONS_ONLY', INSTRUCTIONS_ONLY_MESSAGE);

/**
 * The booking write's re-check (issue 32), under the agent's lock: the property's rules as saved now and its
 * active showings now — a showing booked since the page loaded may have filled the day or needs its gap. Throws
 * the rule's 409 (SHOWING_RULE_CODES) with its plain-words reason.
 */
export async function assertShowingRules(
  tx: DbTransaction,
  check: {
    propertyId: number;
    timeZone: string;
    date: string;
    startsAt: Date;
    now: Date;
    ignoreBookingId?: string;
  },
): Promise<void> {
  const rules = await readShowingRules(tx, check.propertyId);
  if (!takesBookings(rules.approval ?? 'instant')) throw instructionsOnly();
  const around = 2 * 86_400_000;
  const conditions = [
    eq(bookings.propertyId, check.propertyId),
    inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
    // An open house's registrations are one event, not showings (decision 086).
    isNull(bookings.openHouseId),
    lt(bookings.startsAt, new Date(check.startsAt.getTime() + around)),
    gt(bookings.endsAt, new Date(check.startsAt.getTime() - around)),
  ];
  if (check.ignoreBookingId) conditions.push(ne(bookings.id, check.ignoreBookingId));
  const showings = await tx
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(and(...conditions));
  const broken = ruleBroken(check.startsAt.getTime(), check.date, {
    rules,
    timeZone: check.timeZone,
    now: check.now,
    showings: showings.map((s) => ({ start: s.start.getTime(), end: s.end.getTime() })),
  });
  if (broken) throw ruleRefusal(broken);
}

/** A time a rule removes, booked anyway: 409 with the rule's code and its reason. */
export function ruleRefusal(broken: { rule: keyof typeof SHOWING_RULE_CODES; why: string }): AppError {
  const message = `${broken.why}. Please pick another time.`;
  return new AppError(409, SHOWING_RULE_CODES[broken.rule], message, { booking_time: message });
}
