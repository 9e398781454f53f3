// The readers of a contact's "Booked and cancelled showings" and "Feedback" choices (issue 39 §2), the worker
// side: the job queued by notices.ts tells every contact of the property who ticked that choice — by e-mail, and
// by text where they consented and the agent's plan has texts — each message once per contact, channel and event.
// A cancellation reaches the contacts who were told of the showing (its booked/moved notice) and those who were
// asked to approve it: nobody hears of a cancellation of something they never heard of.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CONTACT_GETS_LABELS,
  SELLER_NOTICE_PREFERENCE,
  SELLER_NOTICE_TEXTS as T,
} from '@keyturn/domain/listing/sellerNotices';
import { INTEREST_LEVEL_LABELS, PRICE_OPINION_LABELS } from '@keyturn/domain/schemas/feedback';
import type { InterestLevel, PriceOpinion } from '@keyturn/domain/schemas/feedback';
import { planAllows } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db/client';
import {
  agents,
  bookings,
  feedback,
  notificationMessages,
  properties,
  propertyContacts,
  sellerApprovalLinks,
  sellerApprovalRequests,
} from '../../db/schema';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import { firstName, whenInZone } from '../core/mail/format';
import { toE164 } from '../core/mail/phone';
import { brandedEmail } from '../core/mail/layout';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { sellerReportUrl } from '../seller-report/service';
import { sendContactText } from './contact-text';
import { isSellerNoticeJob, sellerNoticeKind, type SellerNoticeJobData } from './notices';

export type SellerNoticeDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  mailFrom: string;
  smsDefaultCountry: string;
};

export function sellerNoticeMail(deps: SellerNoticeDeps): QueuedMailHandler<SellerNoticeJobData> {
  return { matches: isSellerNoticeJob, run: (job) => runSellerNotice(deps, job.data, job) };
}

type Attempt = { retryCount: number; retryLimit: number };
type Contact = typeof propertyContacts.$inferSelect;

