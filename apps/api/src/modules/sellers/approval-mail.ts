// The approval chain's messages on the notifications queue (issue 32 §2, decision 053), each step one job queued
// with the request (approval.ts) and each message once per key (core/mail/deliver.ts): the request and its
// reminder to every contact who gets approval requests (e-mail, and a text where they consented), the escalation
// to the agent, and at the showing's start the expiry — the request closed, the booking declined and a kind
// e-mail to the buyer with the way to other times. A step whose request was answered meanwhile sends nothing.
// Issue 43: the request and its reminder (e-mail and text) in each contact's language (sellers/language.ts, the
// `sellermail` catalogue), their links opening the page in it; the escalation to the agent stays English.
import { and, eq } from 'drizzle-orm';
import { SELLER_APPROVAL_MESSAGES as M } from '@keyturn/domain/listing/sellerApprovalTexts';
import type { ApprovalAction } from '@keyturn/domain/listing/sellerApprovalTexts';
import { withLocaleParam } from '@keyturn/domain/i18n/locales';
import { planFor } from '@keyturn/domain/plans';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db/client';
import {
  agents,
  bookings,
  properties,
  propertyContacts,
  sellerApprovalLinks,
  sellerApprovalRequests,
} from '../../db/schema';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import { deliverWithBuyerAgentCopy } from '../core/mail/buyer-agent-copy';
import { firstName, whenInZone } from '../core/mail/format';
import { toE164 } from '../core/mail/phone';
import { bookingLinks } from '../core/mail/links';
import { brandedEmail } from '../core/mail/layout';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { t } from '../../i18n';
import { isSellerJob, SELLER_APPROVAL_KIND, type SellerJobData } from './approval';
import { approvalPageUrl, type LinkSigner } from './links';
import { contactLocale } from '../core/contact-language';
import { sendContactText } from './contact-text';

export type SellerMailDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  signer: LinkSigner;
  publicUrl: string;
  mailFrom: string;
  smsDefaultCountry: string;
  now: () => Date;
};

type Attempt = { retryCount: number; retryLimit: number };
type Result = { sent: number; skipped?: string };

export function sellerApprovalMail(deps: SellerMailDeps): QueuedMailHandler<SellerJobData> {
  return { matches: isSellerJob, run: (job) => runSellerJob(deps, job.data, job) };
}

async function load(db: Db, requestId: string) {
  const [row] = await db
    .select({ request: sellerApprovalRequests, booking: bookings, agent: agents, property: properties })
    .from(sellerApprovalRequests)
    .innerJoin(bookings, eq(bookings.id, sellerApprovalRequests.bookingId))
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .innerJoin(properties, eq(properties.id, sellerApprovalRequests.propertyId))
    .where(eq(sellerApprovalRequests.id, requestId));
  return row ?? null;
}
type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

export async function runSellerJob(
  deps: SellerMailDeps,
  data: SellerJobData,
  attempt: Attempt,
): Promise<Result> {
  const row = await load(deps.db, data.requestId);
  if (!row) return { sent: 0, skipped: 'the request no longer exists' };
  if (data.step === 'expiry') return expire(deps, row, data, attempt);
  if (row.request.status !== 'open') return { sent: 0, skipped: `the request is ${row.request.status}` };
  if (row.booking.status !== 'pending') return { sent: 0, skipped: `the booking is ${row.booking.status}` };
  if (data.step === 'escalation') return escalate(deps, row, data, attempt);
  return askContacts(deps, row, data, attempt);
}

