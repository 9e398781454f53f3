// Issue 46 — the audit log (Enterprise, decision 092): a composition file (like compose-documents.ts). It wires
// the capability's routes (app.ts); none imports it. The entries are written by the database's triggers
// (migration 0058) with the actor app.ts's request hook names (modules/audit/context-hook.ts).
import type { FastifyInstance } from 'fastify';
import type { NetworkAppDeps } from './compose-network-deps';
import { auditLogRoutes } from './modules/audit/routes';

export async function registerAuditLog(app: FastifyInstance, deps: NetworkAppDeps): Promise<void> {
  await app.register(auditLogRoutes, { auth: deps.auth, db: deps.ctx.db, now: deps.ctx.now });
}
