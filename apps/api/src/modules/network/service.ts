// Issue 45 "The showing network": a signed-in agent as a buyer's agent. They search the published listings of
// the server's other agents (public data only), read a listing's open times exactly as its booking page answers
// them, ask for a showing through the booking page's own write (so the listing's rules and approval chain apply
// as for any buyer), and follow their requests. Nothing of the listing agent's other data is read here.
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  NETWORK_TEXTS as T,
  requestState,
  type NetworkListing,
  type NetworkListingsResponse,
  type NetworkRequestBody,
  type NetworkRequestView,
  type NetworkSearch,
} from '@keyturn/domain/listing/network';
import { parsePropertyRef } from '@keyturn/domain/links';
import { bookingRequestSchema } from '@keyturn/domain/schemas/booking';
import type { PropertyType } from '@keyturn/domain/schemas/property';
import type { Db } from '../../db/client';
import { agents, bookings, properties, sellerApprovalRequests, timeProposals } from '../../db/schema';
import { AppError, fieldErrors, validationError } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import type { PublicContext } from '../booking-public/context';
import { availabilityForDate } from '../booking-public/slot-pipeline';
import { createBooking } from '../booking-public/service';
import { textsOffered } from '../booking-public/texts-offer';
import type { ConsentEvidence } from '../texts/consent';

type PropertyRow = typeof properties.$inferSelect;

const notInNetwork = () => new AppError(404, 'LISTING_NOT_IN_NETWORK', T.notListed);
const requestNotFound = () =>
  new AppError(404, 'REQUEST_NOT_FOUND', 'This showing request could not be found.');
export const ownListing = () => new AppError(409, 'OWN_LISTING', T.ownListing, { property_id: T.ownListing });

/** A listing other agents may find: published, not deleted, not opted out. */
export const inNetwork = and(
  eq(properties.isPublic, true),
  sql`${properties.deletedAt} is null`,
  eq(properties.networkListed, true),
)!;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchListings(
  db: Db,
  caller: AgentRow,
  query: NetworkSearch,
): Promise<NetworkListingsResponse> {
  const filters: SQL[] = [inNetwork, ne(properties.agentId, caller.id)];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(
      or(ilike(properties.address, like), ilike(properties.city, like), ilike(properties.zipCode, like))!,
    );
  }
  if (query.city) filters.push(sql`lower(${properties.city}) = lower(${query.city})`);
  if (query.min_price !== undefined) filters.push(sql`${properties.price} >= ${query.min_price}`);
  if (query.max_price !== undefined) filters.push(sql`${properties.price} <= ${query.max_price}`);
  if (query.beds !== undefined) filters.push(sql`${properties.bedrooms} >= ${query.beds}`);
  const rows = await db
    .select({
      property: properties,
      first: agents.firstName,
      last: agents.lastName,
      company: agents.companyName,
    })
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(and(...filters))
    // Newest listings first; the id keeps the pages stable between equal times.
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(query.limit + 1)
    .offset(query.offset);
  const page = rows.slice(0, query.limit);
  return {
    success: true,
    data: page.map((r) => toListing(r.property, `${r.first} ${r.last}`.trim(), r.company)),
    next_offset: rows.length > query.limit ? query.offset + query.limit : null,
  };
}

function toListing(p: PropertyRow, agentName: string, company: string | null): NetworkListing {
  return {
    id: p.id,
    public_id: p.publicId,
    address: p.address,
    city: p.city,
    state: p.state,
    zip_code: p.zipCode,
    price: p.price,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    property_type: p.propertyType as PropertyType,
    image: p.images[0] ?? null,
    agent: { name: agentName, company: company || null },
  };
}

