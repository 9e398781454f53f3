// /api/auth/*: better-auth's endpoints (sign-up, sign-in, session, sign-out…) behind our error shape and
// validation, plus the product's own GET/PUT /api/auth/profile (spec §7).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { DEMO_TEXTS } from '@keyturn/domain/demo';
import { MESSAGES } from '@keyturn/domain/messages';
import {
  authProfileSchema,
  changePasswordSchema,
  emailDeliverySchema,
  firstNameSchema,
  lastNameSchema,
  NAME_MAX_LENGTH,
  profileUpdateSchema,
  signUpSchema,
} from '@keyturn/domain/schemas/auth';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { imageRefSchema } from '@keyturn/domain/schemas/property';
import { z } from 'zod';
import { attachAccountMail, AUTH_BASE_PATH, type AccountMail, type Auth } from '../../auth';
import { accountMailSender } from './account-mail';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { escapeHtml } from '../core/mail/format';
import { users } from '../../db/schema';
import { currentUser, requireUser, toWebHeaders, type SessionUser } from '../../http/authenticate';
import { AppError, fieldErrors, validationError, type ErrorBody } from '../../http/errors';
import { clearSignInFailures, recordSignInFailure, signInWaitSeconds } from '../../http/rate-limit';
import { isDemoUser } from '../core/demo-identity';
import { isCommonPassword } from './password-policy';
import { prepareSecurityCall, SECURITY_ENDPOINTS, SECURITY_INPUT_CODES, securityError } from './security';
import { sessionRoutes } from './sessions';
import { accountAuditOf } from '../audit/events';

