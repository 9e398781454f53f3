// Issue 44 "Open houses with capacity" (decision 086): the agent schedules and cancels open houses; a property's
// page lists its upcoming ones with the places left per 30-minute group; a buyer registers for a group. A
// registration is a booking (purpose open_house, open_house_id) written under the agent's lock — the lock every
// write of the agent takes, so counting a group's registrations there and refusing the one beyond its capacity
// is exact however many register at once — and told to the notifier like any booking (confirmation, reminders,
// feedback request). Private showings and open houses are kept apart by migration 0053's triggers.
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { ACTIVE_BOOKING_STATUSES } from '@keyturn/domain/enums';
import {
  OPEN_HOUSE_FULL_CODE,
  OPEN_HOUSE_GROUP_MINUTES,
  OPEN_HOUSE_TEXTS as T,
  openHouseGroups,
  openHouseWindowProblem,
  placesLeft,
} from '@keyturn/domain/slots/openHouse';
import { agentToday, slotInstant } from '@keyturn/domain/slots/engine';
import type {
  AgentOpenHouse,
  OpenHouseCreate,
  OpenHouseRegister,
  OpenHouseView,
} from '@keyturn/domain/schemas/openHouses';
import type { BuyerBooking } from '@keyturn/domain/schemas/publicBooking';
import { SMS_CONSENT_VERSION } from '@keyturn/domain/texts/consent';
import type { Db, DbTransaction } from '../../db/client';
import { constraintName, sqlState } from '../../db/client';
import { bookings, openHouses, properties } from '../../db/schema';
import { agentWriteTransaction, lockAgentRow, writeTransaction } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AgentRow } from '../core/agents';
import { findPublicProperty, propertyNotFound } from '../core/public-reads';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { bookingColumns, insertBooking } from '../bookings/service';
import type { PublicContext } from '../booking-public/context';
import { checkMonthlyLimit, toBuyerBooking } from '../booking-public/service';
import { textsOffered } from '../booking-public/texts-offer';
import { recordConsent, type ConsentEvidence } from '../texts/consent';

const GROUP_MS = OPEN_HOUSE_GROUP_MINUTES * 60_000;
const notFound = () => new AppError(404, 'OPEN_HOUSE_NOT_FOUND', 'This open house does not exist.');
const closed = () => new AppError(409, 'OPEN_HOUSE_CLOSED', T.notOpen, { starts_at: T.notOpen });
const full = () => new AppError(409, OPEN_HOUSE_FULL_CODE, T.fullNow, { starts_at: T.fullNow });

type OpenHouseRow = typeof openHouses.$inferSelect;

/** Active registrations per group start (ms) of the given open houses. */
async function takenPerGroup(
  db: Db | DbTransaction,
  ids: string[],
): Promise<Map<string, Map<number, number>>> {
  const taken = new Map<string, Map<number, number>>();
  if (ids.length === 0) return taken;
  const rows = await db
    .select({ id: bookings.openHouseId, startsAt: bookings.startsAt, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(inArray(bookings.openHouseId, ids), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])))
    .groupBy(bookings.openHouseId, bookings.startsAt);
  for (const r of rows) {
    const of = taken.get(r.id!) ?? new Map<number, number>();
    of.set(r.startsAt.getTime(), r.n);
    taken.set(r.id!, of);
  }
  return taken;
}

function viewOf(
  row: OpenHouseRow,
  address: string,
  timeZone: string,
  taken: Map<number, number> | undefined,
): OpenHouseView {
  return {
    id: row.id,
    property: { id: row.propertyId, address },
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    time_zone: timeZone,
    groups_per_slot: row.groupsPerSlot,
    groups: openHouseGroups(row.startsAt, row.endsAt).map((g) => {
      const n = taken?.get(g.getTime()) ?? 0;
      return { starts_at: g.toISOString(), taken: n, left: placesLeft(row.groupsPerSlot, n) };
    }),
  };
}

