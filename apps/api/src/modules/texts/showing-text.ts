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
  const phone = toE164(to.phone, deps.smsDefaultCountry);
  const optedOut = phone
    ? (await deps.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).length > 0
    : false;
  const who = to.role === 'buyer_agent' ? "The buyer's agent" : 'The buyer';
  return deliverOnce(
    deps.db,
    { ...record, channel: 'sms', audience: to.role, recipient: phone ?? to.phone, subject: null },
    {
      lastAttempt: text.lastAttempt,
      skipReason: !booking.smsConsentVersion
        ? `${who} did not agree to texts when booking`
        : !phone
          ? 'Not a valid mobile number for texts'
          : optedOut
            ? `${who} replied STOP to our texts`
            : null,
      send: () =>
        deps.sms.send({ to: phone!, body: text.body(to), fileStem: fileStemFor(record.key, record.kind) }),
      onOptedOut: async (tx) => {
        if (phone) await tx.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
      },
    },
  );
}