export async function runSellerNotice(
  deps: SellerNoticeDeps,
  data: SellerNoticeJobData,
  attempt: Attempt,
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
  const preference = SELLER_NOTICE_PREFERENCE[data.event];
  if (data.event === 'booked' || data.event === 'moved') {
    // Sent when it is still so: a showing cancelled meanwhile is not announced as booked.
    if (booking.status !== 'confirmed') return { sent: 0, skipped: `the showing is ${booking.status}` };
  }
  const ticked = await db
    .select()
    .from(propertyContacts)
    .where(
      and(
        eq(propertyContacts.propertyId, property.id),
        sql`(${propertyContacts.gets} ->> ${preference})::boolean`,
      ),
    );
  const recipients =
    data.event === 'cancelled' ? await toldOfShowing(deps, booking.id, property.id, ticked) : ticked;
  if (recipients.length === 0) return { sent: 0, skipped: 'no contact gets this notice' };

  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  const address = `${property.address}, ${property.city}`;
  const when = whenInZone(booking.startsAt, agent.timeZone);
  let lines: string[];
  let details: [string, string][] = [['Property', address]];
  let subject: string;
  let heading: string;
  if (data.event === 'booked') {
    subject = T.booked.subject(property.address, when);
    heading = T.booked.heading;
    lines = [T.booked.line(property.address, when)];
    details.push(['Time', `${when.date}, ${when.time} ${when.zone}`]);
  } else if (data.event === 'moved') {
    const [previous] = data.previousBookingId
      ? await db.select().from(bookings).where(eq(bookings.id, data.previousBookingId))
      : [];
    const from = whenInZone(previous?.startsAt ?? booking.startsAt, agent.timeZone);
    subject = T.moved.subject(property.address, when);
    heading = T.moved.heading;
    lines = [T.moved.line(property.address, from, when)];
    details.push(['New time', `${when.date}, ${when.time} ${when.zone}`]);
  } else if (data.event === 'cancelled') {
    subject = T.cancelled.subject(property.address, when);
    heading = T.cancelled.heading;
    lines = [T.cancelled.line(property.address, when, data.by ?? 'agent', agentName)];
    details.push(['Time', `${when.date}, ${when.time} ${when.zone}`]);
  } else {
    const [given] = await db.select().from(feedback).where(eq(feedback.bookingId, booking.id));
    if (!given) return { sent: 0, skipped: 'the feedback was deleted' };
    subject = T.feedback.subject(property.address, when);
    heading = T.feedback.heading;
    lines = [T.feedback.line(property.address, when)];
    details = [
      ...details,
      ['Rating', `${given.rating} of 5`],
      ['Interest', INTEREST_LEVEL_LABELS[given.interestLevel as InterestLevel] ?? given.interestLevel],
      ...(given.priceOpinion
        ? [
            ['Price', PRICE_OPINION_LABELS[given.priceOpinion as PriceOpinion] ?? given.priceOpinion] as [
              string,
              string,
            ],
          ]
        : []),
      ...(given.liked ? [['Liked', given.liked] as [string, string]] : []),
      ...(given.disliked ? [['Disliked', given.disliked] as [string, string]] : []),
      ...(given.comments ? [['Comments', given.comments] as [string, string]] : []),
    ];
  }

  const kind = sellerNoticeKind(data.event);
  const textsOn = planFor(agent.plan).features.sms;
  const reports = planAllows(planFor(agent.plan), 'sellerReports');
  let sent = 0;
  for (const contact of recipients) {
    const key = `${kind}:${booking.id}:${contact.id}`;
    if (contact.email && contact.channel !== 'sms') {
      const report = reports && !contact.reportRevokedAt;
      const rendered = brandedEmail(
        { agent, publicUrl: deps.publicUrl },
        {
          subject,
          heading,
          paragraphs: [`Hi ${firstName(contact.name)},`, ...lines],
          details,
          notes: [T.why(agentName, CONTACT_GETS_LABELS[preference])],
          action: report
            ? { label: 'See your showing report', url: sellerReportUrl(deps.publicUrl, contact.reportToken) }
            : { label: T.contactAgent(agentName), url: `mailto:${agent.email}` },
        },
      );
      sent += (
        await deliverBuyerMail(deps, {
          key: `${key}:email`,
          kind,
          agent,
          to: contact.email,
          rendered,
          scheduledFor: new Date(data.at),
          bookingId: booking.id,
          audience: 'seller',
          attempt,
        })
      ).sent;
    }
    const phone = contact.phone ? toE164(contact.phone, deps.smsDefaultCountry) : null;
    if (textsOn && phone && contact.smsConsentAt && contact.channel !== 'email') {
      const body = `${agentName}: ${lines.join(' ')} ${T.stopLine}`;
      sent += await sendContactText(deps, {
        key: `${key}:sms`,
        kind,
        agentId: agent.id,
        bookingId: booking.id,
        to: phone,
        body,
        at: data.at,
        attempt,
      });
    }
  }
  return { sent };
}

/**
 * A cancellation's recipients: the ticked contacts who were told the showing was booked or moved (their notice
 * was sent), and every contact who was asked to approve it.
 */
async function toldOfShowing(
  { db, smsDefaultCountry }: SellerNoticeDeps,
  bookingId: string,
  propertyId: number,
  ticked: Contact[],
) {
  const told = await db
    .selectDistinct({ recipient: notificationMessages.recipient })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.bookingId, bookingId),
        inArray(notificationMessages.kind, [sellerNoticeKind('booked'), sellerNoticeKind('moved')]),
        eq(notificationMessages.status, 'sent'),
      ),
    );
  const toldTo = new Set(told.map((t) => t.recipient));
  const asked = await db
    .selectDistinct({ contact: propertyContacts })
    .from(sellerApprovalLinks)
    .innerJoin(sellerApprovalRequests, eq(sellerApprovalRequests.id, sellerApprovalLinks.requestId))
    .innerJoin(propertyContacts, eq(propertyContacts.id, sellerApprovalLinks.contactId))
    .where(and(eq(sellerApprovalRequests.bookingId, bookingId), eq(propertyContacts.propertyId, propertyId)));
  const byId = new Map<string, Contact>();
  for (const c of ticked) {
    const phone = c.phone ? toE164(c.phone, smsDefaultCountry) : null;
    if ((c.email && toldTo.has(c.email)) || (phone && toldTo.has(phone))) byId.set(c.id, c);
  }
  for (const { contact } of asked) byId.set(contact.id, contact);
  return [...byId.values()];
}
