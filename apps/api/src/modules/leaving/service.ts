// Leaving (issue 41): the caller's data to take away, and deleting the account. Every query is keyed on the
// caller's own user / agent id. Deletion cancels the agent's upcoming showings and tells each buyer through the
// notification handler itself (the same messages as a cancellation by the agent), synchronously — the booking
// rows are gone afterwards, so a queued job would find nothing — then removes the account, whose rows (booking
// pages, listings, bookings, leads, settings) go with it through the schema's cascades.
import { CSV_REQUIRED_FIELDS } from '@keyturn/domain/listing/imports';
import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { isoDateInZone } from '@keyturn/domain/time';
import { lastOwnerBlocks } from '@keyturn/domain/teams';
import { DEMO_TEXTS } from '@keyturn/domain/demo';
import { LEAVING_TEXTS, type DataExport, type DataExportPart } from '@keyturn/domain/leaving';
import type { Db } from '../../db/client';
import {
  agents,
  bookings,
  members,
  messageCopies,
  notificationJobs,
  notificationMessages,
  organizations,
  properties,
  users,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { AgentRow } from '../core/agents';
import { crmExportRows, toCsv } from '../crm/export-service';
import { isDemoUser } from '../core/demo-identity';
import { runNotificationJob, type NotificationDeps } from '../notifications/handler';

type Row = Record<string, unknown>;
type Caller = { id: string; email: string };

const PROFILE_COLUMNS = [
  'account_email',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company_name',
  'username',
  'time_zone',
  'plan',
  'primary_color',
  'logo_url',
  'profile_picture_url',
  'show_email',
  'show_phone',
  'created_at',
] as const;

// The form's required fields, in the order a CSV import reads them: an export opens where an import is made.
const PROPERTY_COLUMNS = [
  'id',
  'public_id',
  ...CSV_REQUIRED_FIELDS,
  'property_type',
  'images',
  'is_public',
  'lat',
  'lng',
  'source',
  'mls_number',
  'created_at',
] as const;

function profileOf(user: Caller, agent: AgentRow | undefined): Row {
  return {
    account_email: user.email,
    first_name: agent?.firstName ?? null,
    last_name: agent?.lastName ?? null,
    email: agent?.email ?? null,
    phone: agent?.phone ?? null,
    company_name: agent?.companyName ?? null,
    username: agent?.username ?? null,
    time_zone: agent?.timeZone ?? null,
    plan: agent?.plan ?? null,
    primary_color: agent?.primaryColor ?? null,
    logo_url: agent?.logoUrl ?? null,
    profile_picture_url: agent?.profilePictureUrl ?? null,
    show_email: agent?.showEmail ?? null,
    show_phone: agent?.showPhone ?? null,
    created_at: agent?.createdAt ?? null,
  };
}

async function propertiesOf(db: Db, agentId: string): Promise<Row[]> {
  const rows = await db
    .select()
    .from(properties)
    .where(and(eq(properties.agentId, agentId), isNull(properties.deletedAt)))
    .orderBy(properties.id);
  return rows.map((p) => ({
    id: p.id,
    public_id: p.publicId,
    address: p.address,
    city: p.city,
    state: p.state,
    zip_code: p.zipCode,
    price: p.price,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    property_type: p.propertyType,
    images: p.images,
    is_public: p.isPublic,
    lat: p.lat,
    lng: p.lng,
    source: p.source,
    mls_number: p.mlsNumber,
    created_at: p.createdAt,
  }));
}

/** Everything of the caller's, as one JSON document (instants in ISO 8601 UTC). */
export async function dataExport(db: Db, user: Caller, agent: AgentRow | undefined, now: Date) {
  const body: DataExport = {
    exported_at: now.toISOString(),
    profile: profileOf(user, agent),
    properties: agent ? await propertiesOf(db, agent.id) : [],
    // The agent's own data to take away: every column, income included (not a CRM; decision 090).
    bookings: agent ? await crmExportRows(db, agent, 'bookings', now, true) : [],
    leads: agent ? await crmExportRows(db, agent, 'leads', now, true) : [],
  };
  return JSON.parse(JSON.stringify(body)) as DataExport;
}

/** One part of the export as CSV (the JSON's columns; images joined by spaces). */
export async function dataExportCsv(
  db: Db,
  user: Caller,
  agent: AgentRow | undefined,
  part: DataExportPart,
  now: Date,
): Promise<string> {
  const all = await dataExport(db, user, agent, now);
  if (part === 'profile') return toCsv(PROFILE_COLUMNS, [all.profile]);
  if (part === 'properties') {
    return toCsv(
      PROPERTY_COLUMNS,
      all.properties.map((p) => ({ ...p, images: (p.images as string[]).join(' ') })),
    );
  }
  const rows = all[part];
  return toCsv(Object.keys(rows[0] ?? {}), rows);
}

export function exportFileName(agent: AgentRow | undefined, now: Date, ext: string, part?: string): string {
  const day = isoDateInZone(now, agent?.timeZone ?? 'UTC');
  return `keyturn-${part ? `${part}-` : 'data-'}${day}.${ext}`;
}

/** 409 for the last owner of a team (ownership must move first); 403 for the demo account. Writes nothing. */
export async function refusalToLeave(db: Db, user: Caller): Promise<AppError | null> {
  if (isDemoUser(user)) return new AppError(403, 'DEMO_ACCOUNT', DEMO_TEXTS.credentialsLocked);
  const [own] = await db
    .select({ teamId: members.organizationId, name: organizations.name })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.organizationId))
    .where(and(eq(members.userId, user.id), eq(members.role, 'owner')));
  if (!own) return null;
  const [owners] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.organizationId, own.teamId), eq(members.role, 'owner')));
  return lastOwnerBlocks(owners?.n ?? 1, { role: 'owner' })
    ? new AppError(409, 'TEAM_OWNER', LEAVING_TEXTS.teamOwner(own.name))
    : null;
}

