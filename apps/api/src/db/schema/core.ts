// The product's core: agents, properties, bookings, availability and its settings, booking links, the
// waiting list, idempotency keys and the rate-limit counters.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import type { BookingStatus, CancelledBy, PlanId } from '@keyturn/domain/enums';
import type { Locale } from '@keyturn/domain/i18n/locales';

import { organizations, users } from './accounts';
import { timestamps } from './columns';

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
    /** Issue 46 (decision 090): whether CRM exports and webhooks carry the buyer's income range; off. */
    crmIncludeIncome: boolean().notNull().default(false),
    /**
     * Issue 43 (decision 096): the language of the agent's booking pages for a buyer whose browser asks for
     * neither English nor Spanish (a visitor's own choice comes first).
     */
    defaultLanguage: text().$type<Locale>().notNull().default('en'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('agents_username_unique').on(sql`lower(${t.username})`),
    check('agents_plan_check', sql`${t.plan} in ('basic', 'pro', 'enterprise')`),
    check('agents_default_language_check', sql`${t.defaultLanguage} in ('en', 'es')`),
  ],
);

/** The owning agent's id on a table of theirs: their rows go with their account. */
export const agentRef = () =>
  uuid()
    .notNull()
    .references(() => agents.id, { onDelete: 'cascade' });

/**
 * Usernames an agent used before (issue 19): their old booking links keep reaching them (the page moves to
 * the current name), and no other agent can take one of them. Lower-cased.
 */
export const agentPreviousUsernames = pgTable(
  'agent_previous_usernames',
  {
    username: text().primaryKey(),
    agentId: agentRef(),
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
    agentId: agentRef(),
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
    // Issue 45: listed in "Find homes to show" for the server's other agents (public data only); the listing
    // agent can opt a listing out.
    networkListed: boolean().notNull().default(true),
    // Issue 45: the property's seller contacts may write in its showings' conversations (migration 0055).
    sellersInThread: boolean().notNull().default(false),
    lat: doublePrecision(),
    lng: doublePrecision(),
    // Deleting a property keeps the bookings that reference it: the row is hidden, not removed.
    deletedAt: timestamp({ withTimezone: true }),
    /** Issue 30: hidden from booking when a drop to Basic left more listings than it allows (billing). */
    planHiddenAt: timestamp({ withTimezone: true }),
    /** Issue 34: where the listing came from — typed in, the MLS (RESO Web API) or a CSV file. */
    source: text().$type<'manual' | 'mls' | 'csv'>().notNull().default('manual'),
    /** The MLS's ListingKey: a sync updates the agent's listing with this key in place. */
    mlsListingKey: text(),
    /** The MLS number agents know (ListingId; a CSV's key when it has one). */
    mlsNumber: text(),
    /** The MLS's StandardStatus at the last sync. */
    mlsStatus: text(),
    /** The photo addresses the MLS gave at the last sync (photos are downloaded again only when they change). */
    mlsMediaUrls: jsonb().$type<string[]>(),
    remarks: text(),
    /** Hidden from booking because the MLS says it is off the market (pending, closed, withdrawn…). */
    statusHiddenAt: timestamp({ withTimezone: true }),
    /** The agent has yet to say whether the hidden listing's future showings are cancelled or kept. */
    showingsDecisionPending: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.agentId), index().on(t.teamId)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
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
    /** Issue 43 (decision 096): the language the buyer booked in; every later e-mail and text to them uses it. */
    locale: text().$type<Locale>().notNull().default('en'),
    rescheduledFromId: uuid(),
    /**
     * Issue 44: a registration for this open house (decision 086) — many parties share its 30-minute time, so
     * bookings_no_overlap leaves these rows out; its capacity is kept under the agent's lock.
     */
    openHouseId: uuid().references((): AnyPgColumn => openHouses.id, { onDelete: 'set null' }),
    // Issue 16: the buyer tour this showing was booked in (its stops are linked bookings).
    tourId: uuid().references((): AnyPgColumn => tours.id, { onDelete: 'set null' }),
    rescheduleReason: text(),
    cancelReason: text(),
    // Issue 39: who ended the showing — the buyer (their link or a text), or the agent (dashboard, import,
    // leaving). Null for rows cancelled before migration 0047 and for other statuses.
    cancelledBy: text().$type<CancelledBy>(),
    // Issue 33: the buyer confirmed the showing themselves — replying Y to a text, or on their manage page.
    buyerConfirmedAt: timestamp({ withTimezone: true }),
    buyerConfirmedVia: text().$type<'text' | 'page'>(),
    // Issue 33 (decision 056): the agent was alerted that the buyer had not confirmed 2 hours before.
    unconfirmedAlertAt: timestamp({ withTimezone: true }),
    // Issue 33 (migration 0033): the buyer ticked "Text me about this showing" — the wording version and when.
    // Without it, the booking's buyer gets e-mail only.
    smsConsentVersion: text(),
    smsConsentAt: timestamp({ withTimezone: true }),
    // Issue 32 §5: a buyer's agent booking for their client (all four, e-mail optional, or none).
    buyerAgentName: text(),
    buyerAgentBrokerage: text(),
    buyerAgentLicence: text(),
    buyerAgentPhone: text(),
    buyerAgentEmail: text(),
    // Issue 45: the buyer's agent's own Keyturn account when they asked from their dashboard (their requests list
    // and their side of the showing's thread); null for a booking made on the public form.
    buyerAgentAccountId: uuid().references((): AnyPgColumn => agents.id, { onDelete: 'set null' }),
    // Issue 45: the buyer's agent's cross-agent tour this request is a stop of (network.ts; a move copies it). Its
    // foreign key (on delete set null) is migration 0057's: network.ts imports this file, not the other way.
    networkTourId: uuid(),
    ...timestamps,
  },
  (t) => [
    index().on(t.agentId, t.startsAt),
    check('bookings_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'bookings_status_check',
      sql`${t.status} in ('pending', 'confirmed', 'declined', 'cancelled', 'rescheduled', 'completed', 'no_show')`,
    ),
    check('bookings_cancelled_by', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('buyer', 'agent')`),
    check('bookings_locale_check', sql`${t.locale} in ('en', 'es')`),
  ],
);

/**
 * Issue 44 "Held times" (decision 084): a time a buyer chose, kept for them while they fill in the form. Its own
 * EXCLUDE constraint (migration 0051) keeps two holds of an agent from overlapping; the agent-row lock every
 * buyer write takes keeps holds and other buyers' bookings apart. An expired hold blocks nothing (every reader
 * asks `expires_at > now`) and is swept away. Holds count nowhere: they are not bookings.
 */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    propertyId: integer().references(() => properties.id, { onDelete: 'cascade' }),
    /** 128 random bits, URL-safe: the holder's proof (the page keeps it for the tab's session). */
    token: text().notNull().unique(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** A hash of the client's address: one client keeps at most HOLDS_PER_CLIENT live holds per agent. */
    clientKey: text(),
    /** Issue 44 "Waitlist": the time offered to the buyer of this waiting-list entry (held 15 minutes). */
    waitlistEntryId: uuid().references((): AnyPgColumn => showingWaitlist.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.agentId, t.startsAt),
    index().on(t.expiresAt),
    check('slot_holds_time_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Issue 44 "Open houses with capacity" (decision 086): a property open for a window of a date, taken in 30-minute
 * groups of at most `groups_per_slot` parties (registrations are bookings with `open_house_id`). Two live open
 * houses of one agent never overlap (open_houses_no_overlap); no private showing overlaps a live one (triggers
 * of migration 0053, raising the overlap's 23P01).
 */
export const openHouses = pgTable(
  'open_houses',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    groupsPerSlot: integer().notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.propertyId, t.startsAt),
    check('open_houses_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    check('open_houses_groups', sql`${t.groupsPerSlot} between 1 and 50`),
  ],
);

/**
 * Issue 44 "Waitlist" (decision 085): a buyer waiting for a time to open at a property on an agent-zone date
 * (all day or part of it). In line while 'waiting' or 'offered'; one e-mail is in one line once (the partial
 * unique index). The token is the buyer's link (their place, the offer, leaving).
 */
export const showingWaitlist = pgTable(
  'showing_waitlist',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: agentRef(),
    propertyId: integer()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    part: text().notNull(),
    status: text().notNull().default('waiting'),
    token: text().notNull().unique(),
    clientName: text().notNull(),
    clientEmail: text().notNull(),
    clientPhone: text().notNull(),
    buyerType: text().notNull(),
    /** The buyer ticked "Also text me" while texts were offered. */
    smsConsent: boolean().notNull().default(false),
    /** Issue 43: the buyer's language at join; the booking made from an offer takes it. */
    locale: text().$type<Locale>().notNull().default('en'),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The offer in force or last made: the time held and until when. */
    offerStartsAt: timestamp({ withTimezone: true }),
    offerExpiresAt: timestamp({ withTimezone: true }),
    bookingId: uuid().references((): AnyPgColumn => bookings.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index().on(t.agentId, t.status),
    index().on(t.propertyId, t.date),
    uniqueIndex('showing_waitlist_one_place')
      .on(t.propertyId, t.date, sql`lower(${t.clientEmail})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    check('showing_waitlist_locale_check', sql`${t.locale} in ('en', 'es')`),
    check('showing_waitlist_part', sql`${t.part} in ('any', 'morning', 'afternoon', 'evening')`),
    check(
      'showing_waitlist_status',
      sql`${t.status} in ('waiting', 'offered', 'booked', 'lapsed', 'left', 'removed', 'ended')`,
    ),
  ],
);