/** A listing in the network by its id or public id, or 404; the caller's own → 409 (they book it in Bookings). */
export async function networkListing(db: Db, caller: AgentRow, ref: string | number): Promise<PropertyRow> {
  // The numeric id, or the unguessable public id the app's links use.
  const parsed = typeof ref === 'number' ? ref : parsePropertyRef(ref);
  if (parsed === null) throw notInNetwork();
  const key = typeof parsed === 'number' ? eq(properties.id, parsed) : eq(properties.publicId, parsed);
  const [row] = await db.select().from(properties).where(and(key, inNetwork));
  if (!row) throw notInNetwork();
  if (row.agentId === caller.id) throw ownListing();
  return row;
}

/** One listing as the request panel shows it, and whether its agent texts buyers (their consent box). */
export async function listingDetail(ctx: PublicContext, caller: AgentRow, ref: string) {
  const property = await networkListing(ctx.db, caller, ref);
  const [agent] = await ctx.db.select().from(agents).where(eq(agents.id, property.agentId));
  if (!agent) throw notInNetwork();
  const name = `${agent.firstName} ${agent.lastName}`.trim();
  return {
    success: true as const,
    data: { ...toListing(property, name, agent.companyName), texts_offered: await textsOffered(ctx, agent) },
  };
}

/** The listing's open times of a date: exactly the booking page's answer for that listing. */
export async function listingTimes(ctx: PublicContext, caller: AgentRow, ref: string, date: string) {
  const property = await networkListing(ctx.db, caller, ref);
  return availabilityForDate(ctx, { propertyId: property.id }, date);
}

/**
 * The caller asks for a showing for their client: the booking page's own write (notice, windows, blocks, caps,
 * holds, showing rules, agent and seller approval), with them as the buyer's agent and their account set on the
 * row in the same insert. Their tick of "Text me about this showing" is their consent for their own number.
 */
export async function requestShowing(
  ctx: PublicContext,
  caller: AgentRow,
  body: NetworkRequestBody,
  evidence: ConsentEvidence,
  /** Issue 45's cross-agent tours: the tour this request is a stop of, set in the same insert. */
  link: { networkTourId?: string } = {},
) {
  const property = await networkListing(ctx.db, caller, body.property_id);
  if (!caller.phone.trim()) throw new AppError(400, 'PHONE_REQUIRED', T.noPhone, { phone: T.noPhone });
  const parsed = bookingRequestSchema.safeParse({
    property_id: property.id,
    agent_id: property.agentId,
    client_name: body.client.name,
    client_email: body.client.email,
    client_phone: body.client.phone,
    buyer_type: body.client.buyer_type ?? 'first_time_buyer',
    booking_purpose: 'property_viewing',
    booking_date: body.booking_date,
    booking_time: body.booking_time,
    starts_at: body.starts_at,
    message: body.message,
    sms_consent: body.sms_consent,
    buyer_agent: {
      name: `${caller.firstName} ${caller.lastName}`.trim(),
      brokerage: body.brokerage,
      licence_number: body.licence_number,
      phone: caller.phone,
      email: caller.email,
    },
  });
  if (!parsed.success) {
    // Only the caller's own profile can fail here (the body was checked): say where to fix it.
    const fields = fieldErrors(parsed.error.issues);
    if (fields['buyer_agent.phone'])
      throw new AppError(400, 'PHONE_REQUIRED', T.noPhone, { phone: T.noPhone });
    throw validationError(fields);
  }
  const booking = await createBooking(ctx, parsed.data, undefined, evidence, {
    buyerAgentAccountId: caller.id,
    ...(link.networkTourId ? { networkTourId: link.networkTourId } : {}),
  });
  const view = await oneRequest(ctx, caller, booking.id);
  const [listingAgent] = await ctx.db
    .select({ first: agents.firstName, last: agents.lastName })
    .from(agents)
    .where(eq(agents.id, property.agentId));
  const agentName = `${listingAgent?.first ?? ''} ${listingAgent?.last ?? ''}`.trim();
  const awaiting = booking.awaiting ?? null;
  return {
    success: true as const,
    data: view,
    awaiting,
    message: awaiting === null ? T.confirmedNow(agentName) : T.sent(agentName, awaiting === 'seller'),
  };
}

