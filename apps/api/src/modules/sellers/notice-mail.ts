// The readers of a contact's "Booked and cancelled showings" and "Feedback" choices (issue 39 §2), the worker
// side: the job queued by notices.ts tells every contact of the property who ticked that choice — by e-mail, and
// by text where they consented and the agent's plan has texts — each message once per contact, channel and event.
// A cancellation reaches the contacts who were told of the showing (its booked/moved notice) and those who were
// asked to approve it: nobody hears of a cancellation of something they never heard of. Issue 43: each contact
// reads theirs in their language (sellers/language.ts, the `sellermail` catalogue), dates through Intl in it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SELLER_NOTICE_PREFERENCE, type ContactGetsKind } from '@keyturn/domain/listing/sellerNotices';
import {
  INTEREST_LEVEL_KEYS,
  PRICE_OPINION_KEYS,
  type InterestLevel,
  type PriceOpinion,
} from '@keyturn/domain/schemas/feedback';
import { withLocaleParam, type Locale } from '@keyturn/domain/i18n/locales';
import { STOP_LINE } from '@keyturn/domain/texts/showingTexts';
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
import { contactLocale } from '../core/contact-language';
import { t, type MessageId } from '../../i18n';

/** The "Sellers and occupants" form's boxes (CONTACT_GETS_LABELS), in the contact's language. */
const GETS_KEYS: Record<ContactGetsKind, MessageId> = {
  approvals: 'sellermail.getsApprovals',
  notices: 'sellermail.getsNotices',
  feedback: 'sellermail.getsFeedback',
  weeklyReport: 'sellermail.getsWeeklyReport',
};

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
  const [previous] =
    data.event === 'moved' && data.previousBookingId
      ? await db.select().from(bookings).where(eq(bookings.id, data.previousBookingId))
      : [];
  let given: typeof feedback.$inferSelect | undefined;
  if (data.event === 'feedback') {
    [given] = await db.select().from(feedback).where(eq(feedback.bookingId, booking.id));
    if (!given) return { sent: 0, skipped: 'the feedback was deleted' };
  }

  /** Issue 43: the notice's words in the contact's language (dates and times through Intl in it). */
  const noticeIn = (locale: Locale) => {
    const when = whenInZone(booking.startsAt, agent.timeZone, locale);
    const at = { address: property.address, date: when.date, time: when.time, zone: when.zone };
    const short = { address: property.address, date: when.shortDate, time: when.time };
    const whenDetail = t(locale, 'email.whenDetail', when);
    const details: [string, string][] = [[t(locale, 'seller.property'), address]];
    if (data.event === 'booked') {
      details.push([t(locale, 'sellermail.labelTime'), whenDetail]);
      return {
        subject: t(locale, 'sellermail.bookedSubject', short),
        heading: t(locale, 'sellermail.bookedHeading'),
        line: t(locale, 'sellermail.bookedLine', at),
        details,
      };
    }
    if (data.event === 'moved') {
      const from = whenInZone(previous?.startsAt ?? booking.startsAt, agent.timeZone, locale);
      details.push([t(locale, 'sellermail.labelNewTime'), whenDetail]);
      return {
        subject: t(locale, 'sellermail.movedSubject', short),
        heading: t(locale, 'sellermail.movedHeading'),
        line: t(locale, 'sellermail.movedLine', {
          ...at,
          fromDate: from.date,
          fromTime: from.time,
          fromZone: from.zone,
        }),
        details,
      };
    }
    if (data.event === 'cancelled') {
      details.push([t(locale, 'sellermail.labelTime'), whenDetail]);
      return {
        subject: t(locale, 'sellermail.cancelledSubject', short),
        heading: t(locale, 'sellermail.cancelledHeading'),
        line: t(locale, 'sellermail.cancelledLine', { ...at, by: data.by ?? 'agent', agentName }),
        details,
      };
    }
    const f = given!;
    // The feedback's answers in the words of the buyer's feedback page (the domain's keys of the `visit` area).
    const interest = INTEREST_LEVEL_KEYS[f.interestLevel as InterestLevel];
    const price = f.priceOpinion ? PRICE_OPINION_KEYS[f.priceOpinion as PriceOpinion] : undefined;
    const interestKey = interest && (`visit.${interest}` as MessageId);
    const priceKey = price && (`visit.${price}` as MessageId);
    details.push(
      [t(locale, 'sellermail.labelRating'), t(locale, 'sellermail.ratingOf', { rating: f.rating })],
      [t(locale, 'sellermail.labelInterest'), interestKey ? t(locale, interestKey) : f.interestLevel],
      ...(f.priceOpinion
        ? [
            [t(locale, 'sellermail.labelPrice'), priceKey ? t(locale, priceKey) : f.priceOpinion] as [
              string,
              string,
            ],
          ]
        : []),
      ...(f.liked ? [[t(locale, 'seller.likedOne'), f.liked] as [string, string]] : []),
      ...(f.disliked ? [[t(locale, 'sellermail.labelDisliked'), f.disliked] as [string, string]] : []),
      ...(f.comments ? [[t(locale, 'sellermail.labelComments'), f.comments] as [string, string]] : []),
    );
    return {
      subject: t(locale, 'sellermail.feedbackSubject', { address: property.address, date: when.shortDate }),
      heading: t(locale, 'sellermail.feedbackHeading'),
      line: t(locale, 'sellermail.feedbackLine', at),
      details,
    };
  };

  const kind = sellerNoticeKind(data.event);
  const textsOn = planFor(agent.plan).features.sms;
  const reports = planAllows(planFor(agent.plan), 'sellerReports');
  let sent = 0;
  for (const contact of recipients) {
    const key = `${kind}:${booking.id}:${contact.id}`;
    const locale = contactLocale(contact, agent);
    const notice = noticeIn(locale);
    if (contact.email && contact.channel !== 'sms') {
      const report = reports && !contact.reportRevokedAt;
      const rendered = brandedEmail(
        { agent, publicUrl: deps.publicUrl },
        {
          subject: notice.subject,
          heading: notice.heading,
          paragraphs: [t(locale, 'email.greeting', { name: firstName(contact.name) }), notice.line],
          details: notice.details,
          notes: [t(locale, 'sellermail.why', { agentName, label: t(locale, GETS_KEYS[preference]) })],
          action: report
            ? {
                label: t(locale, 'sellermail.seeReport'),
                url: withLocaleParam(sellerReportUrl(deps.publicUrl, contact.reportToken), locale),
              }
            : { label: t(locale, 'sellermail.contactAgent', { agentName }), url: `mailto:${agent.email}` },
          locale,
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
      const body = t(locale, 'sellermail.noticeText', {
        agentName,
        line: notice.line,
        stop: STOP_LINE[locale],
      });
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
