// Issue 33, consent you can prove: the ledger of "Text me about this showing" given on the booking form (which
// wording version, when, from which IP, browser and page) and of opt-outs / opt-ins by text. Append-only.
import { asc, eq } from 'drizzle-orm';
import { SMS_CONSENT_VERSION } from '@keyturn/domain/texts/consent';
import { textRecipient, type BookingParties } from '@keyturn/domain/listing/buyerAgent';
import type { Db, DbTransaction } from '../../db/client';
import { bookings, smsConsentLedger, smsOptOuts } from '../../db/schema';
import { toE164 } from '../core/mail/phone';

/** Where the buyer ticked the box: read off their booking request. */
export type ConsentEvidence = { ip: string | null; userAgent: string | null; page: string | null };

/** The evidence of a request: its IP, browser and the page it came from. */
export const consentEvidenceOf = (req: {
  ip: string;
  headers: { 'user-agent'?: string; referer?: string };
}): ConsentEvidence => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
  page: req.headers.referer ?? null,
});

export async function recordConsent(
  tx: DbTransaction,
  input: ConsentEvidence & {
    booking: { id: string; agentId: string; locale?: string } & Pick<
      BookingParties,
      'clientName' | 'clientPhone' | 'buyerAgentName' | 'buyerAgentPhone'
    >;
    country: string | undefined;
    at: Date;
  },
): Promise<void> {
  // The tick is the consent of whoever filled in the form, for their own number only (issue 39): a buyer's
  // agent booking for their client consents for their phone, never the client's.
  const own = textRecipient(input.booking).phone;
  const phone = toE164(own, input.country ?? 'US') ?? own;
  await tx.insert(smsConsentLedger).values({
    phone,
    agentId: input.booking.agentId,
    bookingId: input.booking.id,
    event: 'consent',
    wordingVersion: consentWordingVersion(input.booking.locale),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    page: input.page?.slice(0, 500) ?? null,
    createdAt: input.at,
  });
  // A STOP stands over a later tick on the form (the provider blocks the number too): START by text opts back in.
}

/**
 * Issue 43: the wording the buyer ticked — the version, with `-es` when they read it in Spanish (the same
 * version's Spanish text), so the ledger proves which words were shown.
 */
export function consentWordingVersion(locale: string | null | undefined): string {
  return locale === 'es' ? `${SMS_CONSENT_VERSION}-es` : SMS_CONSENT_VERSION;
}

/** An opt-out or opt-in by text, in the same ledger; an opt-out also switches the number off for every send. */
export async function recordOptChange(
  tx: DbTransaction,
  input: { phone: string; agentId: string | null; bookingId: string | null; messageSid: string; at: Date },
  event: 'opt_out' | 'opt_in',
): Promise<void> {
  await tx.insert(smsConsentLedger).values({
    phone: input.phone,
    agentId: input.agentId,
    bookingId: input.bookingId,
    event,
    messageSid: input.messageSid,
    page: 'text reply',
    createdAt: input.at,
  });
  if (event === 'opt_out') {
    await tx.insert(smsOptOuts).values({ phone: input.phone, optedOutAt: input.at }).onConflictDoNothing();
  } else {
    await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, input.phone));
  }
}

const CSV_COLUMNS = [
  'time',
  'event',
  'phone',
  'booking_id',
  'client_name',
  'wording_version',
  'ip',
  'user_agent',
  'page',
  'message_sid',
] as const;

/** One CSV field: quoted when needed; a leading =, +, - or @ is defused so a spreadsheet never runs it. */
function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The agent's ledger as CSV, oldest first. */
export async function consentLedgerCsv(db: Db, agentId: string): Promise<string> {
  const rows = await db
    .select({ entry: smsConsentLedger, clientName: bookings.clientName })
    .from(smsConsentLedger)
    .leftJoin(bookings, eq(bookings.id, smsConsentLedger.bookingId))
    .where(eq(smsConsentLedger.agentId, agentId))
    .orderBy(asc(smsConsentLedger.createdAt), asc(smsConsentLedger.id));
  const lines = rows.map(({ entry, clientName }) =>
    [
      entry.createdAt.toISOString(),
      entry.event,
      // Issue 46: a deleted buyer's number is kept only as its sha256 (the proof of whose consent it was).
      entry.phone ?? (entry.phoneHash ? `sha256:${entry.phoneHash}` : null),
      entry.bookingId,
      clientName,
      entry.wordingVersion,
      entry.ip,
      entry.userAgent,
      entry.page,
      entry.messageSid,
    ]
      .map(csvField)
      .join(','),
  );
  return [CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
