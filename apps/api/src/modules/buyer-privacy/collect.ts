// Issue 46 (decision 091): what one agent holds about one buyer — the "Your data" page and its downloads. Every
// read is scoped by the agent and the buyer's identity (identity.ts). The agent's own notes about the buyer are
// included: they are personal data about the buyer (GDPR art. 15, CCPA's "specific pieces"), decision 091.
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { YourData } from '@keyturn/domain/schemas/privacy';
import type { Db } from '../../db/client';
import {
  agents,
  bookings,
  documentRequests,
  feedback,
  leadClassHistory,
  leadNotes,
  leads,
  listingDocuments,
  notificationMessages,
  privacyRequests,
  properties,
  showingMessages,
  showingWaitlist,
  smsConsentLedger,
  smsInboundMessages,
} from '../../db/schema';
import { e164Of, emailHash, type BuyerIdentity } from './identity';

type AgentRow = typeof agents.$inferSelect;

const iso = (d: Date) => d.toISOString();
const place = (p: { address: string; city: string; state: string; zipCode: string } | null) =>
  p?.address ? `${p.address}, ${p.city}, ${p.state} ${p.zipCode}` : null;

export function agentNameOf(agent: Pick<AgentRow, 'firstName' | 'lastName'>): string {
  return `${agent.firstName} ${agent.lastName}`.trim();
}