/**
 * The ids of the caller's requests: the bookings they asked for, and the bookings that replaced them (a
 * reschedule or an accepted proposal writes a new row that points back at the one it replaced).
 */
const chainOf = (callerId: string) => sql`(
  with recursive mine(id) as (
    select ${bookings.id} from ${bookings} where ${bookings.buyerAgentAccountId} = ${callerId}
    union
    select b.id from bookings b join mine on b.rescheduled_from_id = mine.id
  ) select id from mine)`;

/**
 * The caller's requests as they read them: all (the replaced rows of moved showings left out), one by id, or
 * those of one of their tours.
 */
export async function requestViews(
  ctx: PublicContext,
  callerId: string,
  only: { id?: string; networkTourId?: string } = {},
): Promise<NetworkRequestView[]> {
  const rows = await ctx.db
    .select({ booking: bookings, property: properties, agent: agents })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        sql`${bookings.id} in ${chainOf(callerId)}`,
        only.id === undefined ? ne(bookings.status, 'rescheduled') : eq(bookings.id, only.id),
        only.networkTourId === undefined ? undefined : eq(bookings.networkTourId, only.networkTourId),
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(200);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.booking.id);
  const [open, proposed] = await Promise.all([
    ctx.db
      .select({ id: sellerApprovalRequests.bookingId })
      .from(sellerApprovalRequests)
      .where(and(inArray(sellerApprovalRequests.bookingId, ids), eq(sellerApprovalRequests.status, 'open'))),
    ctx.db
      .select({ id: timeProposals.bookingId, startsAt: timeProposals.startsAt })
      .from(timeProposals)
      .where(and(inArray(timeProposals.bookingId, ids), eq(timeProposals.status, 'proposed'))),
  ]);
  const waiting = new Set(open.map((r) => r.id));
  const proposing = new Map(proposed.map((r) => [r.id, r.startsAt.toISOString()]));
  const now = ctx.now();
  return rows.map(({ booking: b, property: p, agent: a }): NetworkRequestView => ({
    id: b.id,
    state: requestState({
      status: b.status,
      awaitingSeller: waiting.has(b.id),
      proposalOpen: proposing.has(b.id),
      endsAt: b.endsAt,
      now,
    }),
    status: b.status,
    starts_at: b.startsAt.toISOString(),
    ends_at: b.endsAt.toISOString(),
    proposed_starts_at: proposing.get(b.id) ?? null,
    time_zone: a.timeZone,
    listing: {
      id: p?.id ?? null,
      address: p?.address ?? '',
      city: p?.city ?? '',
      state: p?.state ?? '',
      zip_code: p?.zipCode ?? '',
    },
    listing_agent: { name: `${a.firstName} ${a.lastName}`.trim(), company: a.companyName || null },
    client: { name: b.clientName, email: b.clientEmail, phone: b.clientPhone },
    created_at: b.createdAt.toISOString(),
  }));
}

export async function listRequests(ctx: PublicContext, caller: AgentRow) {
  const data = await requestViews(ctx, caller.id);
  const [last] = await ctx.db
    .select({ brokerage: bookings.buyerAgentBrokerage, licence: bookings.buyerAgentLicence })
    .from(bookings)
    .where(eq(bookings.buyerAgentAccountId, caller.id))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return {
    success: true as const,
    data,
    last_used:
      last?.brokerage && last.licence ? { brokerage: last.brokerage, licence_number: last.licence } : null,
    own_phone: caller.phone.trim() || null,
  };
}

export async function oneRequest(
  ctx: PublicContext,
  caller: AgentRow,
  id: string,
): Promise<NetworkRequestView> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw requestNotFound();
  const [found] = await requestViews(ctx, caller.id, { id });
  if (!found) throw requestNotFound();
  return found;
}
