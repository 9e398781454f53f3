// Issue 45: who is reading a showing's conversation, by each way in — the listing agent (their booking), the
// buyer's agent's account (the booking they asked for), the buyer's manage link, a seller contact's link (only
// where the listing agent lets sellers write). Anything else is the same 404, so nobody learns a booking exists.
import { and, eq, isNull } from 'drizzle-orm';
import type { ThreadAuthorRole } from '@keyturn/domain/listing/threads';
import type { Db } from '../../db/client';
import { agents, bookings, properties, propertyContacts } from '../../db/schema';
import { notFound } from '../../http/errors';

type BookingRow = typeof bookings.$inferSelect;
type AgentRow = typeof agents.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;
export type ContactRow = typeof propertyContacts.$inferSelect;

export type ThreadViewer = { role: ThreadAuthorRole; name: string; sellerContactId: string | null };

export type ThreadAccess = {
  booking: BookingRow;
  agent: AgentRow;
  property: PropertyRow | null;
  viewer: ThreadViewer;
  /** Quick statuses are the showing's two sides' (the listing agent, the buyer or their agent). */
  canPostStatus: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const threadNotFound = () => notFound('Conversation not found.');

async function loaded(db: Db, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({ booking: bookings, agent: agents, property: properties })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(where);
  if (!row) throw threadNotFound();
  return row;
}

/** The buyer's side of a booking: their agent when they booked through one, else the buyer. */
export function buyerSide(booking: BookingRow): ThreadViewer {
  return booking.buyerAgentName !== null || booking.buyerAgentAccountId !== null
    ? { role: 'buyer_agent', name: booking.buyerAgentName ?? booking.clientName, sellerContactId: null }
    : { role: 'buyer', name: booking.clientName, sellerContactId: null };
}

export async function agentAccess(db: Db, agentId: string, bookingId: string): Promise<ThreadAccess> {
  if (!UUID.test(bookingId)) throw threadNotFound();
  const row = await loaded(db, and(eq(bookings.id, bookingId), eq(bookings.agentId, agentId)));
  const name = `${row.agent.firstName} ${row.agent.lastName}`.trim();
  return { ...row, viewer: { role: 'agent', name, sellerContactId: null }, canPostStatus: true };
}

export async function networkAccess(db: Db, caller: AgentRow, bookingId: string): Promise<ThreadAccess> {
  if (!UUID.test(bookingId)) throw threadNotFound();
  const row = await loaded(db, and(eq(bookings.id, bookingId), eq(bookings.buyerAgentAccountId, caller.id)));
  const name = row.booking.buyerAgentName ?? `${caller.firstName} ${caller.lastName}`.trim();
  return { ...row, viewer: { role: 'buyer_agent', name, sellerContactId: null }, canPostStatus: true };
}

export async function manageAccess(db: Db, token: string): Promise<ThreadAccess> {
  if (!token || token.length > 200) throw threadNotFound();
  const row = await loaded(db, and(eq(bookings.manageToken, token)));
  return { ...row, viewer: buyerSide(row.booking), canPostStatus: true };
}

/** The seller contact a seller link opens (not revoked, a seller of a listing not deleted), or 404. */
export async function sellerOf(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw threadNotFound();
  const [row] = await db
    .select({ contact: propertyContacts, property: properties, agent: agents })
    .from(propertyContacts)
    .innerJoin(properties, eq(properties.id, propertyContacts.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(and(eq(propertyContacts.reportToken, token), isNull(propertyContacts.reportRevokedAt)));
  if (!row || row.property.deletedAt || row.contact.role !== 'seller') throw threadNotFound();
  return row;
}

/** A seller's way into one showing of their listing: only where the listing agent lets sellers write. */
export async function sellerAccess(db: Db, token: string, bookingId: string): Promise<ThreadAccess> {
  const { contact, property } = await sellerOf(db, token);
  if (!property.sellersInThread || !UUID.test(bookingId)) throw threadNotFound();
  const row = await loaded(db, and(eq(bookings.id, bookingId), eq(bookings.propertyId, property.id)));
  return {
    ...row,
    viewer: { role: 'seller', name: contact.name, sellerContactId: contact.id },
    canPostStatus: false,
  };
}
