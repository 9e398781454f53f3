// Issue 32 §5: a buyer's agent booking for their client. The booking carries both parties: the buyer (the
// client: name, e-mail, phone as always) and, when the form's "I'm a buyer's agent booking for my client" is
// ticked, the buyer's agent. Feedback requests and (later) access details go to both (accessRecipients).
import { z } from 'zod';
import { EMAIL_PATTERN } from '../schemas/common';
import { phoneSchema } from '../schemas/phone';

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const buyerAgentSchema = z.object({
  name: text("Buyer's agent name", 120),
  brokerage: text('Brokerage', 160),
  licence_number: text('Licence number', 60),
  phone: phoneSchema,
  email: z
    .string({ error: 'Email must be text' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .nullish()
    .transform((email) => email || null)
    .refine((email) => email === null || EMAIL_PATTERN.test(email), 'Please enter a valid email address'),
});
export type BuyerAgent = z.output<typeof buyerAgentSchema>;

/** The booking form's field: absent or null when the buyer books for themselves. */
export const optionalBuyerAgentSchema = buyerAgentSchema.nullish();

/** A booking as far as its parties go (the API's row, or its JSON). */
export type BookingParties = {
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  buyerAgentName: string | null;
  buyerAgentEmail: string | null;
  buyerAgentPhone: string | null;
};

export type Recipient = {
  role: 'buyer' | 'buyer_agent';
  name: string;
  email: string | null;
  phone: string | null;
};

/**
 * Who gets a showing's feedback request and, later, its access details: the buyer, and the buyer's agent when
 * the booking names one (with the e-mail and phone they gave; an agent without either is left out).
 */
export function accessRecipients(booking: BookingParties): Recipient[] {
  const buyer: Recipient = {
    role: 'buyer',
    name: booking.clientName,
    email: booking.clientEmail,
    phone: booking.clientPhone,
  };
  if (booking.buyerAgentName === null) return [buyer];
  if (booking.buyerAgentEmail === null && booking.buyerAgentPhone === null) return [buyer];
  return [
    buyer,
    {
      role: 'buyer_agent',
      name: booking.buyerAgentName,
      email: booking.buyerAgentEmail,
      phone: booking.buyerAgentPhone,
    },
  ];
}

/**
 * Who a showing's texts go to (issue 39): the person who ticked "Text me about this showing" on the form — the
 * buyer's agent, on their own number, when they booked for their client; else the buyer. Consent belongs to
 * the owner of the number: the client of a buyer's agent gave none and is never texted.
 */
export function textRecipient(
  booking: Pick<BookingParties, 'clientName' | 'clientPhone' | 'buyerAgentName' | 'buyerAgentPhone'>,
): { role: Recipient['role']; name: string; phone: string } {
  return booking.buyerAgentName !== null
    ? { role: 'buyer_agent', name: booking.buyerAgentName, phone: booking.buyerAgentPhone ?? '' }
    : { role: 'buyer', name: booking.clientName, phone: booking.clientPhone };
}

/** "Lee Agent (Oak Realty, licence 12345) · +1 512 555 0100 · lee@oak.test": the buyer's agent, named in full. */
export function buyerAgentLine(
  booking: Pick<BookingParties, 'buyerAgentName' | 'buyerAgentPhone' | 'buyerAgentEmail'> & {
    buyerAgentBrokerage: string | null;
    buyerAgentLicence: string | null;
  },
): string | null {
  if (booking.buyerAgentName === null) return null;
  const firm = [
    booking.buyerAgentBrokerage,
    booking.buyerAgentLicence && `licence ${booking.buyerAgentLicence}`,
  ]
    .filter(Boolean)
    .join(', ');
  return [
    `${booking.buyerAgentName}${firm ? ` (${firm})` : ''}`,
    booking.buyerAgentPhone,
    booking.buyerAgentEmail,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The listing agent's e-mails name the buyer's agent who booked (issue 39): a details row, none without one. */
export function buyerAgentDetails(booking: Parameters<typeof buyerAgentLine>[0]): [string, string][] {
  const line = buyerAgentLine(booking);
  return line ? [["Booked by the buyer's agent", line]] : [];
}

/**
 * The buyer's agent's copy of a buyer e-mail (issue 39 walk): it greets them and, under the greeting, says whose
 * showing it is — the e-mail's "your viewing" is their client's.
 */
export const buyerAgentCopyLine = (clientName: string) =>
  `You booked this for your client, ${clientName}: "your viewing" below is theirs.`;
