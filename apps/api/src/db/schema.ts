// The database schema (drizzle). Column names are snake_case in SQL (drizzle `casing: 'snake_case'`).
// Constraints drizzle's DSL cannot express (btree_gist EXCLUDE) live in a custom migration: drizzle/0001_*.sql.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { BookingStatus, PlanId } from '@keyturn/domain/enums';
import type { LeadClass } from '@keyturn/domain/insights/classify';
import type { LeadOutcome } from '@keyturn/domain/schemas/leads';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---- accounts (better-auth's models; field names are the ones better-auth expects) ----

export const users = pgTable('users', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  firstName: text(),
  lastName: text(),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    ipAddress: text(),
    userAgent: text(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeOrganizationId: text(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const verifications = pgTable('verifications', {
  id: text().primaryKey(),
  identifier: text().notNull(),
  value: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  ...timestamps,
});

export const organizations = pgTable(
  'organizations',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    slug: text().notNull().unique(),
    logo: text(),
    metadata: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Teams (issue 15): the team's brand colour. */
    color: text().notNull().default('#3B82F6'),
    /** Seats bought beyond the plan's included users (`npm run admin -- set-seats`). */
    extraSeats: integer().notNull().default(0),
  },
  (t) => [check('organizations_extra_seats', sql`${t.extraSeats} >= 0`)],
);

export const members = pgTable(
  'members',
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Issue 15: takes team consultations (round robin); the member's own switch. */
    inPool: boolean().notNull().default(true),
  },
  // A user is in one team at most (issue 15, decision 024): "the caller's team" is never ambiguous.
  (t) => [uniqueIndex('members_one_team_per_user').on(t.userId), index().on(t.organizationId)],
);

export const invitations = pgTable('invitations', {
  id: text().primaryKey(),
  organizationId: text()
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  role: text(),
  status: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  inviterId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ---- the product ----

export const agents = pgTable(
  'agents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    companyName: text(),
    logoUrl: text(),
    profilePictureUrl: text(),
    primaryColor: text().notNull().default('#3B82F6'),
    timeZone: text().notNull().default('UTC'),
    plan: text().$type<PlanId>().notNull().default('basic'),
    /** Issue 26: whether the public profile (the booking page) shows the e-mail / phone; shown by default. */
    showEmail: boolean().notNull().default(true),
    showPhone: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('agents_username_unique').on(sql`lower(${t.username})`),
    check('agents_plan_check', sql`${t.plan} in ('basic', 'pro', 'enterprise')`),
  ],
);

/**
 * Usernames an agent used before (issue 19): their old booking links keep reaching them (the page moves to
 * the current name), and no other agent can take one of them. Lower-cased.
 */
export const agentPreviousUsernames = pgTable(
  'agent_previous_usernames',
  {
    username: text().primaryKey(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    replacedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agent_previous_usernames_agent_idx').on(t.agentId)],
);

export const properties = pgTable(
  'properties',
  {
    id: serial().primaryKey(),
    // The unguessable id of the public pages and links (issue 11): the numeric id enumerates every agent.
    // 32 hex digits of a random UUID; the migration's volatile default gives existing rows one each.
    publicId: text()
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** The assigned agent: the owner, or for a team property the member it is assigned to. */
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /**
     * The team the property belongs to (issue 15, decision 026): set when a member adds it while in a team;
     * null for an agent's own properties (those from before they joined stay theirs).
     */
    teamId: text().references(() => organizations.id, { onDelete: 'set null' }),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    price: integer().notNull(),
    bedrooms: integer().notNull(),
    bathrooms: real().notNull(),
    propertyType: text().notNull(),
    images: jsonb().$type<string[]>().notNull().default([]),
    isPublic: boolean().notNull().default(true),
    lat: doublePrecision(),
    lng: doublePrecision(),
    // Deleting a property keeps the bookings that reference it: the row is hidden, not removed.
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.agentId), index().on(t.teamId)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    propertyId: integer().references(() => properties.id, { onDelete: 'set null' }),
    clientName: text().notNull(),
    clientEmail: text().notNull(),
    clientPhone: text().notNull(),
    buyerType: text().notNull(),
    budgetMin: integer(),
    budgetMax: integer(),
    incomeRange: text(),
    bookingPurpose: text().notNull(),
    customPurpose: text(),
    status: text().$type<BookingStatus>().notNull().default('pending'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    message: text(),
    // The buyer's manage/reschedule link carries this token; the feedback link carries publicId.
    manageToken: text().notNull().unique(),
    publicId: text().notNull().unique(),
    rescheduledFromId: uuid(),
    // Issue 16: the buyer tour this showing was booked in (its stops are linked bookings).
    tourId: uuid().references((): AnyPgColumn => tours.id, { onDelete: 'set null' }),
    rescheduleReason: text(),
    cancelReason: text(),
    ...timestamps,
  },
  (t) => [
    index().on(t.agentId, t.startsAt),
    check('bookings_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'bookings_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'declined', 'cancelled', 'rescheduled', 'completed', 'no_show')`,
    ),
  ],
);

export const availabilityDays = pgTable(
  'availability_days',
  {
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint().notNull(),
    isAvailable: boolean().notNull(),
    intervals: jsonb().$type<{ start: string; end: string }[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.agentId, t.dayOfWeek] }),
    check('availability_days_dow', sql`${t.dayOfWeek} between 0 and 6`),
  ],
);

export const availabilityOverrides = pgTable(
  'availability_overrides',
  {
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    date: date().notNull(),
    isAvailable: boolean().notNull(),
    intervals: jsonb().$type<{ start: string; end: string }[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.date] })],
);

export const availabilitySettings = pgTable('availability_settings', {
  agentId: uuid()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  minimumNoticeMinutes: integer().notNull().default(0),
  bufferMinutes: integer().notNull().default(0),
  requiresApproval: boolean().notNull().default(false),
  // Issue 16: public slots the agent cannot reach from the showing before (or leave in time for the one
  // after) are not offered, and slots next to a nearby showing are marked recommended.
  clusterByArea: boolean().notNull().default(false),
  // Issue 16: the agent's office, where each working day starts (My day's first leg, Optimise, and the
  // reachability of the day's first public slot). Geocoded from the address, or a pin placed by hand.
  officeAddress: jsonb().$type<{ address: string; city: string; state: string; zip_code: string }>(),
  officeLat: doublePrecision(),
  officeLng: doublePrecision(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * The version of everything an agent's public slots are computed from (issue 18, decision 035): triggers of
 * migration 0020 add one to it in the same transaction as any change of the agent's zone or plan, weekly
 * hours, overrides, availability and scheduling settings, properties, active bookings or calendar busy times.
 * A server keeps a computed date's answer with the version it was read at and serves it again only while the
 * database still holds that version. No row yet reads as version 0.
 */
export const scheduleVersions = pgTable('schedule_versions', {
  agentId: uuid()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  version: bigint({ mode: 'number' }).notNull().default(0),
});

export const bookingLinks = pgTable(
  'booking_links',
  {
    id: text().primaryKey(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    propertyId: integer().references(() => properties.id, { onDelete: 'cascade' }),
    /** Issue 15: a team's link (a consultation with the team, or one team property), made by an owner/admin. */
    teamId: text().references(() => organizations.id, { onDelete: 'cascade' }),
    label: text(),
    // An agent-made invitation carries the §3 prefill the public flow opens with.
    prefill: jsonb().$type<Record<string, unknown>>(),
    isActive: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.agentId)],
);

export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial().primaryKey(),
    kind: text().notNull().default('waitlist'),
    name: text().notNull(),
    email: text().notNull(),
    company: text(),
    segment: text(),
    message: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waitlist_entries_kind_email_unique').on(t.kind, sql`lower(${t.email})`)],
);

/**
 * A retried public submit with the same Idempotency-Key answers the first result instead of acting twice.
 * The row is written in the same transaction as the booking it answers for.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/**
 * Rate-limit counters shared by every server on this database (issue 11): one row per key (the client's
 * address or the account, and what is limited), counted in a fixed window by an atomic upsert.
 * `blockedUntil` is the sign-in backoff of an account: no attempt before it.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetsAt: timestamp({ withTimezone: true }).notNull(),
    blockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [index('rate_limits_resets_at_idx').on(t.resetsAt)],
);

/** One row per agent and settings area (notifications, feedback, branding): the stored values, if any. */
export const agentSettings = pgTable(
  'agent_settings',
  {
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    area: text().notNull(),
    settings: jsonb(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.area] })],
);

// ---- notifications and feedback (issue 6) ----

/**
 * One row per message event put on the job queue (pg-boss job id = this id): what the booking's change
 * scheduled and for when. Written in the booking's own transaction; a reschedule or cancellation finds the
 * booking's pending jobs here and cancels them in ITS transaction.
 */
export const notificationJobs = pgTable(
  'notification_jobs',
  {
    id: uuid().primaryKey(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
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
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    channel: text().$type<'email' | 'sms'>().notNull(),
    audience: text().$type<'buyer' | 'agent'>().notNull(),
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

/** A buyer's feedback on one showing: at most one per booking (a second submit updates it). */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid().primaryKey().defaultRandom(),
    bookingId: uuid()
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
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

// ---- leads (issue 13) ----

/**
 * A lead: one buyer e-mail address (lower-cased) with one agent. Its bookings are found by that address; the
 * row holds what the agent adds — the outcome. Created on first sight of the address in the agent's leads.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    outcome: text().$type<LeadOutcome>().notNull().default('open'),
    outcomeAt: timestamp({ withTimezone: true }),
    /**
     * The LEAD_CLASS_RULES_VERSION its stored class history (lead_class_history) was computed with; null
     * until computed. The backfill recomputes every lead whose version is not the domain's.
     */
    classVersion: integer(),
    /** When the class history was last written. */
    classifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex().on(t.agentId, t.email),
    index().on(t.classVersion),
    check('leads_email_lower', sql`${t.email} = lower(${t.email})`),
    check('leads_outcome_check', sql`${t.outcome} in ('open', 'offer_made', 'purchased', 'lost')`),
  ],
);

/**
 * A lead's class over time (issue 13), as the lead classifier (packages/domain insights/classHistory.ts) gives
 * it: one row per change, valid from `valid_from` ('-infinity' for the first row) until the next row's
 * `valid_from` (`valid_until`, null for the last). Two histories per lead (`kind`): 'dated' — the class as
 * of an instant over what had happened by then (the Reports page, a feedback's "hot"); 'current' — over every
 * fact known (the Feedback page's class: "hot now"). Rows may lie in the future: a showing still ahead
 * changes the class when it starts. Rewritten whole, in the transaction of the change, when the lead's facts
 * change; the class at an instant is the row whose span holds it.
 */
export const leadClassHistory = pgTable(
  'lead_class_history',
  {
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    kind: text().$type<'dated' | 'current'>().notNull(),
    validFrom: timestamp({ withTimezone: true }).notNull(),
    validUntil: timestamp({ withTimezone: true }),
    class: text().$type<LeadClass>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.kind, t.validFrom] }),
    index().on(t.agentId, t.kind, t.validFrom),
    check('lead_class_history_kind_check', sql`${t.kind} in ('dated', 'current')`),
    check('lead_class_history_class_check', sql`${t.class} in ('hot', 'potential', 'cold')`),
  ],
);

/** The agent's notes on a lead. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.leadId, t.createdAt)],
);
/** PostgreSQL `bytea`: node-postgres reads it as a Buffer and writes a Buffer as one. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded images (issue 11), named by the hash of their content (`<hash>.<ext>`, the name in the
 * /uploads/ URL): every server on the database serves every image.
 */
export const images = pgTable('images', {
  name: text().primaryKey(),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox (issue 11): the raw message of every e-mail (.eml) and text (.txt) kept instead of sent when
 * no SMTP server / SMS provider is configured, under the file name `notification_messages.file_name` names.
 */
export const messageCopies = pgTable('message_copies', {
  fileName: text().primaryKey(),
  channel: text().notNull(),
  content: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ---- calendar sync (issue 14) ----

/**
 * One connected calendar account of an agent: a Google or Microsoft grant (tokens AES-256-GCM encrypted,
 * integrations/crypto.ts) or an ICS subscription (its URL encrypted too: such URLs carry secrets).
 */
export const calendarIntegrations = pgTable(
  'calendar_integrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    provider: text().$type<'google' | 'microsoft' | 'ics'>().notNull(),
    accountEmail: text(),
    label: text(),
    status: text().$type<'connected' | 'syncing' | 'needs_reconnect' | 'error'>().notNull(),
    accessTokenEnc: text(),
    refreshTokenEnc: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    icsUrlEnc: text(),
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Consecutive failed syncs (outages): the next periodic sync waits longer each time. */
    failures: integer().notNull().default(0),
    nextSyncAt: timestamp({ withTimezone: true }),
    /** When the agent was told (e-mail) that this integration needs reconnecting; null again on reconnect. */
    reconnectNotifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.agentId),
    check('calendar_integrations_provider', sql`${t.provider} in ('google', 'microsoft', 'ics')`),
    check(
      'calendar_integrations_status',
      sql`${t.status} in ('connected', 'syncing', 'needs_reconnect', 'error')`,
    ),
  ],
);

/** The calendars an account holds, with the agent's choices: blocks availability, receives new showings. */
export const calendarCalendars = pgTable(
  'calendar_calendars',
  {
    id: uuid().primaryKey().defaultRandom(),
    integrationId: uuid()
      .notNull()
      .references(() => calendarIntegrations.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    name: text().notNull(),
    primary: boolean().notNull().default(false),
    writable: boolean().notNull().default(true),
    busy: boolean().notNull().default(true),
    target: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('calendar_calendars_external').on(t.integrationId, t.externalId),
    // At most one calendar per agent receives new showings.
    uniqueIndex('calendar_calendars_one_target')
      .on(t.agentId)
      .where(sql`${t.target}`),
  ],
);

/** Busy times pulled from the agent's calendars over the booking window (replaced on every sync). */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    id: serial().primaryKey(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    integrationId: uuid()
      .notNull()
      .references(() => calendarIntegrations.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.agentId, t.startsAt), index().on(t.integrationId)],
);

/** An OAuth authorization in progress: state (stored hashed) bound to one agent, single use, 10 minutes. */
export const calendarOauthStates = pgTable('calendar_oauth_states', {
  stateHash: text().primaryKey(),
  agentId: uuid()
    .notNull()
    .references(() => agents.id, { onDelete: 'cascade' }),
  provider: text().notNull(),
  codeVerifierEnc: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The agent's calendar choices that are not per calendar. */
export const calendarSyncSettings = pgTable('calendar_sync_settings', {
  agentId: uuid()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  pushEnabled: boolean().notNull().default(true),
  /** The private ICS feed: sha256 of its secret (lookup) and the secret encrypted (shown to the agent). */
  feedTokenHash: text().unique(),
  feedTokenEnc: text(),
});

/** Booking ↔ provider event: every push looks here first, so a retried job never makes a second event. */
export const calendarEvents = pgTable('calendar_events', {
  bookingId: uuid()
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  agentId: uuid()
    .notNull()
    .references(() => agents.id, { onDelete: 'cascade' }),
  integrationId: uuid()
    .notNull()
    .references(() => calendarIntegrations.id, { onDelete: 'cascade' }),
  calendarExternalId: text().notNull(),
  eventId: text().notNull(),
  ...timestamps,
});

// ---- CRM integration: outbound webhooks (issue 13, Enterprise) ----

/** An agent's webhook endpoint: where events are POSTed, which events, and the signing secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: jsonb().$type<string[]>().notNull(),
    /** HMAC-SHA256 key of the signatures; shown to the agent once, when the endpoint is created. */
    secret: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.agentId)],
);

/**
 * One event for one endpoint (pg-boss job id = this id): the exact body sent, and how its delivery went. "Send
 * again" adds a new row with the same body (same event id, so the receiver can tell it is the same event).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<'pending' | 'retrying' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'retrying', 'delivered', 'failed')`),
  ],
);

// ---- the booking assistant (issue 17) ----

/**
 * One buyer's conversation with the booking assistant: its messages as shown, the state the next turn reads
 * (what was understood, the times offered), and the booking it led to. `turns` guards against two messages
 * of one conversation processed at once (the second is refused, not merged).
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    propertyId: integer().references(() => properties.id, { onDelete: 'set null' }),
    bookingId: uuid().references(() => bookings.id, { onDelete: 'set null' }),
    messages: jsonb().$type<{ role: 'buyer' | 'assistant'; text: string; at: string }[]>().notNull(),
    state: jsonb().$type<Record<string, unknown>>().notNull(),
    turns: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.agentId, t.createdAt), index().on(t.bookingId)],
);
// ---- route optimisation (issue 16) ----

/** Geocoder answers per normalised address (lower case, single spaces): a saved property never asks twice. */
export const geocodeCache = pgTable('geocode_cache', {
  addressKey: text().primaryKey(),
  // null = the geocoder found nothing for the address (also remembered).
  lat: doublePrecision(),
  lng: doublePrecision(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Routed drive times per ordered pair of points (rounded to ~1 m) and hour of the day: the routing service is
 * asked once per pair and hour. Estimates are computed, never stored.
 */
export const travelCache = pgTable('travel_cache', {
  pairKey: text().primaryKey(),
  seconds: integer().notNull(),
  meters: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Issue 16: a buyer tour the agent saved — several properties for one buyer on one day, consecutive slots with
// the drives between them — and its ONE invitation (`token`). The buyer books it whole: linked bookings.
export const tours = pgTable('tours', {
  id: uuid().primaryKey().defaultRandom(),
  agentId: uuid()
    .notNull()
    .references(() => agents.id, { onDelete: 'cascade' }),
  token: text().notNull().unique(),
  date: text().notNull(),
  stops: jsonb().$type<{ property_id: number; starts_at: string }[]>().notNull(),
  buyer: jsonb().$type<{ name: string; email: string; phone: string }>(),
  bookedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
