// Issue 46 (decision 091): who "the buyer" is, for one agent — every booking of the agent with their address
// (lower-cased), and the names and phone numbers those bookings, the agent's waiting lists and tour invitations
// gave for it. The page, the download and the deletion all start from here, always scoped by the agent.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { bookings, showingWaitlist, tours } from '../../db/schema';
import { toE164 } from '../core/mail/phone';

export type BuyerIdentity = {
  agentId: string;
  /** Lower-cased. */
  email: string;
  bookingIds: string[];
  /** Names as given (each at least 2 characters), longest first. */
  names: string[];
  /** The numbers as typed and in E.164, longest first. */
  phones: string[];
};

export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export function phoneHash(e164: string): string {
  return createHash('sha256').update(e164).digest('hex');
}

export async function buyerIdentity(
  db: Db | DbTransaction,
  agentId: string,
  rawEmail: string,
  defaultCountry: string,
): Promise<BuyerIdentity> {
  const email = rawEmail.trim().toLowerCase();
  const rows = await db
    .select({ id: bookings.id, name: bookings.clientName, phone: bookings.clientPhone })
    .from(bookings)
    .where(and(eq(bookings.agentId, agentId), sql`lower(${bookings.clientEmail}) = ${email}`));
  const waiting = await db
    .select({ name: showingWaitlist.clientName, phone: showingWaitlist.clientPhone })
    .from(showingWaitlist)
    .where(and(eq(showingWaitlist.agentId, agentId), sql`lower(${showingWaitlist.clientEmail}) = ${email}`));
  const invited = await db
    .select({ buyer: tours.buyer })
    .from(tours)
    .where(and(eq(tours.agentId, agentId), sql`lower(${tours.buyer}->>'email') = ${email}`));
  const names = new Set<string>();
  const phones = new Set<string>();
  const people = [...rows, ...waiting, ...invited.flatMap((r) => (r.buyer ? [r.buyer] : []))];
  for (const { name, phone } of people) {
    if (name.trim().length >= 2) names.add(name.trim());
    if (phone.trim().length >= 4) {
      phones.add(phone.trim());
      const e164 = toE164(phone, defaultCountry);
      if (e164) phones.add(e164);
    }
  }
  const longestFirst = (s: Set<string>) => [...s].sort((a, b) => b.length - a.length);
  return {
    agentId,
    email,
    bookingIds: rows.map((r) => r.id),
    names: longestFirst(names),
    phones: longestFirst(phones),
  };
}

/** The numbers in E.164 only (texts, the consent ledger and opt-outs are kept in that form). */
export function e164Of(identity: BuyerIdentity): string[] {
  return identity.phones.filter((p) => /^\+\d{6,15}$/.test(p));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` with every trace of the buyer replaced: their address, names and numbers (as typed, in E.164, and the
 * same digits written with spaces, dots or dashes), case-insensitive.
 */
export function redactText(text: string, identity: BuyerIdentity, replacement: string): string {
  let out = text.replace(new RegExp(escapeRegExp(identity.email), 'gi'), replacement);
  for (const name of identity.names) out = out.replace(new RegExp(escapeRegExp(name), 'gi'), replacement);
  const digitRuns = new Set(identity.phones.map((p) => p.replace(/\D/g, '')).filter((d) => d.length >= 7));
  for (const digits of [...digitRuns].sort((a, b) => b.length - a.length)) {
    // The digits in order, with any of the usual separators between them ("+1 (646) 555-0199").
    const pattern = digits
      .split('')
      .map((d) => escapeRegExp(d))
      .join('[\\s().-]*');
    out = out.replace(new RegExp(`\\+?${pattern}`, 'g'), replacement);
    // The local number without its country code (646-555-0199 for +16465550199).
    if (digits.length === 11 && digits.startsWith('1')) {
      const local = digits.slice(1).split('').join('[\\s().-]*');
      out = out.replace(new RegExp(local, 'g'), replacement);
    }
  }
  return out;
}

/** Whether `text` holds any trace of the buyer (as redactText would replace). */
export function mentions(text: string | null | undefined, identity: BuyerIdentity): boolean {
  return typeof text === 'string' && redactText(text, identity, '\u0000') !== text;
}

/** A JSON value with every string redacted (webhook bodies, assistant conversations, stored answers). */
export function redactJson<T>(value: T, identity: BuyerIdentity, replacement: string): T {
  if (typeof value === 'string') return redactText(value, identity, replacement) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactJson(v, identity, replacement)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, redactJson(v, identity, replacement)]),
    ) as T;
  }
  return value;
}
