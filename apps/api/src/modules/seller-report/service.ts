// The live seller report (issue 32 §4, decision 054): one contact's token opens one listing's report. Showings by
// week (domain sellerWeekKind), feedback without buyers' names, the price-opinion and interest counts, the
// sentiment of the buyers' words (the leads' sentiment code), the listing's showings per week on market against
// the agent's other listings (domain figures.ts), and the agent's notes. A revoked or unknown token, a deleted
// listing or a plan without seller reports is 404.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { textColorOn } from '@keyturn/domain/contrast';
import { ON_MARKET_SHOWING_STATUSES, showingsPerWeekOnMarket } from '@keyturn/domain/figures';
import { sellerWeekKind, type SellerReport, type SellerWeekKind } from '@keyturn/domain/listing/sellerReport';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { Db } from '../../db/client';
import {
  agents,
  bookings,
  documentDownloads,
  feedback,
  properties,
  propertyContacts,
  propertySellerNotes,
} from '../../db/schema';
import { notFound } from '../../http/errors';
import { analyzeSentiment } from '../leads/sentiment';

const reportNotFound = () => notFound('Report not found.');

/** The contact, listing and agent a report token opens, or 404. */
export async function reportOwnerOf(db: Db, token: string) {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw reportNotFound();
  const [row] = await db
    .select({ contact: propertyContacts, property: properties, agent: agents })
    .from(propertyContacts)
    .innerJoin(properties, eq(properties.id, propertyContacts.propertyId))
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(and(eq(propertyContacts.reportToken, token), isNull(propertyContacts.reportRevokedAt)));
  if (!row || row.property.deletedAt || !planAllows(planFor(row.agent.plan), 'sellerReports')) {
    throw reportNotFound();
  }
  return row;
}

const emptyWeek = (): Record<SellerWeekKind, number> => ({ done: 0, upcoming: 0, cancelled: 0, no_show: 0 });

export async function sellerReport(db: Db, token: string, now: Date): Promise<SellerReport> {
  const { contact, property, agent } = await reportOwnerOf(db, token);
  const showings = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      week: sql<string>`to_char(date_trunc('week', ${bookings.startsAt} at time zone ${agent.timeZone}), 'YYYY-MM-DD')`,
    })
    .from(bookings)
    .where(eq(bookings.propertyId, property.id))
    .orderBy(asc(bookings.startsAt));

  const weeks = new Map<string, Record<SellerWeekKind, number>>();
  const totals = emptyWeek();
  for (const s of showings) {
    const kind = sellerWeekKind(s.status, s.endsAt, now);
    if (!kind) continue;
    const week = weeks.get(s.week) ?? emptyWeek();
    week[kind] += 1;
    totals[kind] += 1;
    weeks.set(s.week, week);
  }

  const order = new Map(showings.map((s, k) => [s.id, k]));
  const given = showings.length
    ? await db
        .select()
        .from(feedback)
        .where(
          inArray(
            feedback.bookingId,
            showings.map((s) => s.id),
          ),
        )
    : [];
  given.sort((a, b) => (order.get(a.bookingId) ?? 0) - (order.get(b.bookingId) ?? 0));
  const startOf = new Map(showings.map((s) => [s.id, s.startsAt]));
  const priceOpinions = { too_high: 0, fair: 0, good_value: 0 };
  const interest = { very_interested: 0, somewhat_interested: 0, not_interested: 0 };
  for (const f of given) {
    if (f.priceOpinion && f.priceOpinion in priceOpinions)
      priceOpinions[f.priceOpinion as keyof typeof priceOpinions] += 1;
    if (f.interestLevel in interest) interest[f.interestLevel as keyof typeof interest] += 1;
  }
  const sentiment = analyzeSentiment(
    given.flatMap((f) => [
      { source: 'liked' as const, text: f.liked },
      { source: 'disliked' as const, text: f.disliked },
      { source: 'comments' as const, text: f.comments },
    ]),
  );

  const [notes] = await db
    .select()
    .from(propertySellerNotes)
    .where(eq(propertySellerNotes.propertyId, property.id));

  return {
    success: true as const,
    contact: { name: contact.name },
    property: {
      address: property.address,
      city: property.city,
      state: property.state,
      listed_on: property.createdAt.toISOString().slice(0, 10),
    },
    agent: {
      name: `${agent.firstName} ${agent.lastName}`.trim(),
      companyName: agent.companyName,
      email: agent.email,
      phone: agent.phone || null,
      logoUrl: agent.logoUrl,
      primaryColor: agent.primaryColor,
      onPrimaryColor: textColorOn(agent.primaryColor),
    },
    weeks: [...weeks].map(([week_of, counts]) => ({ week_of, ...counts })),
    totals,
    feedback: given.map((f, k) => ({
      date: (startOf.get(f.bookingId) ?? f.createdAt).toISOString(),
      buyer: `Buyer ${k + 1}`,
      rating: f.rating,
      interest: f.interestLevel,
      price_opinion: f.priceOpinion,
      liked: f.liked,
      disliked: f.disliked,
      comments: f.comments,
    })),
    price_opinions: priceOpinions,
    interest,
    sentiment: { label: sentiment.label, positive: sentiment.positive, negative: sentiment.negative },
    comparison: await comparisonOf(db, agent.id, property.id, now),
    document_downloads: await documentDownloadCount(db, property.id),
    notes: notes?.notes ?? '',
    generated_at: now.toISOString(),
  };
}

