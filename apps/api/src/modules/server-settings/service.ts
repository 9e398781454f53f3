// Who administers the server, what Server settings shows (never a secret, never a key's environment value for a
// secret) and what a save may contain (decision 048).
import { MAX_BACKUPS_KEPT } from '@keyturn/domain/operations';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { EMAIL_PATTERN } from '@keyturn/domain/schemas/common';
import {
  SERVER_SETTINGS,
  SERVER_SETTINGS_TEXTS,
  type ServerSetting,
} from '@keyturn/domain/schemas/serverSettings';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { setAuditActor } from '../../db/audit-context';
import { currentUser } from '../../http/authenticate';
import { AppError } from '../../http/errors';
import { users } from '../../db/schema';
import { validationError } from '../../http/errors';
import { SMTP_PARTS, type ResolvedSetting } from '../core/settings-store';

export type AdministratorRule = {
  /** ADMIN_EMAILS, lower-cased. */
  adminEmails: readonly string[];
  /** Accounts that never count as "the first account" (the demo agent, whose password is public). */
  notAdministrators: readonly string[];
};

/**
 * The server's administrators: the e-mails in ADMIN_EMAILS, and the first account made on the server (the
 * earliest user that is not the demo agent). Read at each call: nothing to claim, nothing to migrate.
 * Issue 41: only once the account's address is verified — an address in ADMIN_EMAILS, in any letter case, is
 * nobody's until its owner opens the link sent to it; the first account too.
 */
export async function isAdministrator(
  db: Db,
  user: { id: string; email: string },
  rule: AdministratorRule,
): Promise<boolean> {
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, user.id));
  if (!account?.emailVerified) return false;
  const email = account.email.toLowerCase();
  if (rule.adminEmails.includes(email)) return true;
  if (rule.notAdministrators.includes(email)) return false;
  const excluded = [...rule.notAdministrators];
  const [first] = await db
    .select({ id: users.id })
    .from(users)
    .where(excluded.length > 0 ? notInArray(sql`lower(${users.email})`, excluded) : undefined)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return first?.id === user.id;
}

/** A preValidation hook after requireUser: 403 with Server settings' refusal to anyone but an administrator. */
export function requireAdministrator(db: Db, rule: AdministratorRule) {
  return async (request: FastifyRequest): Promise<void> => {
    const user = currentUser(request);
    if (!(await isAdministrator(db, user, rule))) {
      throw new AppError(403, 'FORBIDDEN', SERVER_SETTINGS_TEXTS.forbidden);
    }
    // Issue 46: Server settings' changes are the operator's in the audit log.
    setAuditActor(request.auditStore, { kind: 'operator', id: user.id, label: user.email });
  };
}

/**
 * The addresses of the server's administrators as isAdministrator counts them (verified accounts only): whom a
 * message for whoever runs the server (an accessibility report) is sent to.
 */
export async function administratorAddresses(db: Db, rule: AdministratorRule): Promise<string[]> {
  const excluded = [...rule.notAdministrators];
  const [first] = await db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(excluded.length > 0 ? notInArray(sql`lower(${users.email})`, excluded) : undefined)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  const listed =
    rule.adminEmails.length > 0
      ? await db
          .select({ email: users.email })
          .from(users)
          .where(
            and(inArray(sql`lower(${users.email})`, [...rule.adminEmails]), eq(users.emailVerified, true)),
          )
      : [];
  const addresses = [...listed.map((row) => row.email), ...(first?.emailVerified ? [first.email] : [])];
  return [...new Map(addresses.map((email) => [email.toLowerCase(), email])).values()];
}

const secretKeys = new Set(SERVER_SETTINGS.filter((s) => s.secret).map((s) => s.key));

/** The page's view of the settings: a secret (or a part of the environment's SMTP URL) is only "set". */
export function publicView(
  settings: Map<string, ResolvedSetting>,
  smtpUrlInEnvironment: boolean,
): ServerSetting[] {
  return SERVER_SETTINGS.map(({ key }) => {
    const resolved = settings.get(key) ?? { value: null, source: 'unset' as const };
    const hidden =
      secretKeys.has(key) || // The mail transport's parts come from SMTP_URL when the environment has one: its text holds the password.
      (smtpUrlInEnvironment && SMTP_PARTS.includes(key));
    return {
      key,
      source: resolved.source,
      value: hidden ? null : resolved.value,
      set: resolved.value !== null,
    };
  });
}

const TILE_TEMPLATE = /^https?:\/\/[^\s]+\{z\}[^\s]*$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A save's values, checked field by field (400 with every field's message): empty text removes the stored
 * value, a setting the environment sets cannot be changed here. Returns the values to store (null: remove).
 */
export function checkedValues(
  values: Record<string, string | null>,
  settings: Map<string, ResolvedSetting>,
): Record<string, string | null> {
  const fields: Record<string, string> = {};
  const out: Record<string, string | null> = {};
  for (const [key, raw] of Object.entries(values)) {
    const definition = SERVER_SETTINGS.find((s) => s.key === key);
    if (!definition) {
      fields[key] = 'Unknown setting';
      continue;
    }
    if (settings.get(key)?.source === 'environment') {
      fields[key] = SERVER_SETTINGS_TEXTS.fromEnvironment;
      continue;
    }
    const value = raw?.trim() ?? '';
    if (value === '') {
      out[key] = null;
      continue;
    }
    const problem =
      definition.kind === 'choice'
        ? definition.choices?.some((c) => c.value === value)
          ? null
          : `Choose one of: ${definition.choices?.map((c) => c.label).join('; ')}`
        : problemOf(key, definition.kind ?? 'text', value);
    if (problem) fields[key] = problem;
    else out[key] = value;
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return out;
}

function problemOf(key: string, kind: string, value: string): string | null {
  // config.ts's rules for the same variables: `off` switches the tiles or the address search off.
  if (key === 'MAP_TILE_URL') {
    return value === 'off' || TILE_TEMPLATE.test(value)
      ? null
      : 'Enter an http(s) address with {z}, {x} and {y} in it, or off';
  }
  if (key === 'GEOCODER_URL' && value === 'off') return null;
  if (key === 'BACKUPS_KEPT') {
    return /^\d{1,3}$/.test(value) && Number(value) <= MAX_BACKUPS_KEPT
      ? null
      : `Enter a number from 0 to ${MAX_BACKUPS_KEPT}`;
  }
  switch (kind) {
    case 'url':
      return isHttpUrl(value) ? null : 'Enter an address starting with http:// or https://';
    case 'number':
      return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535
        ? null
        : 'Enter a port number between 1 and 65535';
    case 'boolean':
      return value === 'true' || value === 'false' ? null : 'Choose yes or no';
    case 'email':
      return EMAIL_PATTERN.test(value) ? null : 'Enter an e-mail address';
    default:
      return value.length > 500 ? 'Enter at most 500 characters' : null;
  }
}
