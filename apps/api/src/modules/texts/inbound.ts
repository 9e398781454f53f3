// Issue 33, replies that act (decision 055): one inbound text from the provider's webhook, acted on once.
// The whole of it runs in one transaction that starts by claiming the MessageSid: a retried delivery waits for
// the first, then finds it claimed and answers the same reply, changing nothing. An error rolls everything
// back (the claim too), so the provider's retry acts then.
//
// Who the buyer is talking to: every agent texts from the one configured sender number, so `To` names Keyturn,
// not an agent. The agent is the one of the most recent text we sent to the `From` number; the showing is that
// buyer's next upcoming one with that agent (the bookings whose phone, in E.164, is the `From` number).
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import {
  answerLanguage,
  classifyReply,
  replyLanguage,
  replyTextsIn,
  type ReplyClass,
  type ReplyContext,
  type ReplyLanguage,
} from '@keyturn/domain/texts/replies';
import { textRecipient } from '@keyturn/domain/listing/buyerAgent';
import type { DbTransaction } from '../../db/client';
import {
  agents,
  bookings,
  notificationMessages,
  properties,
  smsInboundMessages,
  smsPendingQuestions,
} from '../../db/schema';
import { lockAgentRow } from '../../db/transaction';
import { awaitingSeller } from '../core/seller-approval-state';
import { showingCutoff } from '../showing-rules/change-cutoff';
import { cancelWaitingNewTimes } from '../bookings/reschedule-request';
import type { JobQueue } from '../../jobs/queue';
import { rateShowingByText } from '../feedback/service';
import { whenInZone } from '../core/mail/format';
import { toE164 } from '../core/mail/phone';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { threadReplyByText } from '../core/showing-thread';
import { recordOptChange } from './consent';
import { queueTextJob } from './outgoing';
import { intlLocaleOf } from '../../i18n';

export type InboundDeps = {
  db: { transaction: <T>(fn: (tx: DbTransaction) => Promise<T>) => Promise<T> };
  now: () => Date;
  notify: BookingNotifier;
  queue: JobQueue;
  defaultCountry: string;
  /** Issue 39 §2: a rating tells the property's contacts who ticked "Feedback" (sellers' notice, composed in app.ts). */
  onRated: (tx: DbTransaction, bookingId: string, at: Date) => Promise<void>;
};

export type InboundText = { messageSid: string; from: string; to: string; body: string };

type AgentRow = typeof agents.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;
type Acted = { action: string; reply: string | null; agentId: string | null; bookingId: string | null };

/** The kinds of our texts that ask for a 1–5 rating (the feedback ask, sent by the outbound side). */
const FEEDBACK_ASK_KIND = /^feedback/;

/** Acts on one inbound text; answers the reply text to send back (null: none). */
export async function receiveText(deps: InboundDeps, text: InboundText): Promise<string | null> {
  const phone = toE164(text.from, deps.defaultCountry) ?? text.from.trim();
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(smsInboundMessages)
      .values({
        messageSid: text.messageSid,
        fromPhone: phone,
        toPhone: text.to,
        body: text.body,
        action: 'received',
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ sid: smsInboundMessages.messageSid });
    if (!claimed) {
      const [earlier] = await tx
        .select({ reply: smsInboundMessages.reply })
        .from(smsInboundMessages)
        .where(eq(smsInboundMessages.messageSid, text.messageSid));
      return earlier?.reply ?? null;
    }
    const acted = await act(tx, deps, { ...text, phone }, now);
    await tx
      .update(smsInboundMessages)
      .set({ action: acted.action, reply: acted.reply, agentId: acted.agentId, bookingId: acted.bookingId })
      .where(eq(smsInboundMessages.messageSid, text.messageSid));
    if (acted.action === 'other' && acted.agentId) {
      await queueTextJob(tx, deps.queue, { kind: 'texts.forward', messageSid: text.messageSid }, now);
      // Issue 45: the reply lands in the thread of the showing it answers too (the agent has it forwarded).
      if (acted.bookingId) {
        await threadReplyByText(
          tx,
          deps.queue,
          { bookingId: acted.bookingId, phone, body: text.body, country: deps.defaultCountry },
          now,
        );
      }
    }
    return acted.reply;
  });
}

