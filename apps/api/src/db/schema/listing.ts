// The listing side (issue 32): each property's showing rules and its contacts (sellers, occupants, tenants,
// co-listing agents). A property without a rules row follows its agent's settings. Shapes and allowed values:
// packages/domain/src/listing/showingRules.ts.
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type {
  ApprovalMode,
  ContactChannel,
  ContactGets,
  ContactRole,
  ShowingBlock,
} from '@keyturn/domain/listing/showingRules';
import type { MlsSyncSummary } from '@keyturn/domain/listing/imports';
import type { Locale } from '@keyturn/domain/i18n/locales';
import { timestamps } from './columns';
import { agents, bookings, properties } from './core';
import { timeProposals } from './routes';
import type { ApprovalAction, ApprovalRequestStatus } from '@keyturn/domain/listing/sellerApprovalTexts';

export const propertyShowingRules = pgTable('property_showing_rules', {
  propertyId: integer()
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  /** null = the agent's setting (requires approval → 'agent', else 'instant'). */
  approval: text().$type<ApprovalMode>(),
  instructions: text(),
  minNoticeMinutes: integer(),
  suggestedNoticeMinutes: integer(),
  noSameDay: boolean().notNull().default(false),
  windows: jsonb().$type<{ weekday: number; start: string; end: string }[]>(),
  blocks: jsonb().$type<ShowingBlock[]>().notNull().default([]),
  maxPerDay: integer(),
  gapMinutes: integer(),
  accessReleaseMinutes: integer().notNull().default(60),
  /** Issue 44: hours before a showing its buyer may still change it; null = the agent's cut-off. */
  changeCutoffHours: integer(),
  ...timestamps,
});

export const propertyContacts = pgTable(
  'property_contacts',
  {
    id: uuid().primaryKey().defaultRandom(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text(),
    phone: text(),
    role: text().$type<ContactRole>().notNull(),
    gets: jsonb().$type<ContactGets>().notNull(),
    channel: text().$type<ContactChannel>().notNull().default('email'),
    smsConsentAt: timestamp({ withTimezone: true }),
    /** Opens the contact's live seller report (/seller/:token) and their approval pages' block link. */
    reportToken: text()
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')`),
    reportRevokedAt: timestamp({ withTimezone: true }),
    /**
     * Issue 43: the language of this contact's e-mails and texts (learned from their approval page, or set by the
     * agent); null = the agent's default language (sellers/language.ts).
     */
    language: text().$type<Locale>(),
    ...timestamps,
  },
  (t) => [
    index('property_contacts_property_id_index').on(t.propertyId),
    check('property_contacts_language_check', sql`${t.language} in ('en', 'es')`),
  ],
);

/**
 * Issue 34: an agent's MLS import — their MLS agent id (ListAgentMlsId) and the sync's state. The high-water mark
 * is the newest ModificationTimestamp a finished sync read: the next one asks only for listings changed after it.
 */
export const mlsConnections = pgTable('mls_connections', {
  agentId: uuid()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  mlsAgentId: text().notNull(),
  highWaterMark: timestamp({ withTimezone: true }),
  status: text().$type<'idle' | 'syncing'>().notNull().default('idle'),
  lastSyncAt: timestamp({ withTimezone: true }),
  lastResult: jsonb().$type<MlsSyncSummary>(),
  lastError: text(),
  ...timestamps,
});

/** A booking waiting for a seller's or occupant's answer (issue 32 §2, decision 053). */
export const sellerApprovalRequests = pgTable(
  'seller_approval_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    status: text().$type<ApprovalRequestStatus>().notNull().default('open'),
    answeredByContactId: uuid().references(() => propertyContacts.id, { onDelete: 'set null' }),
    /** Kept as it was when they answered (the contact may be edited or removed later). */
    answeredByName: text(),
    answeredAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    proposalId: uuid().references(() => timeProposals.id, { onDelete: 'set null' }),
    reminderAt: timestamp({ withTimezone: true }),
    escalateAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    remindersSent: integer().notNull().default(0),
    escalatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seller_approval_requests_booking_index').on(t.bookingId)],
);

/** One signed link: a contact × an action of one request, used once. The token is `id.HMAC(id|action)`. */
export const sellerApprovalLinks = pgTable('seller_approval_links', {
  id: uuid().primaryKey().defaultRandom(),
  requestId: uuid()
    .notNull()
    .references(() => sellerApprovalRequests.id, { onDelete: 'cascade' }),
  contactId: uuid()
    .notNull()
    .references(() => propertyContacts.id, { onDelete: 'cascade' }),
  action: text().$type<ApprovalAction>().notNull(),
  usedAt: timestamp({ withTimezone: true }),
});