export async function authRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    db: Db;
    publicUrl: string;
    limitPerMinute: number;
    /** Where the "someone tried to sign up with your address" notice goes out. */
    mail: { mailer: Mailer; from: string };
    /** Whether e-mail goes out now (a mail server is set up) rather than being kept on the server. */
    mailSends: () => Promise<boolean>;
    /** Told when an account link was kept on the server instead of sent. */
    onKeptLink?: (mail: AccountMail, subject: string) => void;
  },
) {
  const { auth, db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Issue 41: better-auth's verification, e-mail change and reset links go out through the account mailer.
  attachAccountMail(
    auth,
    accountMailSender({
      db,
      ...opts.mail,
      publicUrl: opts.publicUrl,
      log: app.log,
      ...(opts.onKeptLink ? { onKept: opts.onKeptLink } : {}),
    }),
  );

  r.get(
    `${AUTH_BASE_PATH}/email-delivery`,
    {
      preValidation: requireUser(auth),
      schema: {
        tags: ['auth'],
        summary: 'Whether this server sends e-mail now, or keeps it on the server (no mail server set up)',
        response: { 200: emailDeliverySchema, 401: errorResponseSchema },
      },
    },
    async () => ({ sends: await opts.mailSends() }),
  );

  r.get(
    `${AUTH_BASE_PATH}/profile`,
    {
      preValidation: requireUser(auth),
      schema: {
        tags: ['auth'],
        summary: "The signed-in user's account",
        response: { 200: authProfileSchema, 401: errorResponseSchema },
      },
    },
    async (request) => toProfile(currentUser(request)),
  );

  r.put(
    `${AUTH_BASE_PATH}/profile`,
    {
      preValidation: requireUser(auth),
      schema: {
        tags: ['auth'],
        summary: "Change the signed-in user's name",
        body: profileUpdateSchema,
        response: { 200: authProfileSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { firstName, lastName } = request.body;
      const [updated] = await db
        .update(users)
        .set({ firstName, lastName, name: `${firstName} ${lastName}` })
        .where(eq(users.id, user.id))
        .returning();
      return toProfile(updated ?? user);
    },
  );

  // Issue 41: the signed-in sessions (Settings → Account), never their tokens.
  await sessionRoutes(app, { auth, db });

  // Everything else under /api/auth is better-auth's. Sign-up is validated with the same domain schema the
  // sign-up form uses, so the server's messages match the screen's.
  // Reads (the session, the sessions list) are not limited; every write is, per client, and sign-in also
  // per account with a growing delay (http/rate-limit.ts) — a short wait, never a long lockout.
  app.route({
    method: 'GET',
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const endpoint = allowedEndpoint(request);
      const security = await prepareSecurityCall({ auth, db, request, reply, endpoint });
      return forward(
        auth,
        request,
        reply,
        endpoint,
        undefined,
        opts.publicUrl,
        security?.beforeSend,
        security?.query,
      );
    },
  });
  app.route({
    method: 'POST',
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    config: { rateLimit: { max: opts.limitPerMinute, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      // Every rule below is keyed on the one path better-auth is then handed (allowedEndpoint): a spelling
      // that would route elsewhere than it reads never gets this far (issue 26).
      const endpoint = allowedEndpoint(request);
      let body = request.body as Record<string, unknown> | undefined;
      // Issue 46: sign-in, sign-out and password events go to the audit log once better-auth has answered.
      const audit = await accountAuditOf(db, endpoint, {
        ip: request.ip ?? null,
        body,
        sessionUserId: async () =>
          (await auth.api.getSession({ headers: toWebHeaders(request) }).catch(() => null))?.user.id ?? null,
      });
      const audited = (then?: (status: number) => Promise<void>) => async (status: number, text: string) => {
        await then?.(status);
        await audit?.(status, text).catch((err: unknown) =>
          request.log.error({ err }, 'audit entry not written'),
        );
      };
      const security = await prepareSecurityCall({ auth, db, request, reply, endpoint });
      if (security) {
        return forward(
          auth,
          request,
          reply,
          endpoint,
          security.body,
          opts.publicUrl,
          audited(security.beforeSend),
          security.query,
        );
      }
      if (endpoint === '/sign-up/email') {
        const parsed = signUpSchema.safeParse(body ?? {});
        if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
        const { firstName, lastName, email, password } = parsed.data;
        if (isCommonPassword(password)) throw validationError({ password: MESSAGES.passwordTooCommon });
        const owner = await accountEmail(db, email);
        if (owner) {
          notifyOwnerOfSignUpAttempt(opts.mail, owner, opts.publicUrl, request.log);
          throw signUpRefused();
        }
        body = { ...body, firstName, lastName, email, password, name: `${firstName} ${lastName}` };
      }
      if (endpoint === '/change-password' || endpoint === '/change-email') {
        // The demo account's sign-in is public (decision 064): nobody may take it over.
        const session = await auth.api.getSession({ headers: toWebHeaders(request) }).catch(() => null);
        if (session && isDemoUser(session.user)) {
          throw new AppError(403, 'DEMO_ACCOUNT', DEMO_TEXTS.credentialsLocked);
        }
      }
      if (endpoint === '/change-password') {
        const parsed = changePasswordSchema.safeParse(body ?? {});
        if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
        const { currentPassword, newPassword } = parsed.data;
        if (isCommonPassword(newPassword)) throw validationError({ newPassword: MESSAGES.passwordTooCommon });
        // Whatever the client asks: a changed password ends every other session (a stolen one included).
        body = { currentPassword, newPassword, revokeOtherSessions: true };
      }
      if (endpoint === '/update-user') {
        // better-auth writes these straight to NOT NULL columns (a null name was a 500): checked here.
        const parsed = updateUserSchema.safeParse(body ?? {});
        if (!parsed.success) throw validationError(fieldErrors(parsed.error.issues));
        body = parsed.data;
      }
      if (endpoint === '/sign-in/email' && typeof body?.email === 'string') {
        const email = body.email;
        await waitForBackoff(db, email, reply);
        return forward(
          auth,
          request,
          reply,
          endpoint,
          body,
          opts.publicUrl,
          audited((status) =>
            status === 401
              ? recordSignInFailure(db, email)
              : status < 400
                ? clearSignInFailures(db, email)
                : Promise.resolve(),
          ),
        );
      }
      return forward(auth, request, reply, endpoint, body, opts.publicUrl, audited());
    },
  });
}

/**
 * The better-auth endpoints the product uses (the web app's calls and the API's tests), by method. Every
 * other endpoint of the library — the organization plugin's (teams go through /api/team, decision 024),
 * list-sessions (its answer carries every session's token: /api/auth/sessions lists them instead),
 * delete-user… — answers 404 whatever its spelling (decision 037).
 */
export const AUTH_ENDPOINTS: Readonly<Record<string, readonly string[]>> = {
  GET: ['/get-session', ...SECURITY_ENDPOINTS.GET],
  POST: [
    '/sign-up/email',
    '/sign-in/email',
    '/sign-out',
    '/change-password',
    '/update-user',
    // Issue 41 (decision 067): verified e-mail, forgotten passwords, e-mail change, two-factor, sessions.
    ...SECURITY_ENDPOINTS.POST,
  ],
};

/**
 * The endpoint (path after /api/auth) better-auth will route this request to, when it is on the allow-list
 * and the request spells it exactly: a path whose URL-normalised form differs from its raw form (dot
 * segments, `%2e`, `//`, a trailing `/.`) or from the listed spelling (letter case, a trailing slash, any
 * percent-escape) is a 404 — so the checks keyed on the endpoint run on the path better-auth routes.
 */
export function allowedEndpoint(request: { method: string; url: string }): string {
  const raw = request.url.split('?')[0] ?? '';
  const routed = new URL(raw.replace(/^\/+/, '/'), 'http://keyturn.invalid').pathname;
  const endpoint = raw.startsWith(`${AUTH_BASE_PATH}/`) ? raw.slice(AUTH_BASE_PATH.length) : '';
  if (routed !== raw || !AUTH_ENDPOINTS[request.method]?.includes(endpoint)) {
    throw new AppError(404, 'NOT_FOUND', 'Not found.');
  }
  return endpoint;
}

/** better-auth's update-user, limited to the account's own fields with the sign-up form's rules. */
const updateUserSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH * 2 + 1, 'Name is too long')
    .optional(),
  image: imageRefSchema.nullable().optional(),
  firstName: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
});