/** POST /api/open-houses: an open house of one of the agent's properties (409 over a showing or open house). */
export async function createOpenHouse(
  db: Db,
  agent: AgentRow,
  input: OpenHouseCreate,
  now: Date,
): Promise<OpenHouseView> {
  const [property] = await db
    .select({ id: properties.id, address: properties.address })
    .from(properties)
    .where(
      and(
        eq(properties.id, input.property_id),
        eq(properties.agentId, agent.id),
        isNull(properties.deletedAt),
      ),
    );
  if (!property)
    throw new AppError(404, 'PROPERTY_NOT_FOUND', 'Choose one of your properties', {
      property_id: 'Choose one of your properties',
    });
  if (input.date <= agentToday(now, agent.timeZone)) {
    throw new AppError(400, 'VALIDATION_ERROR', T.form.past, { date: T.form.past });
  }
  const startsAt = slotInstant(input.date, input.start_time, agent.timeZone)?.startsAt;
  const endsAt = slotInstant(input.date, input.end_time, agent.timeZone)?.startsAt;
  if (!startsAt || !endsAt) {
    const skipped = 'The clocks skip this time that day (daylight saving). Please choose another.';
    throw new AppError(400, 'VALIDATION_ERROR', skipped, { [startsAt ? 'end_time' : 'start_time']: skipped });
  }
  const problem = openHouseWindowProblem(startsAt, endsAt);
  if (problem) throw new AppError(400, 'VALIDATION_ERROR', problem, { end_time: problem });
  try {
    const row = await writeTransaction(db, async (tx) => {
      await lockAgentRow(tx, agent.id);
      const [inserted] = await tx
        .insert(openHouses)
        .values({
          agentId: agent.id,
          propertyId: property.id,
          startsAt,
          endsAt,
          groupsPerSlot: input.groups_per_slot,
          createdAt: now,
        })
        .returning();
      return inserted!;
    });
    return viewOf(row, property.address, agent.timeZone, undefined);
  } catch (err) {
    if (sqlState(err) === '23P01') {
      const message =
        constraintName(err) === 'open_houses_no_overlap'
          ? 'Another open house of yours is scheduled in this window.'
          : T.overlapsShowing;
      throw new AppError(409, 'OPEN_HOUSE_OVERLAPS', message, { start_time: message });
    }
    throw err;
  }
}

/** GET /api/open-houses: the agent's open houses not yet over, soonest first, with who registered. */
export async function agentOpenHouses(db: Db, agent: AgentRow, now: Date): Promise<AgentOpenHouse[]> {
  const rows = await db
    .select({ row: openHouses, address: properties.address })
    .from(openHouses)
    .innerJoin(properties, eq(properties.id, openHouses.propertyId))
    .where(and(eq(openHouses.agentId, agent.id), isNull(openHouses.cancelledAt), gt(openHouses.endsAt, now)))
    .orderBy(asc(openHouses.startsAt));
  const ids = rows.map((r) => r.row.id);
  const taken = await takenPerGroup(db, ids);
  const people =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(bookings)
          .where(
            and(inArray(bookings.openHouseId, ids), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])),
          )
          .orderBy(asc(bookings.startsAt), asc(bookings.createdAt));
  return rows.map(({ row, address }) => ({
    ...viewOf(row, address, agent.timeZone, taken.get(row.id)),
    registrants: people
      .filter((b) => b.openHouseId === row.id)
      .map((b) => ({
        booking_id: b.id,
        starts_at: b.startsAt.toISOString(),
        client_name: b.clientName,
        client_email: b.clientEmail,
        client_phone: b.clientPhone,
      })),
  }));
}

/** DELETE /api/open-houses/:id: cancelled, and each registration with it (the buyers are told, as by the agent). */
export async function cancelOpenHouse(
  db: Db,
  notify: BookingNotifier,
  agentId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await writeTransaction(db, async (tx) => {
    await lockAgentRow(tx, agentId);
    const [row] = await tx
      .update(openHouses)
      .set({ cancelledAt: sql`now()` })
      .where(and(eq(openHouses.id, id), eq(openHouses.agentId, agentId), isNull(openHouses.cancelledAt)))
      .returning({ id: openHouses.id });
    if (!row) throw notFound();
    const cancelled = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: 'agent', cancelReason: 'The open house was cancelled' })
      .where(and(eq(bookings.openHouseId, id), inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES])))
      .returning();
    for (const booking of cancelled) await notify.actionApplied(tx, booking, 'cancel');
  });
}

