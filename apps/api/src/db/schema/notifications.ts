// Notifications and feedback (issue 6): the jobs and messages a booking change sends, opt-outs, feedback.
import { sql } from 'drizzle-orm';
import {
  boolean,
  primaryKey,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { agentRef, agents, bookings } from './core';
import { timestamps } from './columns';

/**
 * One row per message event put on the job queue (pg-boss job id = this id): what the booking's change
 * scheduled and for when. Written in the booking's own transaction; a reschedule or cancellation finds the
 * booking's pending jobs here and cancels them in ITS transaction.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: uuid().primaryKey(),
    agentId: agentRef(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    scheduledFor: timestamp({ withTimezone: true }).notNull(),
    /** The job's payload as queued: an agent's "Send again" puts the same event back on the queue. */
    data: jsonb(),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.bookingId)],
);

/**
 * One row per message actually attempted (an e-mail or a text to one recipient): the idempotency record.
 * `idempotencyKey` (booking, kind, scheduled time) is unique; a worker sends only while holding this row's
 * lock and only if it is not `sent` yet. `messageId` is derived from the key, so a repeat carries the same one.
 */
export const notificationMessages = pgTable(
  'notification_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    idempotencyKey: text().notNull().unique(),
    messageId: text().notNull(),
    agentId: agentRef(),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    channel: text().$type<'email' | 'sms'>().notNull(),
    audience: text().$type<'buyer' | 'agent' | 'buyer_agent' | 'seller'>().notNull(),
    recipient: text().notNull(),
    subject: text(),
    scheduledFor: timestamp({ withTimezone: true }).notNull(),
    status: text().$type<'sending' | 'sent' | 'retrying' | 'failed' | 'skipped'>().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    transport: text(),
    providerRef: text(),
    fileName: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** The agent dismissed this failure from the dashboard notice. */
    dismissedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.agentId, t.createdAt),
    index().on(t.bookingId),
    check('notification_messages_channel', sql`${t.channel} in ('email', 'sms')`),
    check(
      'notification_messages_status',
      sql`${t.status} in ('sending', 'sent', 'retrying', 'failed', 'skipped')`,
    ),
  ],
);

/** Phone numbers (E.164) that replied STOP: never texted again until they reply START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text().primaryKey(),
  optedOutAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 33: every inbound text the provider delivered, once (the provider retries with the same MessageSid).
 * `action` is what the reply did (packages/domain/src/texts/replies.ts); `reply` is the answer we sent back, so a
 * retried delivery gets the same answer and changes nothing. Action 'other' rows are the agent's "Messages from
 * buyers"; `agentReply` is what the agent texted back.
 */
export const smsInboundMessages = pgTable(
  'sms_inbound_messages',
  {
    messageSid: text().primaryKey(),
    fromPhone: text().notNull(),
    toPhone: text().notNull(),
    body: text().notNull(),
    action: text().notNull(),
    agentId: uuid().references(() => agents.id, { onDelete: 'cascade' }),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    reply: text(),
    agentReply: text(),
    agentRepliedAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.agentId, t.receivedAt)],
);

/** "Which showing?" asked of a number with several upcoming showings: the next digit answers it. */
export const smsPendingQuestions = pgTable(
  'sms_pending_questions',
  {
    phone: text().notNull(),
    agentId: agentRef(),
    /** The reply's action waiting for its showing: 'yes' or 'no'. */
    action: text().notNull(),
    bookingIds: jsonb().$type<string[]>().notNull(),
    askedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sms_pending_questions_pk', columns: [t.phone, t.agentId] })],
);

/**
 * The consent ledger: each "Text me about this showing" given on the booking form (wording version, IP, user
 * agent, page), and each opt-out and opt-in by text. Append-only; the agent exports it as CSV.
 */
export const smsConsentLedger = pgTable(
  'sms_consent_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null once the buyer's details were deleted (issue 46): `phoneHash` then proves whose consent it was. */
    phone: text(),
    /** Issue 46: sha256 of the E.164 number, written when a deletion removes the number itself. */
    phoneHash: text(),
    agentId: uuid().references(() => agents.id, { onDelete: 'cascade' }),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    event: text().$type<'consent' | 'opt_out' | 'opt_in'>().notNull(),
    wordingVersion: text(),
    ip: text(),
    userAgent: text(),
    page: text(),
    messageSid: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.agentId, t.createdAt),
    index().on(t.phone),
    check('sms_consent_ledger_event', sql`${t.event} in ('consent', 'opt_out', 'opt_in')`),
    check('sms_consent_ledger_phone_or_hash', sql`${t.phone} is not null or ${t.phoneHash} is not null`),
  ],
);

/** A buyer's feedback on one showing: at most one per booking (a second submit updates it). */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    agentId: agentRef(),
    source: text().$type<'buyer' | 'agent'>().notNull().default('buyer'),
    rating: smallint().notNull(),
    interestLevel: text().notNull(),
    priceOpinion: text(),
    liked: text(),
    disliked: text(),
    secondShowing: boolean(),
    comments: text(),
    agentNote: text(),
    ...timestamps,
  },
  (t) => [
    index().on(t.agentId, t.createdAt),
    check('feedback_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'feedback_interest_level',
      sql`${t.interestLevel} in ('very_interested', 'somewhat_interested', 'not_interested')`,
    ),
    check(
      'feedback_price_opinion',
      sql`${t.priceOpinion} is null or ${t.priceOpinion} in ('too_high', 'fair', 'good_value')`,
    ),
  ],
);
