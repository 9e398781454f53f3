// Issue 46 (decision 091): deleting a buyer's details held by one agent — ONE transaction under the agent's row
// lock, every statement scoped by the agent (and the buyer's bookings, which are the agent's). Rows that count
// for reports stay (bookings keep status, times and property; feedback keeps rating, interest and price
// opinion; leads keep their class history); what identifies the buyer or was written by them is replaced:
// names by "Deleted buyer", addresses by a placeholder unique to the request, numbers removed, free text
// deleted, stored message copies deleted, pushed calendar events queued for deletion. The consent ledger keeps
// only what proves a consent (the number's sha256, the time, the wording version, the page).
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DELETED_BUYER_NAME, DELETED_TEXT, deletedBuyerEmail } from '@keyturn/domain/privacy';
import type { DbTransaction } from '../../db/client';
import {
  accessReleases,
  assistantConversations,
  bookingLinks,
  bookings,
  calendarEvents,
  documentDownloads,
  feedback,
  idempotencyKeys,
  leadNotes,
  leads,
  messageCopies,
  networkTours,
  notificationJobs,
  notificationMessages,
  sellerApprovalRequests,
  showingMessages,
  showingWaitlist,
  slotHolds,
  smsConsentLedger,
  smsInboundMessages,
  smsOptOuts,
  smsPendingQuestions,
  tours,
  webhookDeliveries,
} from '../../db/schema';
import { CALENDAR_QUEUE, type JobQueue } from '../../jobs/queue';
import { e164Of, phoneHash, redactJson, redactText, type BuyerIdentity } from './identity';
import { toE164 } from '../core/mail/phone';

export type AnonymiseDeps = { queue: JobQueue; now: Date; defaultCountry: string };

const NONE = '00000000-0000-0000-0000-000000000000';