/** GET /api/booking/open-houses/:propertyId: a public property's open houses still to come, with places left. */
export async function publicOpenHouses(ctx: PublicContext, propertyRef: string): Promise<OpenHouseView[]> {
  const { property, agent } = await findPublicProperty(ctx.db, propertyRef);
  const rows = await ctx.db
    .select()
    .from(openHouses)
    .where(
      and(
        eq(openHouses.propertyId, property.id),
        isNull(openHouses.cancelledAt),
        gt(openHouses.endsAt, ctx.now()),
      ),
    )
    .orderBy(asc(openHouses.startsAt));
  const taken = await takenPerGroup(
    ctx.db,
    rows.map((r) => r.id),
  );
  const now = ctx.now().getTime();
  return rows.map((row) => {
    const view = viewOf(row, property.address, agent.timeZone, taken.get(row.id));
    return { ...view, groups: view.groups.filter((g) => Date.parse(g.starts_at) > now) };
  });
}

/**
 * POST /api/booking/open-houses/:id/register: a party registered for one group of the open house — refused with
 * 409 OPEN_HOUSE_FULL once the group holds its capacity, counted under the agent's lock.
 */
export async function registerForOpenHouse(
  ctx: PublicContext,
  id: string,
  input: OpenHouseRegister,
  consent: ConsentEvidence,
): Promise<BuyerBooking> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db.select().from(openHouses).where(eq(openHouses.id, id));
  if (!row) throw notFound();
  const { property, agent } = await findPublicProperty(ctx.db, row.propertyId);
  if (property.agentId !== row.agentId) throw propertyNotFound();
  const start = Date.parse(input.starts_at);
  const group = openHouseGroups(row.startsAt, row.endsAt).find((g) => g.getTime() === start);
  const now = ctx.now();
  if (!group || row.cancelledAt || group.getTime() <= now.getTime()) throw closed();
  const texts = input.sms_consent && (await textsOffered(ctx, agent));
  return agentWriteTransaction(ctx.db, agent.id, async (tx) => {
    const [live] = await tx
      .select({ capacity: openHouses.groupsPerSlot })
      .from(openHouses)
      .where(and(eq(openHouses.id, id), isNull(openHouses.cancelledAt)));
    if (!live) throw closed();
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(
        and(
          eq(bookings.openHouseId, id),
          eq(bookings.startsAt, group),
          inArray(bookings.status, [...ACTIVE_BOOKING_STATUSES]),
        ),
      );
    if (n >= live.capacity) throw full();
    await checkMonthlyLimit(tx, agent, now);
    const booking = await insertBooking(tx, {
      ...bookingColumns(
        {
          client_name: input.client_name,
          client_email: input.client_email,
          client_phone: input.client_phone,
          buyer_type: input.buyer_type,
          budget_min: null,
          budget_max: null,
          income_range: null,
          booking_purpose: 'open_house',
          custom_purpose: null,
          message: null,
        },
        property.id,
      ),
      ...(texts ? { smsConsentVersion: SMS_CONSENT_VERSION, smsConsentAt: now } : {}),
      agentId: agent.id,
      openHouseId: id,
      status: 'confirmed',
      startsAt: group,
      endsAt: new Date(group.getTime() + GROUP_MS),
      // Issue 43: the buyer's language (the payload's or the request's, else the agent's default).
      locale: input.locale ?? agent.defaultLanguage,
      createdAt: now,
    });
    if (texts) {
      await recordConsent(tx, { ...consent, booking, country: ctx.smsDefaultCountry, at: now });
    }
    await ctx.notify.created(tx, booking, 'buyer');
    return { ...toBuyerBooking(ctx, booking, agent), awaiting: null };
  });
}
