// A property's access details (issue 32 §3, decision 054): sealed at rest with the calendar tokens' box
// (core/crypto.ts, the same key), opened only for the agent who may edit the property, for a release
// message at the moment it is sent, and for a confirmed buyer's manage page inside the access window. Nothing
// else in the product reads this table.
import { and, asc, eq, sql } from 'drizzle-orm';
import { accessRecipients, type BookingParties } from '@keyturn/domain/listing/buyerAgent';
import {
  accessDetailsSchema,
  accessWindow,
  type AccessChannel,
  type AccessDetails,
  type AccessInput,
  type AccessRecipientRole,
} from '@keyturn/domain/listing/access';
import type { Config } from '../../config';
import type { Db, DbTransaction } from '../../db/client';
import { accessReleases, propertyAccess, propertyShowingRules } from '../../db/schema';
import { loadTokenKey, secretBox, type SecretBox } from '../core/crypto';

export type AccessDeps = { db: Db; box: SecretBox; now: () => Date };

/** The box access details are sealed with: the calendar tokens' key (CALENDAR_TOKEN_KEY or DATA_DIR's). */
export function accessBoxOf(config: Config): SecretBox {
  return secretBox(loadTokenKey(config.calendar.tokenKey, config.dataDir));
}

export const EMPTY_ACCESS: AccessDetails = accessDetailsSchema.parse({});

/** The stored details of a property, opened, with their version (null: none stored). */
export async function openAccess(
  db: Db | DbTransaction,
  box: SecretBox,
  propertyId: number,
): Promise<{ details: AccessDetails; version: number } | null> {
  const [row] = await db.select().from(propertyAccess).where(eq(propertyAccess.propertyId, propertyId));
  if (!row) return null;
  return { details: accessDetailsSchema.parse(JSON.parse(box.open(row.sealed))), version: row.version };
}

/** Minutes before a showing its property's access is released (the showing rules' field, default 60). */
export async function releaseMinutesOf(db: Db | DbTransaction, propertyId: number): Promise<number> {
  const [row] = await db
    .select({ minutes: propertyShowingRules.accessReleaseMinutes })
    .from(propertyShowingRules)
    .where(eq(propertyShowingRules.propertyId, propertyId));
  return row?.minutes ?? 60;
}

/** Saves the details sealed (a new version) and the release time, in one transaction. */
export async function saveAccess(deps: AccessDeps, propertyId: number, input: AccessInput): Promise<void> {
  const { releaseMinutes, ...details } = input;
  const sealed = deps.box.seal(JSON.stringify(accessDetailsSchema.parse(details)));
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(propertyAccess)
      .values({ propertyId, sealed })
      .onConflictDoUpdate({
        target: propertyAccess.propertyId,
        set: { sealed, version: sql`${propertyAccess.version} + 1`, updatedAt: deps.now() },
      });
    await tx
      .insert(propertyShowingRules)
      .values({ propertyId, accessReleaseMinutes: releaseMinutes })
      .onConflictDoUpdate({
        target: propertyShowingRules.propertyId,
        set: { accessReleaseMinutes: releaseMinutes, updatedAt: deps.now() },
      });
  });
}

/** Who a booking's access goes to by e-mail: the buyer, and the buyer's agent when the booking names one with an
 * e-mail address (domain listing/buyerAgent.ts `accessRecipients`, the one list of a showing's parties). */
export type AccessRecipient = {
  role: AccessRecipientRole;
  name: string;
  email: string;
};

export function accessRecipientsOf(booking: BookingParties): AccessRecipient[] {
  return accessRecipients(booking).flatMap((r) =>
    r.email ? [{ role: r.role, name: r.name, email: r.email }] : [],
  );
}

/** Logs one release (once per booking, recipient role and channel: a second one keeps the first time). */
export async function logRelease(
  db: Db | DbTransaction,
  release: {
    bookingId: string;
    recipient: string;
    role: AccessRecipientRole;
    channel: AccessChannel;
    version: number;
    at: Date;
  },
): Promise<void> {
  await db
    .insert(accessReleases)
    .values({
      bookingId: release.bookingId,
      recipient: release.recipient,
      role: release.role,
      channel: release.channel,
      accessVersion: release.version,
      releasedAt: release.at,
    })
    .onConflictDoNothing();
}

/** Every release of a booking's access, oldest first, as the agent reads it. */
export async function releasesOf(db: Db, bookingId: string) {
  const rows = await db
    .select()
    .from(accessReleases)
    .where(eq(accessReleases.bookingId, bookingId))
    .orderBy(asc(accessReleases.releasedAt), asc(accessReleases.channel));
  return rows.map((r) => ({
    recipient: r.recipient,
    role: r.role,
    channel: r.channel,
    released_at: r.releasedAt.toISOString(),
  }));
}

/**
 * The access a buyer's manage page shows: the details while the confirmed showing's window is open (logged
 * as a release on the page the first time), nothing otherwise — before the window, after the showing, for a
 * cancelled or moved booking, for a plan without access release.
 */
export async function accessForBuyer(
  deps: AccessDeps,
  booking: {
    id: string;
    status: string;
    startsAt: Date;
    endsAt: Date;
    propertyId: number | null;
    clientName: string;
    clientEmail: string;
  },
  planIncludesAccess: boolean,
): Promise<AccessDetails | null> {
  if (!booking.propertyId || !planIncludesAccess) return null;
  const minutes = await releaseMinutesOf(deps.db, booking.propertyId);
  const now = deps.now();
  if (accessWindow(booking, minutes, now) !== 'open') return null;
  const access = await openAccess(deps.db, deps.box, booking.propertyId);
  if (!access) return null;
  // The manage page is the buyer's own (its token): the release is logged to them.
  await logRelease(deps.db, {
    bookingId: booking.id,
    recipient: booking.clientEmail,
    role: 'buyer',
    channel: 'page',
    version: access.version,
    at: now,
  });
  return access.details;
}

/** Whether a booking of this property already logged a release to this role on this channel. */
export async function releasedBefore(
  db: Db,
  bookingId: string,
  role: AccessRecipientRole,
  channel: AccessChannel,
): Promise<boolean> {
  const rows = await db
    .select({ id: accessReleases.id })
    .from(accessReleases)
    .where(
      and(
        eq(accessReleases.bookingId, bookingId),
        eq(accessReleases.role, role),
        eq(accessReleases.channel, channel),
      ),
    );
  return rows.length > 0;
}