/**
 * Sign-up never says "this address has an account" (decision 011): an existing address gets the same
 * refusal as any sign-up we cannot complete, and its owner an e-mail about the attempt.
 */
const signUpRefused = () =>
  new AppError(400, 'SIGN_UP_REFUSED', MESSAGES.signUpRefused, { email: MESSAGES.signUpRefused });

/** The address as the existing account has it, or null when no account uses it (any letter case). */
async function accountEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.email ?? null;
}

/** Sent in the background: the answer must not wait on (or time) the mail server. */
function notifyOwnerOfSignUpAttempt(
  mail: { mailer: Mailer; from: string },
  email: string,
  publicUrl: string,
  log: FastifyBaseLogger,
): void {
  const signIn = `${publicUrl}/sign-in`;
  const text = [
    'Someone just tried to create a Keyturn account with this e-mail address.',
    '',
    `You already have an account. If it was you, sign in instead: ${signIn}`,
    '',
    'If it was not you, there is nothing to do: no account was created and yours is unchanged.',
  ].join('\n');
  const id = randomUUID();
  void mail.mailer
    .send({
      from: mail.from,
      to: email,
      subject: 'Someone tried to sign up with your e-mail address',
      text,
      html: `<p>${text.split('\n\n').map(escapeHtml).join('</p><p>')}</p>`,
      messageId: `<sign-up-attempt-${id}@keyturn.app>`,
      fileStem: `account-sign-up-attempt-${id}`,
    })
    .catch((err: unknown) => log.warn({ err }, 'sign-up attempt notice not sent'));
}

