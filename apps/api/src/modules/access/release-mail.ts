// The access release message (issue 32 §3, decision 054): one job of the notifications queue per showing,
// queued with the booking (and again when it moves, is handed over or the release time changes), due
// `accessReleaseMinutes` before the showing. When it runs it reads everything as it is THEN: the booking must
// be confirmed and still at that time, the agent's plan must include access release, and the details are
// opened at that moment — a changed code is never sent in its old form, a cancelled or moved booking gets
// nothing. Each recipient gets it once (the delivery key and the release log).
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ACCESS_FIELD_LABELS, hasAccessDetails, releaseAt } from '@keyturn/domain/listing/access';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { Mailer } from '../../adapters/mail';
import type { Db, DbTransaction } from '../../db/client';
import { agents, bookings, properties, propertyAccess, propertyShowingRules } from '../../db/schema';
import { deterministicUuid, type JobQueue } from '../../jobs/queue';
import type { SecretBox } from '../core/crypto';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import { whenInZone } from '../core/mail/format';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { bookingLinks } from '../core/mail/links';
import { brandedEmail } from '../core/mail/layout';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { t, type MessageId } from '../../i18n';
import { accessRecipientsOf, logRelease, openAccess, releaseMinutesOf, releasedBefore } from './service';
import type { AgentPush } from '../web-push/queue';

export const ACCESS_RELEASE_KIND = 'access.release';

export type AccessReleaseJobData = {
  kind: 'access.release';
  bookingId: string;
  /** The showing's start when queued: a moved showing's job sends nothing. */
  startsAt: string;
  releaseAt: string;
};

export function isAccessReleaseJob(data: object): data is AccessReleaseJobData {
  return (data as { kind?: unknown }).kind === ACCESS_RELEASE_KIND;
}

type Showing = { id: string; startsAt: Date; propertyId?: number | null };

/**
 * Queues a showing's release at its property's release time (a job for the same time is stored once). One
 * statement for a listing without access details, two with them, in the booking's transaction.
 */
export async function queueAccessRelease(tx: DbTransaction, queue: JobQueue, showing: Showing) {
  // The hooks usually get the whole booking row: its property is read only when it was not handed in.
  const [row] =
    showing.propertyId !== undefined
      ? [{ propertyId: showing.propertyId }]
      : await tx
          .select({ propertyId: bookings.propertyId })
          .from(bookings)
          .where(eq(bookings.id, showing.id));
  if (!row?.propertyId) return;
  // A listing without access details queues nothing (saving them later queues every showing ahead).
  const [stored] = await tx
    .select({ minutes: sql<number>`coalesce(${propertyShowingRules.accessReleaseMinutes}, 60)` })
    .from(propertyAccess)
    .leftJoin(propertyShowingRules, eq(propertyShowingRules.propertyId, propertyAccess.propertyId))
    .where(eq(propertyAccess.propertyId, row.propertyId));
  if (!stored) return;
  const at = releaseAt(showing.startsAt, stored.minutes);
  const data: AccessReleaseJobData = {
    kind: ACCESS_RELEASE_KIND,
    bookingId: showing.id,
    startsAt: showing.startsAt.toISOString(),
    releaseAt: at.toISOString(),
  };
  await queue.send(tx, {
    id: deterministicUuid(`${ACCESS_RELEASE_KIND}:${showing.id}:${data.releaseAt}`),
    data,
    startAfter: at,
  });
}

/** After the agent changed a property's release time: every showing ahead gets a job at the new time. */
export async function requeuePropertyReleases(
  tx: DbTransaction,
  queue: JobQueue,
  propertyId: number,
  now: Date,
): Promise<void> {
  const ahead = await tx
    .select({ id: bookings.id, startsAt: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        inArray(bookings.status, ['pending', 'confirmed']),
        gt(bookings.startsAt, now),
      ),
    );
  for (const b of ahead) await queueAccessRelease(tx, queue, { ...b, propertyId });
}

/**
 * The booking hooks with the access release added: a showing that is booked, moved to, handed over or
 * approved has its release queued (its job decides when it runs whether anything is sent).
 */
export function withAccessRelease(inner: BookingNotifier, queue: JobQueue): BookingNotifier {
  return {
    ...inner,
    created: async (tx, booking, actor) => {
      await inner.created(tx, booking, actor);
      await queueAccessRelease(tx, queue, booking);
    },
    ahead: async (tx, booking, actor) => {
      await inner.ahead(tx, booking, actor);
      await queueAccessRelease(tx, queue, booking);
    },
    rescheduled: async (tx, from, to, actor) => {
      await inner.rescheduled(tx, from, to, actor);
      await queueAccessRelease(tx, queue, to);
    },
    reassigned: async (tx, booking, previousAgentId) => {
      await inner.reassigned(tx, booking, previousAgentId);
      await queueAccessRelease(tx, queue, booking);
    },
    actionApplied: async (tx, booking, action) => {
      await inner.actionApplied(tx, booking, action);
      if (action === 'confirm') await queueAccessRelease(tx, queue, booking);
    },
  };
}