/** `column ILIKE ANY(every trace of the buyer)` — rows worth reading to redact (LIKE's own signs escaped). */
function anyTrace(column: SQL, who: BuyerIdentity): SQL {
  const needles = [who.email, ...who.names, ...who.phones].map(
    (n) => `%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
  );
  return sql`${column} ilike any(${`{${needles.map((n) => `"${n.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])`;
}

/**
 * Anonymises everything `agentId` holds about the buyer (already locked: run inside agentWriteTransaction).
 * `requestId` names the placeholder address. Returns the number of bookings anonymised.
 */
export async function anonymiseBuyer(
  tx: DbTransaction,
  deps: AnonymiseDeps,
  who: BuyerIdentity,
  requestId: string,
): Promise<number> {
  const agentId = who.agentId;
  const placeholder = deletedBuyerEmail(requestId);
  const ids = who.bookingIds.length > 0 ? who.bookingIds : [NONE];
  const phones = e164Of(who);
  const anyPhone = [...who.phones, NONE];
  const redact = (text: string | null) => (text === null ? null : redactText(text, who, DELETED_BUYER_NAME));
  const ofBuyer = inArray(bookings.id, ids);

  // Pushed calendar events: deleted from the agent's calendar by the calendar worker, the mapping rows now.
  const pushed = await tx
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.agentId, agentId), inArray(calendarEvents.bookingId, ids)))
    .returning();
  for (const event of pushed) {
    await deps.queue.send(tx, {
      id: randomUUID(),
      queue: CALENDAR_QUEUE,
      startAfter: deps.now,
      data: {
        kind: 'delete-event',
        integrationId: event.integrationId,
        calendarExternalId: event.calendarExternalId,
        eventId: event.eventId,
      },
    });
  }

  // Messages still to come to the buyer (reminders, feedback requests…) are not sent: nobody is left to get them.
  const pending = await tx
    .update(notificationJobs)
    .set({ cancelledAt: deps.now })
    .where(
      and(
        eq(notificationJobs.agentId, agentId),
        inArray(notificationJobs.bookingId, ids),
        isNull(notificationJobs.cancelledAt),
        gt(notificationJobs.scheduledFor, deps.now),
      ),
    )
    .returning({ id: notificationJobs.id });
  await deps.queue.cancel(
    tx,
    pending.map((j) => j.id),
  );

  // Feedback: the ratings stay for reports, the words go.
  await tx
    .update(feedback)
    .set({ liked: null, disliked: null, comments: null, agentNote: null })
    .where(and(eq(feedback.agentId, agentId), inArray(feedback.bookingId, ids)));

  // The showings' conversations: the buyer's messages deleted, the buyer named nowhere in the others.
  await tx
    .update(showingMessages)
    .set({ body: DELETED_TEXT, authorName: DELETED_BUYER_NAME })
    .where(
      and(
        eq(showingMessages.agentId, agentId),
        inArray(showingMessages.bookingId, ids),
        eq(showingMessages.authorRole, 'buyer'),
      ),
    );
  const others = await tx
    .select()
    .from(showingMessages)
    .where(
      and(
        eq(showingMessages.agentId, agentId),
        inArray(showingMessages.bookingId, ids),
        or(anyTrace(sql`${showingMessages.body}`, who), anyTrace(sql`${showingMessages.authorName}`, who)),
      ),
    );
  for (const m of others) {
    await tx
      .update(showingMessages)
      .set({ body: redact(m.body)!.slice(0, 2000), authorName: redact(m.authorName)! })
      .where(eq(showingMessages.id, m.id));
  }

  // Messages sent: to the buyer (their address or number), about their showings, or naming them. Their stored
  // copies (the outbox) are deleted.
  const sent = await tx
    .select()
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.agentId, agentId),
        or(
          inArray(notificationMessages.bookingId, ids),
          sql`lower(${notificationMessages.recipient}) = ${who.email}`,
          inArray(notificationMessages.recipient, anyPhone),
          anyTrace(sql`coalesce(${notificationMessages.subject}, '')`, who),
          anyTrace(sql`coalesce(${notificationMessages.lastError}, '')`, who),
        ),
      ),
    );
  const copies = sent.flatMap((m) => (m.fileName ? [m.fileName] : []));
  if (copies.length > 0) await tx.delete(messageCopies).where(inArray(messageCopies.fileName, copies));
  for (const m of sent) {
    const toBuyer = m.recipient.toLowerCase() === who.email || who.phones.includes(m.recipient);
    await tx
      .update(notificationMessages)
      .set({
        recipient: toBuyer ? (m.channel === 'email' ? placeholder : DELETED_BUYER_NAME) : m.recipient,
        subject: redact(m.subject),
        lastError: redact(m.lastError),
        providerRef: redact(m.providerRef),
        fileName: null,
      })
      .where(eq(notificationMessages.id, m.id));
  }
  const jobs = await tx
    .select()
    .from(notificationJobs)
    .where(
      and(
        eq(notificationJobs.agentId, agentId),
        inArray(notificationJobs.bookingId, ids),
        anyTrace(sql`coalesce(${notificationJobs.data}::text, '')`, who),
      ),
    );
  for (const j of jobs) {
    await tx
      .update(notificationJobs)
      .set({ data: redactJson(j.data, who, DELETED_BUYER_NAME) })
      .where(eq(notificationJobs.id, j.id));
  }

  // The consent ledger keeps the proof without the number: its sha256, the time, the wording, the page.
  const ledger = await tx
    .select()
    .from(smsConsentLedger)
    .where(
      and(
        eq(smsConsentLedger.agentId, agentId),
        or(inArray(smsConsentLedger.bookingId, ids), inArray(smsConsentLedger.phone, anyPhone)),
      ),
    );
  for (const entry of ledger) {
    const e164 = entry.phone ? (toE164(entry.phone, deps.defaultCountry) ?? entry.phone) : null;
    await tx
      .update(smsConsentLedger)
      .set({
        phone: null,
        phoneHash: entry.phoneHash ?? (e164 ? phoneHash(e164) : null),
        ip: null,
        userAgent: null,
        page: redact(entry.page),
      })
      .where(eq(smsConsentLedger.id, entry.id));
  }
  if (phones.length > 0) {
    await tx
      .delete(smsPendingQuestions)
      .where(and(eq(smsPendingQuestions.agentId, agentId), inArray(smsPendingQuestions.phone, phones)));
    // An opt-out is the whole server's (never text this number): it goes only when no other agent holds the
    // number — their buyers' STOP still counts.
    for (const phone of phones) {
      const digits = phone.replace(/\D/g, '');
      const held = await tx.execute<{ n: number }>(sql`
        select 1 as n from ${bookings}
        where ${bookings.agentId} <> ${agentId}
          and right(regexp_replace(${bookings.clientPhone}, '\\D', '', 'g'), 10) = right(${digits}, 10)
        union all
        select 1 from ${showingWaitlist}
        where ${showingWaitlist.agentId} <> ${agentId}
          and right(regexp_replace(${showingWaitlist.clientPhone}, '\\D', '', 'g'), 10) = right(${digits}, 10)
        limit 1`);
      if (held.rows.length === 0) await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    }
  }
  // Texts from the buyer: their words and number go; what we and the agent answered is redacted.
  const inbound = await tx
    .select()
    .from(smsInboundMessages)
    .where(
      and(
        eq(smsInboundMessages.agentId, agentId),
        or(inArray(smsInboundMessages.fromPhone, anyPhone), inArray(smsInboundMessages.bookingId, ids)),
      ),
    );
  for (const m of inbound) {
    await tx
      .update(smsInboundMessages)
      .set({
        fromPhone: DELETED_BUYER_NAME,
        body: DELETED_TEXT,
        reply: redact(m.reply),
        agentReply: redact(m.agentReply),
      })
      .where(eq(smsInboundMessages.messageSid, m.messageSid));
  }

  // Releases of access details, downloads of documents, sellers' answers about these showings.
  await tx
    .update(accessReleases)
    .set({ recipient: DELETED_BUYER_NAME })
    .where(and(inArray(accessReleases.bookingId, ids), eq(accessReleases.role, 'buyer')));
  await tx
    .update(documentDownloads)
    .set({ ip: null })
    .where(and(inArray(documentDownloads.bookingId, ids), eq(documentDownloads.role, 'buyer')));
  const answers = await tx
    .select()
    .from(sellerApprovalRequests)
    .where(
      and(
        eq(sellerApprovalRequests.agentId, agentId),
        inArray(sellerApprovalRequests.bookingId, ids),
        anyTrace(sql`coalesce(${sellerApprovalRequests.declineReason}, '')`, who),
      ),
    );
  for (const a of answers) {
    await tx
      .update(sellerApprovalRequests)
      .set({ declineReason: redact(a.declineReason) })
      .where(eq(sellerApprovalRequests.id, a.id));
  }

  // Stored answers of public submits (a retried request's result) that hold these bookings or the buyer.
  await tx
    .delete(idempotencyKeys)
    .where(
      or(
        anyTrace(sql`coalesce(${idempotencyKeys.response}::text, '')`, { ...who, names: [], phones: [] }),
        sql`coalesce(${idempotencyKeys.response}::text, '') like any(${`{${ids.map((id) => `"%${id}%"`).join(',')}}`}::text[])`,
      ),
    );

  // Webhook deliveries (the exact bodies sent): the buyer's fields redacted.
  const deliveries = await tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.agentId, agentId),
        or(
          anyTrace(sql`${webhookDeliveries.body}::text`, who),
          anyTrace(sql`coalesce(${webhookDeliveries.lastError}, '')`, who),
        ),
      ),
    );
  for (const d of deliveries) {
    await tx
      .update(webhookDeliveries)
      .set({ body: redactJson(d.body, who, DELETED_BUYER_NAME), lastError: redact(d.lastError) })
      .where(eq(webhookDeliveries.id, d.id));
  }

  // The booking assistant's conversations that led to these showings or name the buyer.
  const conversations = await tx
    .select()
    .from(assistantConversations)
    .where(
      and(
        eq(assistantConversations.agentId, agentId),
        or(
          inArray(assistantConversations.bookingId, ids),
          anyTrace(sql`${assistantConversations.messages}::text`, who),
          anyTrace(sql`${assistantConversations.state}::text`, who),
        ),
      ),
    );
  for (const c of conversations) {
    await tx
      .update(assistantConversations)
      .set({
        messages: c.messages.map((m) =>
          m.role === 'buyer' ? { ...m, text: DELETED_TEXT } : { ...m, text: redact(m.text)! },
        ),
        state: redactJson(c.state, who, DELETED_BUYER_NAME),
      })
      .where(eq(assistantConversations.id, c.id));
  }

  // Invitations the agent made for the buyer: tour invitations and prefilled booking links.
  await tx
    .update(tours)
    .set({ buyer: { name: DELETED_BUYER_NAME, email: placeholder, phone: '' } })
    .where(and(eq(tours.agentId, agentId), sql`lower(${tours.buyer}->>'email') = ${who.email}`));
  const links = await tx
    .select()
    .from(bookingLinks)
    .where(
      and(eq(bookingLinks.agentId, agentId), anyTrace(sql`coalesce(${bookingLinks.prefill}::text, '')`, who)),
    );
  for (const l of links) {
    await tx
      .update(bookingLinks)
      .set({ prefill: redactJson(l.prefill, who, DELETED_BUYER_NAME) })
      .where(eq(bookingLinks.id, l.id));
  }
  // A buyer's agent's own cross-agent tours name their client.
  const named = await tx
    .select()
    .from(networkTours)
    .where(
      and(
        eq(networkTours.buyerAgentId, agentId),
        or(
          anyTrace(sql`${networkTours.clientName}`, who),
          anyTrace(sql`coalesce(${networkTours.note}, '')`, who),
        ),
      ),
    );
  for (const n of named) {
    await tx
      .update(networkTours)
      .set({ clientName: redact(n.clientName)!, note: redact(n.note) })
      .where(eq(networkTours.id, n.id));
  }

  // The waiting lists: out of line, holds released, details replaced.
  const entries = await tx
    .update(showingWaitlist)
    .set({
      clientName: DELETED_BUYER_NAME,
      clientEmail: placeholder,
      clientPhone: '',
      smsConsent: false,
      status: sql`case when ${showingWaitlist.status} in ('waiting', 'offered') then 'removed' else ${showingWaitlist.status} end`,
    })
    .where(
      and(eq(showingWaitlist.agentId, agentId), sql`lower(${showingWaitlist.clientEmail}) = ${who.email}`),
    )
    .returning({ id: showingWaitlist.id });
  if (entries.length > 0) {
    await tx.delete(slotHolds).where(
      inArray(
        slotHolds.waitlistEntryId,
        entries.map((e) => e.id),
      ),
    );
  }

  // The lead: its address becomes the placeholder its bookings now carry (the class history and the counts
  // stay together); the agent's notes about the buyer are deleted.
  const [lead] = await tx
    .update(leads)
    .set({ email: placeholder })
    .where(and(eq(leads.agentId, agentId), eq(leads.email, who.email)))
    .returning({ id: leads.id });
  if (lead)
    await tx.delete(leadNotes).where(and(eq(leadNotes.agentId, agentId), eq(leadNotes.leadId, lead.id)));

  // The bookings themselves: status, times and property stay for reports.
  const done = await tx
    .update(bookings)
    .set({
      clientName: DELETED_BUYER_NAME,
      clientEmail: placeholder,
      clientPhone: '',
      message: null,
      customPurpose: null,
      budgetMin: null,
      budgetMax: null,
      incomeRange: null,
      cancelReason: null,
      rescheduleReason: null,
    })
    .where(and(eq(bookings.agentId, agentId), ofBuyer))
    .returning({ id: bookings.id });
  return done.length;
}
