// Issue 39: the one way a showing's text reaches its person — the booking's messages (notifications/handler.ts)
// and the time proposals (routes/proposal-mail.ts) both send through here. The text goes to whoever ticked
// "Text me about this showing" (the buyer, or the buyer's agent on their own number: domain textRecipient),
// only with that consent, never to a number that replied STOP, and only when the agent sends texts.
import { and, eq } from 'drizzle-orm';
import { textRecipient } from '@keyturn/domain/listing/buyerAgent';
import type { Decider } from '@keyturn/domain/texts/showingTexts';
import type { SmsSender } from '../../adapters/sms';
import type { Db } from '../../db/client';
import { bookings, sellerApprovalRequests, smsOptOuts } from '../../db/schema';
import { deliverOnce, type DeliveryRecord, type Outcome } from '../core/mail/deliver';
import { fileStemFor } from '../core/mail/keys';
import { toE164 } from '../core/mail/phone';

type BookingRow = typeof bookings.$inferSelect;

export type ShowingTextDeps = { db: Db; sms: SmsSender; smsDefaultCountry: string };

/** Who declined or answered a booking's request with `status`: the seller when their request did, else the agent. */
export async function deciderOf(
  db: Db,
  bookingId: string,
  status: 'declined' | 'proposed',
): Promise<Decider> {
  const [row] = await db
    .select({ id: sellerApprovalRequests.id })
    .from(sellerApprovalRequests)
    .where(and(eq(sellerApprovalRequests.bookingId, bookingId), eq(sellerApprovalRequests.status, status)))
    .limit(1);
  return row ? 'seller' : 'agent';
}

/** The E.164 number of a booking's text recipient, null when it is not a valid mobile number. */
export function textPhoneOf(booking: BookingRow, country: string): string | null {
  return toE164(textRecipient(booking).phone, country);
}

export async function deliverShowingText(
  deps: ShowingTextDeps,
  text: {
    booking: BookingRow;
    record: Omit<DeliveryRecord, 'channel' | 'audience' | 'recipient' | 'subject'>;
    /** The text, worded for its recipient (the buyer, or the buyer's agent in their own name). */
    body: (to: ReturnType<typeof textRecipient>) => string;
    lastAttempt: boolean;
  },
): Promise<Outcome> {
  const { booking, record } = text;
  const to = textRecipient(booking);
  const who = to.role === 'buyer_agent' ? "The buyer's agent" : 'The buyer';
  return deliverConsentedText(deps, {
    phone: to.phone,
    audience: to.role,
    notConsented: booking.smsConsentVersion ? null : `${who} did not agree to texts when booking`,
    optedOutReason: `${who} replied STOP to our texts`,
    record,
    body: text.body(to),
    lastAttempt: text.lastAttempt,
  });
}

/**
 * A text to a number whose owner agreed to texts, sent once through the delivery record: skipped (and recorded
 * why) without consent, without a valid mobile number or after a STOP; a STOP answer from the provider is kept.
 * A showing's texts (above) and a waiting-list offer (issue 44) go through it.
 */
export async function deliverConsentedText(
  deps: ShowingTextDeps,
  text: {
    phone: string;
    audience: DeliveryRecord['audience'];
    /** Why the owner of the number has not agreed to texts, or null when they have. */
    notConsented: string | null;
    optedOutReason: string;
    record: Omit<DeliveryRecord, 'channel' | 'audience' | 'recipient' | 'subject'>;
    body: string;
    lastAttempt: boolean;
  },
): Promise<Outcome> {
  const { record } = text;
  const phone = toE164(text.phone, deps.smsDefaultCountry);
  const optedOut = phone
    ? (await deps.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).length > 0
    : false;
  return deliverOnce(
    deps.db,
    { ...record, channel: 'sms', audience: text.audience, recipient: phone ?? text.phone, subject: null },
    {
      lastAttempt: text.lastAttempt,
      skipReason:
        text.notConsented ??
        (!phone ? 'Not a valid mobile number for texts' : optedOut ? text.optedOutReason : null),
      send: () =>
        deps.sms.send({ to: phone!, body: text.body, fileStem: fileStemFor(record.key, record.kind) }),
      onOptedOut: async (tx) => {
        if (phone) await tx.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
      },
    },
  );
}