export type LeavingDeps = { db: Db; queue: JobQueue; notify: NotificationDeps; now: () => Date };

/**
 * Deletes the caller's account — or, with scope 'profile' (DELETE /api/agents/:id), only its agent profile and
 * everything in it, the sign-in staying — after cancelling their upcoming showings (buyers told). Answers how
 * many. A team's last owner is refused either way.
 */
export async function deleteAccount(
  deps: LeavingDeps,
  user: Caller,
  agent: AgentRow | undefined,
  scope: 'account' | 'profile' = 'account',
) {
  const { db } = deps;
  const refusal = await refusalToLeave(db, user);
  if (refusal) throw refusal;
  const now = deps.now();
  let cancelled: string[] = [];
  if (agent) {
    cancelled = await db.transaction(async (tx) => {
      // The agent's row locked: no booking change of theirs runs alongside (the booking paths lock it too).
      await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, agent.id)).for('update');
      const rows = await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          cancelReason: LEAVING_TEXTS.cancelReason,
          cancelledBy: 'agent',
          updatedAt: now,
        })
        .where(
          and(
            eq(bookings.agentId, agent.id),
            inArray(bookings.status, ['pending', 'confirmed']),
            gt(bookings.startsAt, now),
          ),
        )
        .returning({ id: bookings.id });
      // Reminders and the rest still waiting would run for rows that are about to go.
      const waiting = await tx
        .select({ id: notificationJobs.id })
        .from(notificationJobs)
        .where(and(eq(notificationJobs.agentId, agent.id), isNull(notificationJobs.cancelledAt)));
      await deps.queue.cancel(
        tx,
        waiting.map((j) => j.id),
      );
      return rows.map((r) => r.id);
    });
    for (const bookingId of cancelled) {
      // One try each, now: a message that cannot go is recorded failed, and the deletion goes on.
      await runNotificationJob(
        deps.notify,
        { bookingId, event: 'booking_cancelled', scheduledFor: now.toISOString(), actor: 'agent' },
        { retryCount: 0, retryLimit: 0 },
      ).catch(() => undefined);
    }
    const files = await db
      .select({ fileName: notificationMessages.fileName })
      .from(notificationMessages)
      .where(eq(notificationMessages.agentId, agent.id));
    const names = files.flatMap((f) => (f.fileName ? [f.fileName] : []));
    if (names.length > 0) await db.delete(messageCopies).where(inArray(messageCopies.fileName, names));
  }
  if (scope === 'account') await db.delete(users).where(eq(users.id, user.id));
  else if (agent) await db.delete(agents).where(and(eq(agents.id, agent.id), eq(agents.userId, user.id)));
  return cancelled.length;
}
