// Issue 45: a showing's new message told to every OTHER party (core/showing-thread.ts queues the job in the
// message's transaction; the worker runs it within seconds). By e-mail in the listing agent's branding with the
// link back to the conversation — the agent's dashboard booking, the buyer's manage page, the buyer's agent's
// request page, the seller's link — and by text where the owner of the number agreed to texts: the buyer or the
// buyer's agent by the booking's consent (never the client of a buyer's agent), a seller contact by theirs. Each
// message goes once per recipient and channel (its key), listed with the booking's messages. Issue 43: the buyer's
// side reads its notice in the booking's language (the buyer, or a buyer's agent without an account, whose link is
// the buyer's manage page), a seller in theirs (sellers/language.ts); the listing agent and a buyer's agent's
// account (their dashboard) read English.
import { and, eq } from 'drizzle-orm';
import { AGENT_OWN_TEXTS, type ThreadAuthorRole, type ThreadStatus } from '@keyturn/domain/listing/threads';
import { agentSendsTexts } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import type { Mailer } from '../../adapters/mail';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db/client';
import { agents, bookings, properties, propertyContacts, showingMessages } from '../../db/schema';
import type { WorkerJob } from '../../jobs/workers';
import { deliverBuyerMail } from '../core/mail/buyer-mail';
import type { DeliveryRecord } from '../core/mail/deliver';
import { whenInZone } from '../core/mail/format';
import { mailDomainOf, messageIdFor } from '../core/mail/keys';
import { brandedEmail } from '../core/mail/layout';
import { bookingLinks } from '../core/mail/links';
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { notificationSettingsOf } from '../core/notifications/settings';
import { isThreadMessageJob, type ThreadMessageJob } from '../core/showing-thread';
import { deliverConsentedText, deliverShowingText } from '../texts/showing-text';
import { agentOwnTexts } from './own-texts';
import type { AgentPush } from '../web-push/queue';
import { t, type Locale, type MessageId } from '../../i18n';
import { withLocaleParam } from '@keyturn/domain/i18n/locales';
import { contactLocale } from '../core/contact-language';

export type ThreadMailDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  smsDefaultCountry: string;
  publicUrl: string;
  mailFrom: string;
  /** Issue 47: a buyer's (or their agent's) message is pushed to the listing agent's devices too. */
  agentPush?: AgentPush;
};

type Recipient = {
  /** Part of the message's key: one message per recipient and channel. */
  id: string;
  audience: DeliveryRecord['audience'];
  email: string | null;
  link: string;
  /** How a text reaches them, when one may. */
  text: 'showing' | { phone: string; consented: boolean } | null;
  /** The language of their e-mail and text. */
  locale: Locale;
};

/** A quick status's words and an author's role, by their catalogue keys (the buyer's pages show the same). */
const STATUS_KEYS: Record<ThreadStatus, MessageId> = {
  late_10: 'manage.late10',
  late_20: 'manage.late20',
  arrived: 'manage.arrived',
  finished: 'manage.finished',
  reschedule: 'manage.needReschedule',
};
const ROLE_KEYS: Record<ThreadAuthorRole, MessageId> = {
  agent: 'manage.roleAgent',
  buyer: 'manage.roleBuyer',
  buyer_agent: 'manage.roleBuyerAgent',
  seller: 'manage.roleSeller',
};

export const agentThreadUrl = (publicUrl: string, bookingId: string) =>
  `${publicUrl}/dashboard/bookings?booking=${encodeURIComponent(bookingId)}`;
export const networkThreadUrl = (publicUrl: string, bookingId: string) =>
  `${publicUrl}/dashboard/network/requests/${encodeURIComponent(bookingId)}`;
export const sellerThreadUrl = (publicUrl: string, token: string, bookingId: string) =>
  `${publicUrl}/seller/${encodeURIComponent(token)}?showing=${encodeURIComponent(bookingId)}`;

