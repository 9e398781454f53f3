// Who is calling: a bearer session token (or better-auth's cookie) resolved to the signed-in user.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth';
import { AppError } from './errors';
import { setAuditActor } from '../db/audit-context';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  firstName?: string | null;
  lastName?: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

/**
 * The hook of routes that need a signed-in user: 401 JSON error otherwise (spec §8). Registered as a
 * preValidation hook, so it runs before the route's schema: an anonymous call is a 401 whatever its query or
 * body (issue 26), never a 400 that tells it how to shape a request it may not make.
 */
export function requireUser(auth: Auth) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const session = await auth.api.getSession({ headers: toWebHeaders(request) }).catch(() => null);
    if (!session?.user) {
      throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    }
    request.user = session.user as SessionUser;
    // Issue 46: the audit log names the signed-in account (the agent context narrows it to the agent).
    setAuditActor(request.auditStore, { kind: 'agent', id: session.user.id, label: session.user.email });
  };
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
  return request.user;
}
