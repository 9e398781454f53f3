// Post-showing feedback: the buyer's answers by the booking's unguessable public id (the link in the
// feedback request e-mail), at most one per booking (a second submit replaces the answers), and the agent's
// list, reading, note, manual entry and deletion — always scoped to the caller's own bookings. Saving or
// deleting answers stores the lead's class again in the same transaction (../leads/classes.ts).
import { and, desc, eq, sql } from 'drizzle-orm';
import { wallClockInZone } from '@keyturn/domain/time';
import {
  feedbackAnswersFor,
  type AgentFeedback,
  type FeedbackAnswers,
  type PublicFeedbackView,
} from '@keyturn/domain/schemas/feedback';
import type { Db, DbTransaction } from '../../db/client';
import { writeTransaction } from '../../db/transaction';
import { agents, bookings, feedback, properties } from '../../db/schema';
import { AppError, fieldErrors, notFound, validationError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { AgentRow } from '../core/agents';
import { reclassifyBookingLead } from '../leads/classes';
import { textColorOn } from '@keyturn/domain/contrast';
import { agentBookingPath, propertyBookingPath } from '@keyturn/domain/links';
import { purposeLabel } from '../core/mail/format';
import { notificationSettingsOf } from '../core/notifications/settings';

type FeedbackRow = typeof feedback.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

const linkNotFound = () =>
  new AppError(404, 'FEEDBACK_LINK_NOT_FOUND', 'This feedback link is not valid. Please check your e-mail.');
const feedbackNotFound = () => notFound('Feedback not found.');
/** Statuses of a showing that took place or will: anything else has nothing to give feedback on. */
const OPEN_STATUSES = ['confirmed', 'completed', 'pending'];

// ---- the buyer ----

export async function publicFeedbackView(db: Db, publicId: string): Promise<PublicFeedbackView> {
  const { booking, agent, property } = await byPublicId(db, publicId);
  const questions = await questionsOf(db, agent.id);
  const [given] = await db.select().from(feedback).where(eq(feedback.bookingId, booking.id));
  const wall = wallClockInZone(booking.startsAt, agent.timeZone);
  return {
    success: true as const,
    showing: {
      booking_date: wall.date,
      booking_time: wall.time,
      time_zone: agent.timeZone,
      starts_at: booking.startsAt.toISOString(),
      purpose: purposeLabel(booking.bookingPurpose, booking.customPurpose),
      property: property ? { address: property.address, city: property.city, state: property.state } : null,
    },
    agent: {
      name: `${agent.firstName} ${agent.lastName}`,
      companyName: agent.companyName,
      logoUrl: agent.logoUrl,
      profilePictureUrl: agent.profilePictureUrl,
      primaryColor: agent.primaryColor,
      onPrimaryColor: textColorOn(agent.primaryColor),
    },
    questions,
    feedback: given ? answersOf(given) : null,
    submitted_at: given ? given.updatedAt.toISOString() : null,
    open: OPEN_STATUSES.includes(booking.status),
    book_again_path:
      property && property.isPublic && !property.deletedAt
        ? propertyBookingPath(agent.username, property.address, property.publicId)
        : agentBookingPath(agent.id, agent.username),
  };
}

/**
 * Stores the buyer's answers; a second submit replaces them. `created` says which happened. Stamped with the
 * server's clock (`now`): the lead score weighs answers by their age.
 */
export async function submitPublicFeedback(
  db: Db,
  publicId: string,
  body: unknown,
  now: Date = new Date(),
): Promise<{ created: boolean; feedback: FeedbackAnswers; agentId: string; bookingId: string }> {
  const { booking, agent } = await byPublicId(db, publicId);
  if (!OPEN_STATUSES.includes(booking.status)) {
    throw new AppError(
      409,
      'FEEDBACK_CLOSED',
      'This showing was cancelled or moved, so there is no feedback to give for it.',
    );
  }
  const parsed = feedbackAnswersFor(await questionsOf(db, agent.id)).safeParse(body);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
  const answers = parsed.data;
  // The answers and the lead's stored class change together.
  const row = await writeTransaction(db, async (tx) => {
    const [saved] = await tx
      .insert(feedback)
      .values({
        bookingId: booking.id,
        agentId: agent.id,
        source: 'buyer',
        ...columnsOf(answers),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: feedback.bookingId,
        set: { ...columnsOf(answers), source: 'buyer', updatedAt: now },
      })
      // xmax = 0 only for a freshly inserted row version: the first submit.
      .returning({ id: feedback.id, inserted: sql<boolean>`(xmax = 0)` });
    await reclassifyBookingLead(tx, agent.id, booking.id);
    return saved;
  });
  return { created: Boolean(row?.inserted), feedback: answers, agentId: agent.id, bookingId: booking.id };
}

/**
 * Issue 33: a rating 1–5 texted back after the feedback ask. It becomes the booking's feedback rating; answers
 * already given on the web form keep their other fields. Without any, the interest level is read off the
 * rating (4–5 very, 3 somewhat, 1–2 not interested) until the buyer fills the form (its link still works, and
 * replaces it). The lead's class is stored again in the same transaction, as for the web form.
 */
export async function rateShowingByText(
  tx: DbTransaction,
  booking: { id: string; agentId: string },
  rating: number,
  now: Date,
): Promise<void> {
  const interestLevel =
    rating >= 4 ? 'very_interested' : rating === 3 ? 'somewhat_interested' : 'not_interested';
  await tx
    .insert(feedback)
    .values({
      bookingId: booking.id,
      agentId: booking.agentId,
      source: 'buyer',
      rating,
      interestLevel,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: feedback.bookingId, set: { rating, updatedAt: now } });
  await reclassifyBookingLead(tx, booking.agentId, booking.id);
}

// ---- the agent ----

export async function listFeedback(
  db: Db,
  agent: AgentRow,
  query: { property_id?: number | undefined; limit?: number | undefined },
): Promise<AgentFeedback[]> {
  const rows = await selectFeedback(db)
    .where(
      and(
        eq(feedback.agentId, agent.id),
        query.property_id ? eq(bookings.propertyId, query.property_id) : undefined,
      ),
    )
    .orderBy(desc(feedback.updatedAt))
    .limit(query.limit ?? 100);
  return rows.map(toAgentFeedback);
}

export async function getFeedback(db: Db, agent: AgentRow, id: string): Promise<AgentFeedback> {
  return toAgentFeedback(await ownFeedback(db, agent, id));
}

export async function createAgentFeedback(
  db: Db,
  agent: AgentRow,
  input: FeedbackAnswers & { booking_id: string; agent_note: string | null },
): Promise<AgentFeedback> {
  if (!isUuid(input.booking_id)) throw notFound('Booking not found.');
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, input.booking_id), eq(bookings.agentId, agent.id)));
  if (!booking) throw notFound('Booking not found.');
  const row = await writeTransaction(db, async (tx) => {
    const [saved] = await tx
      .insert(feedback)
      .values({
        bookingId: booking.id,
        agentId: agent.id,
        source: 'agent',
        agentNote: input.agent_note,
        ...columnsOf(input),
      })
      .onConflictDoNothing({ target: feedback.bookingId })
      .returning({ id: feedback.id });
    if (saved) await reclassifyBookingLead(tx, agent.id, booking.id);
    return saved;
  });
  if (!row) {
    throw new AppError(409, 'FEEDBACK_EXISTS', 'This booking already has feedback. Edit its note instead.');
  }
  return getFeedback(db, agent, row.id);
}