async function act(
  tx: DbTransaction,
  deps: InboundDeps,
  text: InboundText & { phone: string },
  now: Date,
): Promise<Acted> {
  const { phone } = text;
  const last = await lastTextTo(tx, phone);
  const agent = last ? await agentById(tx, last.agentId) : null;
  const pending = agent ? await pendingQuestion(tx, phone, agent.id) : null;
  const context: ReplyContext = {
    pendingChoices: pending?.bookingIds.length,
    feedbackAsked: Boolean(last && FEEDBACK_ASK_KIND.test(last.kind)),
  };
  const reply: ReplyClass = classifyReply(text.body, context);
  // Issue 39: the answer comes in the buyer's language — this text's, else their earlier texts'; issue 43: and
  // Spanish whenever the booking our last text was about was made in Spanish.
  const written = replyLanguage(text.body) ?? (await earlierLanguage(tx, phone, text.messageSid));
  const lastBooking = last?.bookingId ? await bookingById(tx, last.bookingId) : null;
  const language = answerLanguage(written, lastBooking);
  const T = replyTextsIn(language);
  const base = { agentId: agent?.id ?? null, bookingId: null };
  const agentName = agent ? `${agent.firstName} ${agent.lastName}`.trim() : T.yourAgent;

  switch (reply.action) {
    case 'opt_out':
    case 'opt_in':
      if (agent) await clearQuestion(tx, phone, agent.id);
      await recordOptChange(
        tx,
        {
          phone,
          agentId: agent?.id ?? null,
          bookingId: last?.bookingId ?? null,
          messageSid: text.messageSid,
          at: now,
        },
        reply.action,
      );
      return {
        ...base,
        action: reply.action,
        reply: reply.action === 'opt_out' ? T.optedOut : T.optedIn,
      };
    case 'help':
      return { ...base, action: 'help', reply: T.help(agentName, agent?.phone || null) };
    case 'rating': {
      const booking = lastBooking;
      if (!booking) break;
      await rateShowingByText(tx, booking, reply.value, now);
      // Issue 39 §2: the contacts ticked for "Feedback" get it, as from the web form.
      await deps.onRated(tx, booking.id, now);
      return { ...base, action: 'rating', bookingId: booking.id, reply: T.ratingThanks };
    }
    case 'choice': {
      if (!agent || !pending) break;
      await clearQuestion(tx, phone, agent.id);
      const chosen = pending.bookingIds[reply.value - 1];
      const booking = chosen ? await bookingById(tx, chosen) : null;
      if (!booking || !isUpcoming(booking, now)) {
        return { ...base, action: 'choice', reply: T.noShowing };
      }
      return answerFor(tx, deps, agent, booking, pending.action === 'no' ? 'no' : 'yes', now, language);
    }
    case 'yes':
    case 'no': {
      if (!agent) return { ...base, action: reply.action, reply: T.noShowing };
      const upcoming = await upcomingOf(tx, agent.id, phone, deps.defaultCountry, now);
      if (upcoming.length === 0) return { ...base, action: reply.action, reply: T.noShowing };
      if (upcoming.length === 1)
        return answerFor(tx, deps, agent, upcoming[0]!.booking, reply.action, now, language);
      const choices = upcoming.slice(0, 9);
      await tx
        .insert(smsPendingQuestions)
        .values({
          phone,
          agentId: agent.id,
          action: reply.action,
          bookingIds: choices.map((c) => c.booking.id),
          askedAt: now,
        })
        .onConflictDoUpdate({
          target: [smsPendingQuestions.phone, smsPendingQuestions.agentId],
          set: { action: reply.action, bookingIds: choices.map((c) => c.booking.id), askedAt: now },
        });
      return {
        ...base,
        action: 'asked',
        reply: T.which(choices.map((c) => describe(agent, c.booking, c.address, language))),
      };
    }
    case 'other':
      break;
  }
  // Anything else goes to the agent: e-mailed, and listed in their "Messages from buyers".
  if (!agent) return { ...base, action: 'unmatched', reply: T.noShowing };
  const next = await upcomingOf(tx, agent.id, phone, deps.defaultCountry, now);
  return {
    ...base,
    action: 'other',
    bookingId: next[0]?.booking.id ?? last?.bookingId ?? null,
    reply: T.forwarded(agentName, agent.phone || null),
  };
}

/** Y confirms the showing; N cancels it as the buyer, with the usual notices. */
async function answerFor(
  tx: DbTransaction,
  deps: InboundDeps,
  agent: AgentRow,
  booking: BookingRow,
  action: 'yes' | 'no',
  now: Date,
  written: ReplyLanguage,
): Promise<Acted> {
  // The showing acted on speaks its booking's language when that is Spanish (issue 43).
  const language = answerLanguage(written, booking);
  const T = replyTextsIn(language);
  const when = describe(agent, booking, null, language);
  const base = { agentId: agent.id, bookingId: booking.id };
  if (action === 'yes' && booking.status === 'pending') {
    // Issue 39: a request is not confirmed by the buyer's yes — it waits for the seller's or the agent's answer.
    const who = (await awaitingSeller(tx, booking.id))
      ? { seller: true as const }
      : { seller: false as const, agent: `${agent.firstName} ${agent.lastName}`.trim() };
    return { ...base, action: 'awaiting', reply: T.awaiting(when, who) };
  }
  if (action === 'yes') {
    await tx
      .update(bookings)
      .set({ buyerConfirmedAt: now, buyerConfirmedVia: 'text' })
      .where(eq(bookings.id, booking.id));
    return { ...base, action: 'confirmed', reply: T.confirmed(when) };
  }
  // Issue 44: inside the showing's cut-off a "no" cancels nothing; the answer says so and who to reach.
  const cutoff = await showingCutoff(tx, booking, now);
  if (!cutoff.open && booking.startsAt.getTime() > now.getTime()) {
    const name = `${agent.firstName} ${agent.lastName}`.trim();
    return { ...base, action: 'too_late', reply: T.tooLate(when, cutoff.hours, name, agent.phone || null) };
  }
  await lockAgentRow(tx, agent.id);
  const [row] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelReason: 'Cancelled by the buyer by text', cancelledBy: 'buyer' })
    .where(and(eq(bookings.id, booking.id), inArray(bookings.status, ['pending', 'confirmed'])))
    .returning();
  if (!row) return { ...base, action: 'no', reply: T.noShowing };
  await cancelWaitingNewTimes(tx, row.id, 'buyer', row.cancelReason);
  await deps.notify.cancelled(tx, row, 'buyer');
  return { ...base, action: 'cancelled', reply: T.cancelled(when) };
}