export type AccessReleaseDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  mailFrom: string;
  box: SecretBox;
  now: () => Date;
  /** Issue 47: the listing agent's devices are told the details went out. */
  agentPush?: AgentPush;
};

/** The release's place on the notifications queue (registered in src/compose-workers.ts). */
export function accessReleaseMail(deps: AccessReleaseDeps): QueuedMailHandler<AccessReleaseJobData> {
  return { matches: isAccessReleaseJob, run: (job) => runAccessReleaseJob(deps, job.data, job) };
}

export async function runAccessReleaseJob(
  deps: AccessReleaseDeps,
  data: AccessReleaseJobData,
  attempt: { retryCount: number; retryLimit: number },
): Promise<{ sent: number; skipped?: string }> {
  const { db } = deps;
  const [row] = await db
    .select({ booking: bookings, agent: agents, property: properties })
    .from(bookings)
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .innerJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(bookings.id, data.bookingId));
  if (!row) return { sent: 0, skipped: 'the showing no longer exists' };
  const { booking, agent, property } = row;
  const now = deps.now();
  if (booking.status !== 'confirmed') return { sent: 0, skipped: `the booking is ${booking.status}` };
  if (booking.startsAt.getTime() !== Date.parse(data.startsAt))
    return { sent: 0, skipped: 'the showing moved' };
  if (booking.endsAt.getTime() <= now.getTime()) return { sent: 0, skipped: 'the showing is over' };
  if (!planAllows(planFor(agent.plan), 'accessRelease'))
    return { sent: 0, skipped: "the agent's plan does not include access release" };
  // The release time as it is now: a job queued for an earlier time than the property's current one waits.
  const due = releaseAt(booking.startsAt, await releaseMinutesOf(db, property.id));
  if (due.getTime() > now.getTime()) return { sent: 0, skipped: 'the release time is later now' };
  // Opened now, not when queued: the code the agent saved last.
  const access = await openAccess(db, deps.box, property.id);
  if (!access || !hasAccessDetails(access.details)) return { sent: 0, skipped: 'no access details' };

  // Issue 43: the buyer and the buyer's agent who booked for them read it in the booking's language.
  const locale = booking.locale;
  const tr = (id: MessageId, values?: Parameters<typeof t>[2]) => t(locale, id, values);
  const when = whenInZone(booking.startsAt, agent.timeZone, locale);
  const links = bookingLinks({ booking, agent, property, publicUrl: deps.publicUrl });
  let sent = 0;
  for (const recipient of accessRecipientsOf(booking)) {
    if (await releasedBefore(db, booking.id, recipient.role, 'email')) continue;
    const first = recipient.name.split(/\s+/)[0] ?? '';
    const rendered = brandedEmail(
      { agent, publicUrl: deps.publicUrl },
      {
        // The subject is listed in Settings → Messages: it never carries the details.
        subject: tr('email.accessSubject', { address: property.address, time: when.time }),
        heading: tr('email.accessHeading'),
        paragraphs: [
          first ? tr('email.greeting', { name: first }) : tr('email.hello'),
          tr('email.accessLine', {
            address: property.address,
            when: tr('email.whenAtZone', { date: when.date, time: when.time, zone: when.zone }),
          }),
        ],
        // The fields' labels as the buyer's page shows them (details.lockboxCode…); the values as the agent wrote them.
        details: ACCESS_FIELD_LABELS.flatMap(([key]): [string, string][] => {
          const value = access.details[key];
          return value ? [[tr(`details.${key}`), value]] : [];
        }),
        notes: [tr('email.accessNote')],
        action:
          recipient.role === 'buyer'
            ? { label: tr('email.openBooking'), url: links.manage }
            : { label: tr('email.seeListing'), url: links.bookAgain },
        locale,
      },
    );
    const result = await deliverBuyerMail(deps, {
      key: `${ACCESS_RELEASE_KIND}:${booking.id}:${recipient.role}`,
      kind: ACCESS_RELEASE_KIND,
      agent,
      to: recipient.email,
      rendered,
      scheduledFor: due,
      bookingId: booking.id,
      audience: recipient.role,
      attempt,
    });
    if (result.sent > 0) {
      sent += 1;
      await logRelease(db, {
        bookingId: booking.id,
        recipient: recipient.email,
        role: recipient.role,
        channel: 'email',
        version: access.version,
        at: now,
      });
    }
  }
  // Once per showing time (a retry after the e-mails went still tells the agent; the key keeps it once).
  let released = sent > 0;
  for (const r of accessRecipientsOf(booking)) {
    if (released || !deps.agentPush) break;
    released = await releasedBefore(db, booking.id, r.role, 'email');
  }
  if (deps.agentPush && released)
    await deps.agentPush({
      agentId: agent.id,
      bookingId: booking.id,
      event: 'access_released',
      key: `${ACCESS_RELEASE_KIND}:${booking.id}:${data.startsAt}`,
    });
  return { sent };
}