export async function updateFeedbackNote(
  db: Db,
  agent: AgentRow,
  id: string,
  note: string | null,
): Promise<AgentFeedback> {
  const { feedback: own } = await ownFeedback(db, agent, id);
  await db
    .update(feedback)
    .set({ agentNote: note })
    .where(and(eq(feedback.id, own.id), eq(feedback.agentId, agent.id)));
  return getFeedback(db, agent, own.id);
}

export async function deleteFeedback(db: Db, agent: AgentRow, id: string): Promise<void> {
  const { feedback: own } = await ownFeedback(db, agent, id);
  await writeTransaction(db, async (tx) => {
    await tx.delete(feedback).where(and(eq(feedback.id, own.id), eq(feedback.agentId, agent.id)));
    await reclassifyBookingLead(tx, agent.id, own.bookingId);
  });
}

// ---- helpers ----

async function byPublicId(db: Db, publicId: string) {
  if (!publicId || publicId.length > 100) throw linkNotFound();
  const [row] = await db
    .select({ booking: bookings, agent: agents })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .where(eq(bookings.publicId, publicId));
  if (!row) throw linkNotFound();
  const property = row.booking.propertyId
    ? ((await db.select().from(properties).where(eq(properties.id, row.booking.propertyId)))[0] ?? null)
    : null;
  return { ...row, property };
}

async function questionsOf(db: Db, agentId: string) {
  const { feedback: settings } = await notificationSettingsOf(db, agentId);
  return { ask_price_opinion: settings.ask_price_opinion, ask_second_showing: settings.ask_second_showing };
}

function columnsOf(a: FeedbackAnswers) {
  return {
    rating: a.rating,
    interestLevel: a.interest_level,
    priceOpinion: a.price_opinion,
    liked: a.liked,
    disliked: a.disliked,
    secondShowing: a.second_showing,
    comments: a.comments,
  };
}

function answersOf(row: FeedbackRow): FeedbackAnswers {
  return {
    rating: row.rating,
    interest_level: row.interestLevel as FeedbackAnswers['interest_level'],
    price_opinion: row.priceOpinion as FeedbackAnswers['price_opinion'],
    liked: row.liked,
    disliked: row.disliked,
    second_showing: row.secondShowing,
    comments: row.comments,
  };
}

function selectFeedback(db: Db) {
  return db
    .select({
      feedback,
      booking: bookings,
      property: { id: properties.id, address: properties.address },
    })
    .from(feedback)
    .innerJoin(bookings, eq(bookings.id, feedback.bookingId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId));
}

type Joined = {
  feedback: FeedbackRow;
  booking: BookingRow;
  property: { id: number; address: string } | null;
};

async function ownFeedback(db: Db, agent: AgentRow, id: string): Promise<Joined> {
  if (!isUuid(id)) throw feedbackNotFound();
  const [row] = await selectFeedback(db).where(and(eq(feedback.id, id), eq(feedback.agentId, agent.id)));
  if (!row) throw feedbackNotFound();
  return row;
}

function toAgentFeedback({ feedback: f, booking, property }: Joined): AgentFeedback {
  return {
    ...answersOf(f),
    id: f.id,
    booking_id: booking.id,
    source: f.source,
    client_name: booking.clientName,
    client_email: booking.clientEmail,
    property,
    showing_at: booking.startsAt.toISOString(),
    agent_note: f.agentNote,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}
