// Accounts: better-auth's models (users, sessions, accounts, verifications) and its organization plugin's
// (organizations, members, invitations: teams, issue 15). Field names are the ones better-auth expects.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { timestamps } from './columns';

export const users = pgTable('users', {
  id: text().primaryKey(),
  name: text().notNull(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  image: text(),
  firstName: text(),
  lastName: text(),
  /** Issue 41: better-auth's twoFactor plugin — sign-in asks for a code once this is on. */
  twoFactorEnabled: boolean().notNull().default(false),
  ...timestamps,
});

/** Issue 41 (decision 067): the authenticator app's secret and the recovery codes, sealed by better-auth. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean().notNull().default(true),
    failedVerificationCount: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [index('two_factors_user_id_index').on(t.userId), index('two_factors_secret_index').on(t.secret)],
);

/** Issue 41: e-mail verification links already used (a hash of the signed token), kept until they expire. */
export const usedAuthLinks = pgTable('used_auth_links', {
  tokenHash: text().primaryKey(),
  userId: text(),
  usedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
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
    /** Issue 29: where the team's consultations happen — 'office' (at officeAddress) or 'remote' (phone/video). */
    consultationPlace: text().notNull().default('remote'),
    officeAddress: text(),
  },
  (t) => [
    check('organizations_extra_seats', sql`${t.extraSeats} >= 0`),
    check(
      'organizations_consultation_place',
      sql`${t.consultationPlace} = 'remote' or (${t.consultationPlace} = 'office' and ${t.officeAddress} is not null)`,
    ),
  ],
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

/** SSO for Enterprise teams (issue 41, decision 070): the team's OpenID Connect provider and e-mail domain. */
export const teamSso = pgTable(
  'team_sso',
  {
    organizationId: text()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    clientId: text().notNull(),
    /** Sealed with the server's secret box (modules/core/crypto.ts); never sent back. */
    clientSecretSealed: text().notNull(),
    /** Lower-case; one team per domain. */
    emailDomain: text().notNull(),
    updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('team_sso_email_domain_unique').on(t.emailDomain),
    check('team_sso_email_domain_lower', sql`${t.emailDomain} = lower(${t.emailDomain})`),
  ],
);