/** `showingsPerWeekOnMarket` of the listing and the mean over the agent's other listings (not deleted). */
async function comparisonOf(db: Db, agentId: string, propertyId: number, now: Date) {
  const rows = await db
    .select({
      id: properties.id,
      listedAt: properties.createdAt,
      showings: sql<number>`(select count(*)::int from bookings b where b.property_id = "properties"."id" and b.status in ${ON_MARKET_SHOWING_STATUSES})`,
    })
    .from(properties)
    .where(and(eq(properties.agentId, agentId), isNull(properties.deletedAt)));
  const figure = (r: (typeof rows)[number]) => showingsPerWeekOnMarket(r.showings, r.listedAt, now);
  const self = rows.find((r) => r.id === propertyId);
  const others = rows.filter((r) => r.id !== propertyId);
  const mean = others.length
    ? Math.round((others.reduce((sum, r) => sum + figure(r), 0) / others.length) * 10) / 10
    : null;
  return { this_listing: self ? figure(self) : 0, other_listings: mean, other_count: others.length };
}

/** A new report token for a contact (re-issue): the old link stops working at once. */
export async function reissueReportLink(db: Db, propertyId: number, contactId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .update(propertyContacts)
    .set({ reportToken: token, reportRevokedAt: null })
    .where(and(eq(propertyContacts.id, contactId), eq(propertyContacts.propertyId, propertyId)))
    .returning({ id: propertyContacts.id });
  if (!row) throw notFound('Contact not found.');
  return token;
}

export async function revokeReportLink(db: Db, propertyId: number, contactId: string, now: Date) {
  const [row] = await db
    .update(propertyContacts)
    .set({ reportRevokedAt: now })
    .where(and(eq(propertyContacts.id, contactId), eq(propertyContacts.propertyId, propertyId)))
    .returning({ id: propertyContacts.id });
  if (!row) throw notFound('Contact not found.');
}

/** The property's contacts with their report links, for the agent. */
export async function reportLinksOf(db: Db, propertyId: number, publicUrl: string) {
  const rows = await db
    .select()
    .from(propertyContacts)
    .where(eq(propertyContacts.propertyId, propertyId))
    .orderBy(asc(propertyContacts.createdAt));
  return rows.map((c) => ({
    contact_id: c.id,
    name: c.name,
    role: c.role,
    url: c.reportRevokedAt ? null : sellerReportUrl(publicUrl, c.reportToken),
    revoked: c.reportRevokedAt !== null,
  }));
}

export const sellerReportUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/seller/${encodeURIComponent(token)}`;

export async function notesOf(db: Db, propertyId: number): Promise<string> {
  const [row] = await db
    .select()
    .from(propertySellerNotes)
    .where(eq(propertySellerNotes.propertyId, propertyId));
  return row?.notes ?? '';
}

export async function saveNotes(db: Db, propertyId: number, notes: string, now: Date): Promise<void> {
  await db
    .insert(propertySellerNotes)
    .values({ propertyId, notes })
    .onConflictDoUpdate({ target: propertySellerNotes.propertyId, set: { notes, updatedAt: now } });
}

/**
 * The seller report's "Document downloads" figure (domain figures.ts documentDownloads): downloads of the
 * listing's documents by buyers, their agents and booking-page visitors since it was listed — the agent's own
 * look not counted.
 */
async function documentDownloadCount(db: Db, propertyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(documentDownloads)
    .where(
      and(
        eq(documentDownloads.propertyId, propertyId),
        inArray(documentDownloads.role, ['buyer', 'buyer_agent', 'public']),
      ),
    );
  return row?.n ?? 0;
}