function describe(
  agent: AgentRow,
  booking: BookingRow,
  address: string | null,
  language: ReplyLanguage,
): string {
  // The time in the agent's zone, labelled with it (as in every text); a buyer's agent reads whose showing it is.
  const w = whenInZone(booking.startsAt, agent.timeZone);
  const client = textRecipient(booking).role === 'buyer_agent' ? booking.clientName : null;
  if (language === 'es') {
    // Day and time through Intl in es-US (issue 43); the zone's abbreviation as in every text.
    const format = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(intlLocaleOf('es'), { timeZone: agent.timeZone, ...options }).format(
        booking.startsAt,
      );
    const date = format({ weekday: 'short', day: 'numeric', month: 'short' });
    const time = format({ hour: 'numeric', minute: '2-digit' });
    return replyTextsIn('es').showing({ date, time, zone: w.zone, address, client });
  }
  return replyTextsIn('en').showing({ date: w.shortDate, time: w.time, zone: w.zone, address, client });
}

/** The language of the number's earlier texts (newest first) that tell one, if any. */
async function earlierLanguage(
  tx: DbTransaction,
  phone: string,
  messageSid: string,
): Promise<ReplyLanguage | null> {
  const earlier = await tx
    .select({ sid: smsInboundMessages.messageSid, body: smsInboundMessages.body })
    .from(smsInboundMessages)
    .where(eq(smsInboundMessages.fromPhone, phone))
    .orderBy(desc(smsInboundMessages.receivedAt))
    .limit(6);
  for (const row of earlier) {
    const language = row.sid === messageSid ? null : replyLanguage(row.body);
    if (language) return language;
  }
  return null;
}

const isUpcoming = (b: BookingRow, now: Date) =>
  (b.status === 'pending' || b.status === 'confirmed') && b.startsAt.getTime() > now.getTime();

async function lastTextTo(tx: DbTransaction, phone: string) {
  const [row] = await tx
    .select({
      agentId: notificationMessages.agentId,
      bookingId: notificationMessages.bookingId,
      kind: notificationMessages.kind,
    })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.channel, 'sms'),
        eq(notificationMessages.recipient, phone),
        eq(notificationMessages.status, 'sent'),
      ),
    )
    .orderBy(desc(notificationMessages.sentAt), desc(notificationMessages.createdAt))
    .limit(1);
  return row ?? null;
}

async function agentById(tx: DbTransaction, id: string): Promise<AgentRow | null> {
  const [row] = await tx.select().from(agents).where(eq(agents.id, id));
  return row ?? null;
}

async function bookingById(tx: DbTransaction, id: string): Promise<BookingRow | null> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
  return row ?? null;
}

async function pendingQuestion(tx: DbTransaction, phone: string, agentId: string) {
  const [row] = await tx
    .select()
    .from(smsPendingQuestions)
    .where(and(eq(smsPendingQuestions.phone, phone), eq(smsPendingQuestions.agentId, agentId)));
  return row ?? null;
}

async function clearQuestion(tx: DbTransaction, phone: string, agentId: string): Promise<void> {
  await tx
    .delete(smsPendingQuestions)
    .where(and(eq(smsPendingQuestions.phone, phone), eq(smsPendingQuestions.agentId, agentId)));
}

/** The texter's upcoming showings with the agent, soonest first: bookings whose texts go to this number. */
async function upcomingOf(tx: DbTransaction, agentId: string, phone: string, country: string, now: Date) {
  const rows = await tx
    .select({ booking: bookings, address: properties.address })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.propertyId))
    .where(
      and(
        eq(bookings.agentId, agentId),
        inArray(bookings.status, ['pending', 'confirmed']),
        gt(bookings.startsAt, now),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  // The showing's texts go to whoever ticked "Text me" (the buyer, or the buyer's agent): their number matches.
  return rows.filter((r) => toE164(textRecipient(r.booking).phone, country) === phone);
}