export const availabilityDays = pgTable(
  'availability_days',
  {
    agentId: agentRef(),
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
    agentId: agentRef(),
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
  /** Issue 44: hours before a showing its buyer may still cancel or reschedule it (0: until it starts). */
  buyerChangeCutoffHours: integer().notNull().default(0),
  /** Issue 44: at most this many showings a day across all the agent's listings (null: no limit). */
  maxShowingsPerDay: integer(),
  /** Issue 44: how long a time a buyer chose is held for them while they fill in the form. */
  holdMinutes: integer().notNull().default(5),
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
    agentId: agentRef(),
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

/** Issue 43: a problem reported through the accessibility statement's form (Server settings lists them). */
export const accessibilityReports = pgTable(
  'accessibility_reports',
  {
    id: serial().primaryKey(),
    name: text(),
    email: text().notNull(),
    page: text(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accessibility_reports_created_at').on(t.createdAt.desc())],
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
    agentId: agentRef(),
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

// Issue 16: a buyer tour the agent saved — several properties for one buyer on one day, consecutive slots with
// the drives between them — and its ONE invitation (`token`). The buyer books it whole: linked bookings.
export const tours = pgTable('tours', {
  id: uuid().primaryKey().defaultRandom(),
  agentId: agentRef(),
  token: text().notNull().unique(),
  date: text().notNull(),
  stops: jsonb().$type<{ property_id: number; starts_at: string }[]>().notNull(),
  buyer: jsonb().$type<{ name: string; email: string; phone: string }>(),
  bookedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