/**
 * Sign-in for one account is refused while its backoff runs; a wrong password extends it and the right one
 * ends it (recorded before the answer leaves, so the next attempt already sees it).
 */
async function waitForBackoff(db: Db, email: string, reply: FastifyReply): Promise<void> {
  const wait = await signInWaitSeconds(db, email);
  if (wait > 0) {
    reply.header('retry-after', String(wait));
    throw new AppError(
      429,
      'SIGN_IN_BACKOFF',
      `Too many attempts for this account. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again.`,
    );
  }
}

function toProfile(user: Pick<SessionUser, 'id' | 'name' | 'email' | 'image' | 'firstName' | 'lastName'>) {
  const [first = '', ...rest] = user.name.split(' ');
  return {
    id: user.id,
    firstName: user.firstName ?? first,
    lastName: user.lastName ?? rest.join(' '),
    emailAddresses: [{ emailAddress: user.email }],
    imageUrl: user.image ?? null,
  };
}

async function forward(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  /** An allowedEndpoint answer: better-auth is handed this path, never the raw one. */
  endpoint: string,
  body: Record<string, unknown> | undefined,
  publicUrl: string,
  /** Runs with better-auth's status before the answer leaves (the sign-in backoff records it here). */
  beforeSend?: (status: number, text: string) => Promise<void>,
  /** The query better-auth is handed, when not the request's own ('' for none). */
  query?: string,
) {
  const headers = toWebHeaders(request);
  headers.delete('content-length');
  const response = await auth.handler(
    new Request(new URL(`${AUTH_BASE_PATH}${endpoint}${query ?? queryOf(request.url)}`, publicUrl), {
      method: request.method,
      headers,
      body: request.method === 'GET' || body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
  });
  const text = await response.text();
  await beforeSend?.(response.status, text);
  if (response.status < 400)
    return reply.send(withSessionToken(text, response.headers.get('set-auth-token')));
  reply.header('content-type', 'application/json; charset=utf-8');
  const refusal = translateAuthError(response.status, text, endpoint);
  if (SECURITY_INPUT_CODES.has(refusal.code)) reply.status(400);
  return reply.send(refusal);
}

/**
 * A call that replaces the session (two-factor on or off: better-auth opens a new one and ends the old) names
 * the new token only in its set-auth-token header; the answer's `token` carries it too, so a client reading
 * the body keeps a working session.
 */
function withSessionToken(text: string, token: string | null): string {
  if (!token) return text;
  try {
    const payload = JSON.parse(text) as unknown;
    if (payload && typeof payload === 'object' && !Array.isArray(payload)) {
      return JSON.stringify({ ...payload, token });
    }
  } catch {
    // not JSON: left as it is
  }
  return text;
}

function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at);
}

/**
 * better-auth answers `{ code, message }`; the product answers `{ error, code, fields }` with clear words.
 * Password length and e-mail format never get this far: the domain schema refused them already.
 */
function translateAuthError(status: number, text: string, endpoint: string): ErrorBody {
  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    // an empty or non-JSON body keeps the generic message below
  }
  const code = parsed.code ?? (status === 401 ? 'UNAUTHENTICATED' : 'AUTH_ERROR');
  const security = securityError(endpoint, status, code);
  if (security) return security;
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return { error: 'Incorrect email or password.', code };
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      // Only a sign-up racing another for the same address gets here; it is told no more than any other.
      return signUpRefused().toBody();
    case 'INVALID_PASSWORD':
      return {
        error: MESSAGES.currentPasswordIncorrect,
        code,
        fields: { currentPassword: MESSAGES.currentPasswordIncorrect },
      };
    default: {
      const error = parsed.message ?? 'The request could not be completed.';
      // A refusal of the input names what was refused (better-auth's message says which field).
      const input = status === 400 || status === 413 || status === 415 || status === 422;
      return { error, code, ...(input ? { fields: { body: error } } : {}) };
    }
  }
}