async function askContacts(deps: SellerMailDeps, row: Loaded, data: SellerJobData, attempt: Attempt) {
  const { request, booking, agent, property } = row;
  const links = await deps.db
    .select({ link: sellerApprovalLinks, contact: propertyContacts })
    .from(sellerApprovalLinks)
    .innerJoin(propertyContacts, eq(propertyContacts.id, sellerApprovalLinks.contactId))
    .where(eq(sellerApprovalLinks.requestId, request.id));
  const byContact = new Map<
    string,
    { contact: (typeof links)[number]['contact']; urls: Map<ApprovalAction, string> }
  >();
  for (const { link, contact } of links) {
    const entry = byContact.get(contact.id) ?? { contact, urls: new Map() };
    entry.urls.set(link.action, approvalPageUrl(deps.publicUrl, deps.signer.sign(link.id, link.action)));
    byContact.set(contact.id, entry);
  }
  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  const reminder = data.step === 'reminder';
  const textsOn = planFor(agent.plan).features.sms;
  let sent = 0;
  for (const { contact, urls } of byContact.values()) {
    const key = `${SELLER_APPROVAL_KIND}:${request.id}:${data.step}:${contact.id}`;
    // Issue 43: in the contact's language, their page's links opening in it.
    const locale = contactLocale(contact, agent);
    const when = whenInZone(booking.startsAt, agent.timeZone, locale);
    const url = (action: ApprovalAction) => withLocaleParam(urls.get(action)!, locale);
    const reminded = (message: string) =>
      reminder ? t(locale, 'sellermail.reminder', { message }) : message;
    const approveUrl = url('approve');
    if (contact.email && contact.channel !== 'sms') {
      const rendered = brandedEmail(
        { agent, publicUrl: deps.publicUrl },
        {
          subject: reminded(
            t(locale, 'sellermail.approvalSubject', {
              address: property.address,
              date: when.shortDate,
              time: when.time,
            }),
          ),
          heading: t(locale, 'seller.pageTitle'),
          paragraphs: [
            t(locale, 'email.greeting', { name: firstName(contact.name) }),
            t(locale, 'sellermail.approvalLine', {
              agentName,
              address: property.address,
              clientName: firstName(booking.clientName),
              date: when.date,
              time: when.time,
              zone: when.zone,
            }),
          ],
          details: [
            [t(locale, 'seller.property'), `${property.address}, ${property.city}`],
            [t(locale, 'seller.requestedTime'), t(locale, 'email.whenDetail', when)],
          ],
          notes: [t(locale, 'sellermail.approvalNote')],
          action: { label: t(locale, 'seller.approve'), url: approveUrl },
          links: [
            { label: t(locale, 'seller.decline'), url: url('decline') },
            { label: t(locale, 'seller.propose'), url: url('propose') },
            { label: t(locale, 'seller.block'), url: url('block') },
          ],
          locale,
        },
      );
      sent += (
        await deliverBuyerMail(deps, {
          key: `${key}:email`,
          kind: `${SELLER_APPROVAL_KIND}.${data.step}`,
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
      const body = reminded(
        t(locale, 'sellermail.approvalText', {
          agentName,
          address: property.address,
          date: when.shortDate,
          time: when.time,
          approveUrl,
          declineUrl: url('decline'),
        }),
      );
      sent += await sendText(deps, {
        key: `${key}:sms`,
        agentId: agent.id,
        bookingId: booking.id,
        to: phone,
        body,
        at: data.at,
        attempt,
      });
    }
  }
  if (reminder) {
    await deps.db
      .update(sellerApprovalRequests)
      .set({ remindersSent: 1 })
      .where(and(eq(sellerApprovalRequests.id, request.id), eq(sellerApprovalRequests.remindersSent, 0)));
  }
  return { sent };
}

function sendText(
  deps: SellerMailDeps,
  t: {
    key: string;
    agentId: string;
    bookingId: string;
    to: string;
    body: string;
    at: string;
    attempt: Attempt;
  },
): Promise<number> {
  return sendContactText(deps, { ...t, kind: `${SELLER_APPROVAL_KIND}.text` });
}

async function escalate(deps: SellerMailDeps, row: Loaded, data: SellerJobData, attempt: Attempt) {
  const { request, booking, agent, property } = row;
  const when = whenInZone(booking.startsAt, agent.timeZone);
  const key = `${SELLER_APPROVAL_KIND}:${request.id}:escalation`;
  const kind = `${SELLER_APPROVAL_KIND}.escalation`;
  const rendered = brandedEmail(
    { agent, publicUrl: deps.publicUrl },
    {
      subject: `No answer yet from the seller: ${property.address}, ${when.shortDate} at ${when.time}`,
      heading: 'The seller has not answered yet',
      paragraphs: [M.escalation(booking.clientName), 'You can approve or decline the request yourself.'],
      details: [
        ['Property', `${property.address}, ${property.city}`],
        ['Requested time', `${when.date}, ${when.time} ${when.zone}`],
      ],
      notes: [],
      action: {
        label: 'Open your bookings',
        url: bookingLinks({ booking, agent, property, publicUrl: deps.publicUrl }).dashboard,
      },
    },
  );
  const result = await deliverBuyerMail(deps, {
    key,
    kind,
    agent,
    to: agent.email,
    rendered,
    scheduledFor: new Date(data.at),
    attempt,
    toAgent: { bookingId: booking.id },
  });
  await deps.db
    .update(sellerApprovalRequests)
    .set({ escalatedAt: new Date(data.at) })
    .where(eq(sellerApprovalRequests.id, request.id));
  return result;
}

/** At the showing's start: the open request expires, the pending booking is declined, the buyer told kindly. */
async function expire(deps: SellerMailDeps, row: Loaded, data: SellerJobData, attempt: Attempt) {
  const { request, agent, property } = row;
  if (request.status === 'open') {
    await deps.db.transaction(async (tx) => {
      const [closed] = await tx
        .update(sellerApprovalRequests)
        .set({ status: 'expired', answeredAt: new Date(data.at) })
        .where(and(eq(sellerApprovalRequests.id, request.id), eq(sellerApprovalRequests.status, 'open')))
        .returning({ id: sellerApprovalRequests.id });
      if (closed) {
        await tx
          .update(bookings)
          .set({ status: 'declined', cancelReason: M.expired })
          .where(and(eq(bookings.id, request.bookingId), eq(bookings.status, 'pending')));
      }
    });
  } else if (request.status !== 'expired') {
    return { sent: 0, skipped: `the request is ${request.status}` };
  }
  const [booking] = await deps.db.select().from(bookings).where(eq(bookings.id, request.bookingId));
  if (!booking || booking.status !== 'declined')
    return { sent: 0, skipped: 'the booking was settled meanwhile' };
  // To the buyer (and their agent's copy), in the booking's language (issue 43).
  const locale = booking.locale;
  const when = whenInZone(booking.startsAt, agent.timeZone, locale);
  const links = bookingLinks({ booking, agent, property, publicUrl: deps.publicUrl });
  const render = (greeting: string[]) =>
    brandedEmail(
      { agent, publicUrl: deps.publicUrl },
      {
        subject: t(locale, 'email.expiredSubject', { date: when.shortDate }),
        heading: t(locale, 'email.expiredHeading'),
        paragraphs: [...greeting, t(locale, 'email.expiredLine')],
        details: [
          [t(locale, 'manage.property'), `${property.address}, ${property.city}`],
          [
            t(locale, 'email.requestedTimeLabel'),
            t(locale, 'email.whenDetail', { date: when.date, time: when.time, zone: when.zone }),
          ],
        ],
        notes: [],
        action: { label: t(locale, 'email.chooseAnotherTime'), url: links.bookAgain },
        locale,
      },
    );
  // Issue 45: the buyer's agent who asked for it gets their copy.
  return deliverWithBuyerAgentCopy(
    deps,
    booking,
    {
      key: `${SELLER_APPROVAL_KIND}:${request.id}:expiry`,
      kind: `${SELLER_APPROVAL_KIND}.expiry`,
      agent,
      scheduledFor: new Date(data.at),
      attempt,
    },
    render,
  );
}