export async function collectYourData(
  db: Db,
  agent: AgentRow,
  who: BuyerIdentity,
  now: Date,
): Promise<YourData> {
  const ids = who.bookingIds.length > 0 ? who.bookingIds : ['00000000-0000-0000-0000-000000000000'];
  const phones = e164Of(who);
  const booked = await db
    .select({ booking: bookings, property: properties })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(and(eq(bookings.agentId, agent.id), inArray(bookings.id, ids)))
    .orderBy(asc(bookings.startsAt));
  const addressOf = new Map(booked.map((r) => [r.booking.id, place(r.property)]));

  const given = await db
    .select()
    .from(feedback)
    .where(
      and(eq(feedback.agentId, agent.id), inArray(feedback.bookingId, ids), eq(feedback.source, 'buyer')),
    )
    .orderBy(asc(feedback.createdAt));

  const written = await db
    .select()
    .from(showingMessages)
    .where(
      and(
        eq(showingMessages.agentId, agent.id),
        inArray(showingMessages.bookingId, ids),
        eq(showingMessages.authorRole, 'buyer'),
      ),
    );
  const texted = phones.length
    ? await db
        .select()
        .from(smsInboundMessages)
        .where(and(eq(smsInboundMessages.agentId, agent.id), inArray(smsInboundMessages.fromPhone, phones)))
    : [];
  const sent = await db
    .select()
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.agentId, agent.id),
        inArray(notificationMessages.audience, ['buyer']),
        or(
          sql`lower(${notificationMessages.recipient}) = ${who.email}`,
          phones.length ? inArray(notificationMessages.recipient, phones) : sql`false`,
        ),
      ),
    );
  const messages: YourData['messages'] = [
    ...written.map((m) => ({
      at: iso(m.createdAt),
      direction: 'from_you' as const,
      channel: m.via,
      kind: 'showing_conversation',
      subject: addressOf.get(m.bookingId) ?? null,
      body: m.body,
    })),
    ...texted.map((m) => ({
      at: iso(m.receivedAt),
      direction: 'from_you' as const,
      channel: 'sms',
      kind: 'text_reply',
      subject: null,
      body: m.body,
    })),
    ...sent.map((m) => ({
      at: iso(m.sentAt ?? m.createdAt),
      direction: 'to_you' as const,
      channel: m.channel,
      kind: m.kind,
      subject: m.subject,
      body: null,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));

  const consents = await db
    .select()
    .from(smsConsentLedger)
    .where(
      and(
        eq(smsConsentLedger.agentId, agent.id),
        or(
          inArray(smsConsentLedger.bookingId, ids),
          phones.length ? inArray(smsConsentLedger.phone, phones) : sql`false`,
        ),
      ),
    )
    .orderBy(asc(smsConsentLedger.createdAt));

  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.agentId, agent.id), eq(leads.email, who.email)));
  const [klass] = lead
    ? await db
        .select({ class: leadClassHistory.class })
        .from(leadClassHistory)
        .where(
          and(
            eq(leadClassHistory.leadId, lead.id),
            eq(leadClassHistory.kind, 'current'),
            lte(leadClassHistory.validFrom, now),
            or(isNull(leadClassHistory.validUntil), gt(leadClassHistory.validUntil, now)),
          ),
        )
    : [];
  const notes = lead
    ? await db
        .select()
        .from(leadNotes)
        .where(and(eq(leadNotes.leadId, lead.id), eq(leadNotes.agentId, agent.id)))
        .orderBy(asc(leadNotes.createdAt))
    : [];

  const waiting = await db
    .select({ entry: showingWaitlist, property: properties })
    .from(showingWaitlist)
    .leftJoin(properties, eq(properties.id, showingWaitlist.propertyId))
    .where(
      and(eq(showingWaitlist.agentId, agent.id), sql`lower(${showingWaitlist.clientEmail}) = ${who.email}`),
    )
    .orderBy(asc(showingWaitlist.joinedAt));

  const asked = await db
    .select({ request: documentRequests, document: listingDocuments, property: properties })
    .from(documentRequests)
    .innerJoin(listingDocuments, eq(listingDocuments.id, documentRequests.documentId))
    .leftJoin(properties, eq(properties.id, listingDocuments.propertyId))
    .where(and(inArray(documentRequests.bookingId, ids), eq(listingDocuments.agentId, agent.id)))
    .orderBy(asc(documentRequests.requestedAt));

  const [request] = await db
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.agentId, agent.id), eq(privacyRequests.emailHash, emailHash(who.email))))
    .orderBy(desc(sql`${privacyRequests.status} = 'open'`), desc(privacyRequests.receivedAt))
    .limit(1);

  return {
    email: who.email,
    agent: { name: agentNameOf(agent), company: agent.companyName, time_zone: agent.timeZone },
    generated_at: iso(now),
    bookings: booked.map(({ booking: b, property }) => ({
      id: b.id,
      property: place(property),
      starts_at: iso(b.startsAt),
      ends_at: iso(b.endsAt),
      time_zone: agent.timeZone,
      status: b.status,
      name: b.clientName,
      email: b.clientEmail,
      phone: b.clientPhone,
      notes: b.message,
      buyer_type: b.buyerType,
      budget_min: b.budgetMin,
      budget_max: b.budgetMax,
      income_range: b.incomeRange,
      purpose: b.customPurpose ?? b.bookingPurpose,
      cancel_reason: b.cancelReason,
      reschedule_reason: b.rescheduleReason,
    })),
    feedback: given.map((f) => ({
      booking_id: f.bookingId,
      property: addressOf.get(f.bookingId) ?? null,
      given_at: iso(f.createdAt),
      rating: f.rating,
      interest_level: f.interestLevel,
      price_opinion: f.priceOpinion,
      liked: f.liked,
      disliked: f.disliked,
      comments: f.comments,
      second_showing: f.secondShowing,
    })),
    messages,
    consents: consents.map((c) => ({
      at: iso(c.createdAt),
      event: c.event,
      phone: c.phone,
      wording_version: c.wordingVersion,
      page: c.page,
      ip: c.ip,
    })),
    lead: lead
      ? {
          class: klass?.class ?? null,
          outcome: lead.outcome,
          notes: notes.map((n) => ({ at: iso(n.createdAt), body: n.body })),
        }
      : null,
    waitlist: waiting.map(({ entry, property }) => ({
      property: place(property),
      date: entry.date,
      part: entry.part,
      status: entry.status,
      joined_at: iso(entry.joinedAt),
      name: entry.clientName,
      phone: entry.clientPhone,
    })),
    document_requests: asked.map(({ request: r, document, property }) => ({
      document: document.name,
      property: place(property),
      status: r.status,
      requested_at: iso(r.requestedAt),
    })),
    request: request
      ? {
          status: request.status,
          received_at: iso(request.receivedAt),
          due_at: iso(request.dueAt),
          completed_at: request.completedAt ? iso(request.completedAt) : null,
        }
      : null,
  };
}