/** The conversation's place on the notifications queue (registered through compose-threads.ts). */
export function threadMessageMail(deps: ThreadMailDeps): QueuedMailHandler<ThreadMessageJob> {
  return { matches: isThreadMessageJob, run: (job) => sendThreadMessage(deps, job) };
}

export async function sendThreadMessage(
  deps: ThreadMailDeps,
  job: WorkerJob<ThreadMessageJob>,
): Promise<{ sent: number; skipped?: string }> {
  const { db } = deps;
  const [row] = await db
    .select({ message: showingMessages, booking: bookings, agent: agents, property: properties })
    .from(showingMessages)
    .innerJoin(bookings, eq(bookings.id, showingMessages.bookingId))
    .innerJoin(agents, eq(agents.id, bookings.agentId))
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(eq(showingMessages.id, job.data.messageId));
  if (!row) return { sent: 0, skipped: 'the message or its showing no longer exists' };
  const { message, booking, agent, property } = row;
  if (deps.agentPush && (message.authorRole === 'buyer' || message.authorRole === 'buyer_agent')) {
    await deps.agentPush({
      agentId: agent.id,
      bookingId: booking.id,
      event: 'buyer_message',
      key: `thread:${message.id}`,
      messageId: message.id,
    });
  }
  const links = bookingLinks({ booking, agent, property, publicUrl: deps.publicUrl });
  const recipients: Recipient[] = [];

  // The listing agent (a buyer's text reply already reaches them as a forwarded text: not twice), by text too
  // at their own number when they agreed to it (Settings → Notifications; never their own message back).
  if (message.authorRole !== 'agent' && message.via !== 'text') {
    const own = await agentOwnTexts(db, agent, deps.smsDefaultCountry);
    recipients.push({
      id: 'agent',
      audience: 'agent',
      email: agent.email,
      link: agentThreadUrl(deps.publicUrl, booking.id),
      // Nothing recorded for an agent who never asked for texts (most have a phone in their profile).
      text: own.phone && own.consented ? { phone: own.phone, consented: true } : null,
      locale: 'en',
    });
  }
  // The buyer's side: the buyer's agent (their account's page, else the manage link) or the buyer.
  if (message.authorRole !== 'buyer' && message.authorRole !== 'buyer_agent') {
    const account = booking.buyerAgentAccountId
      ? (await db.select().from(agents).where(eq(agents.id, booking.buyerAgentAccountId)))[0]
      : undefined;
    const viaAgent = booking.buyerAgentName !== null || account !== undefined;
    recipients.push({
      id: viaAgent ? 'buyer_agent' : 'buyer',
      audience: viaAgent ? 'buyer_agent' : 'buyer',
      email: account?.email ?? (viaAgent ? booking.buyerAgentEmail : booking.clientEmail),
      link: account ? networkThreadUrl(deps.publicUrl, booking.id) : links.manage,
      text: 'showing',
      locale: account ? 'en' : booking.locale,
    });
  }
  // The property's sellers, where the listing agent lets them take part.
  if (property?.sellersInThread) {
    const sellers = await db
      .select()
      .from(propertyContacts)
      .where(and(eq(propertyContacts.propertyId, property.id), eq(propertyContacts.role, 'seller')));
    for (const c of sellers) {
      if (c.id === message.sellerContactId || c.reportRevokedAt) continue;
      // Issue 43: a seller reads it in their language (sellers/language.ts), the link opening in it.
      const locale = contactLocale(c, agent);
      recipients.push({
        id: `seller.${c.id}`,
        audience: 'seller',
        email: c.channel !== 'sms' ? c.email : null,
        link: withLocaleParam(sellerThreadUrl(deps.publicUrl, c.reportToken, booking.id), locale),
        text:
          c.phone && c.channel !== 'email' ? { phone: c.phone, consented: c.smsConsentAt !== null } : null,
        locale,
      });
    }
  }
  if (recipients.length === 0) return { sent: 0, skipped: 'nobody else takes part in the conversation' };

  /**
   * The notice's words in one language: a quick status (stored in English words) in that language's words, a
   * written message as written.
   */
  const wordsIn = (locale: Locale) => {
    const address = property?.address ?? t(locale, 'email.theProperty');
    const when = whenInZone(booking.startsAt, agent.timeZone, locale);
    const body =
      message.kind === 'status' && message.statusCode && locale !== 'en'
        ? t(locale, STATUS_KEYS[message.statusCode])
        : message.body;
    return {
      address,
      body,
      when: t(locale, 'email.whenDetail', { date: when.date, time: when.time, zone: when.zone }),
      role: t(locale, ROLE_KEYS[message.authorRole]),
      subject:
        message.kind === 'status'
          ? t(locale, 'email.threadStatusSubject', { status: body, address })
          : t(locale, 'email.threadSubject', { address }),
    };
  };
  const settings = await notificationSettingsOf(db, agent.id);
  const buyerTexts = agentSendsTexts(agent.plan, settings.notifications);
  const sellerTexts = planFor(agent.plan).features.sms;
  const attempt = { retryCount: job.retryCount, retryLimit: job.retryLimit };
  const lastAttempt = job.retryCount >= job.retryLimit;
  const scheduledFor = message.createdAt;
  let sent = 0;
  for (const to of recipients) {
    const key = `thread:${message.id}:${to.id}`;
    const { locale } = to;
    const w = wordsIn(locale);
    if (to.email) {
      const rendered = brandedEmail(
        { agent, publicUrl: deps.publicUrl },
        {
          subject: w.subject,
          heading: t(locale, 'email.threadHeading'),
          paragraphs: [t(locale, 'email.threadWrote', { name: message.authorName, role: w.role }), w.body],
          details: [
            [t(locale, 'manage.property'), property ? `${property.address}, ${property.city}` : w.address],
            [t(locale, 'manage.showing'), w.when],
          ],
          notes: [],
          action: { label: t(locale, 'email.threadAction'), url: to.link },
          locale,
        },
      );
      sent += (
        await deliverBuyerMail(
          { db, mailer: deps.mailer, mailFrom: deps.mailFrom },
          {
            key: `${key}:email`,
            kind: 'thread.message',
            agent,
            to: to.email,
            rendered,
            scheduledFor,
            bookingId: booking.id,
            attempt,
            ...(to.audience === 'agent'
              ? { toAgent: { bookingId: booking.id } }
              : { audience: to.audience as 'buyer' | 'seller' | 'buyer_agent' }),
          },
        )
      ).sent;
    }
    if (!to.text) continue;
    const textKey = `${key}:sms`;
    const record = {
      key: textKey,
      messageId: messageIdFor(textKey, mailDomainOf(deps.mailFrom)),
      agentId: agent.id,
      bookingId: booking.id,
      kind: 'thread.message.sms',
      scheduledFor,
    };
    const body =
      to.audience === 'agent'
        ? AGENT_OWN_TEXTS.text(message.authorName, w.address, message.body, to.link)
        : t(locale, 'text.threadMessage', {
            name: message.authorName,
            address: w.address,
            body: w.body,
            link: to.link,
          });
    const textDeps = { db, sms: deps.sms, smsDefaultCountry: deps.smsDefaultCountry };
    const outcome =
      to.text === 'showing'
        ? buyerTexts
          ? await deliverShowingText(textDeps, { booking, record, body: () => body, lastAttempt })
          : null
        : (to.audience === 'agent' ? buyerTexts : sellerTexts)
          ? await deliverConsentedText(textDeps, {
              phone: to.text.phone,
              audience: to.audience,
              notConsented: to.text.consented
                ? null
                : to.audience === 'agent'
                  ? 'The agent did not agree to texts at their own number'
                  : 'The contact did not agree to texts',
              optedOutReason:
                to.audience === 'agent'
                  ? 'The agent replied STOP to our texts'
                  : 'The contact replied STOP to our texts',
              record,
              body,
              lastAttempt,
            })
          : null;
    if (outcome?.status === 'failed' && !outcome.final) throw outcome.error;
    if (outcome?.status === 'sent') sent += 1;
  }
  return { sent };
}
