// Issue 41 (decision 067): Settings → Account's "Signed-in sessions" — the caller's own sessions (browser from
// the user agent, IP address, when) and "Sign out" for one of them. better-auth's list-sessions stays off the
// allow-list: its answer carries every session's token. "Sign out everywhere else" is better-auth's
// revoke-other-sessions (security.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gt } from 'drizzle-orm';
import { describeUserAgent } from '@keyturn/domain/accountTexts';
import { accountSessionsSchema } from '@keyturn/domain/schemas/accountSecurity';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { z } from 'zod';
import { AUTH_BASE_PATH, type Auth } from '../../auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { currentUser, requireUser, toWebHeaders } from '../../http/authenticate';
import { AppError } from '../../http/errors';

export async function sessionRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const { auth, db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The id of the session the request came with. */
  const currentSessionId = async (headers: Headers): Promise<string | null> => {
    const session = await auth.api.getSession({ headers }).catch(() => null);
    return session?.session.id ?? null;
  };

  r.get(
    `${AUTH_BASE_PATH}/sessions`,
    {
      preValidation: requireUser(auth),
      schema: {
        tags: ['auth'],
        summary:
          "The signed-in user's sessions (never their tokens), whether the e-mail is verified and two-factor on",
        response: { 200: accountSessionsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const current = await currentSessionId(toWebHeaders(request));
      const [rows, [account]] = await Promise.all([
        db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
          .orderBy(desc(sessions.updatedAt)),
        db
          .select({ emailVerified: users.emailVerified, twoFactorEnabled: users.twoFactorEnabled })
          .from(users)
          .where(eq(users.id, user.id)),
      ]);
      return {
        sessions: rows.map((s) => ({
          id: s.id,
          browser: describeUserAgent(s.userAgent),
          ipAddress: s.ipAddress || null,
          createdAt: s.createdAt.toISOString(),
          lastActiveAt: s.updatedAt.toISOString(),
          current: s.id === current,
        })),
        emailVerified: account?.emailVerified ?? false,
        twoFactorEnabled: account?.twoFactorEnabled ?? false,
      };
    },
  );

  r.post(
    `${AUTH_BASE_PATH}/sessions/:id/sign-out`,
    {
      preValidation: requireUser(auth),
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of the signed-in user’s sessions',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: {
          200: z.object({ success: z.literal(true), current: z.boolean() }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const current = await currentSessionId(toWebHeaders(request));
      // Scoped to the caller: another account's session id is as unknown as a made-up one.
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.id, request.params.id), eq(sessions.userId, user.id)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw new AppError(404, 'NOT_FOUND', 'That session is not signed in.');
      return { success: true as const, current: request.params.id === current };
    },
  );
}
