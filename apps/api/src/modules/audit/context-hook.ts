// Issue 46 "Audit log" (decision 092): one audit context per HTTP request — its IP and, until someone signs in,
// the actor its address says (db/audit-context.ts). Entered again before validation: a request with a body is
// handled from the stream's callbacks, outside the context the first hook opened.
import type { FastifyInstance } from 'fastify';
import { actorOfUrl, runWithAudit, type AuditStore } from '../../db/audit-context';

export function registerAuditContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const store: AuditStore = { ip: request.ip ?? null, actor: actorOfUrl(request.url) };
    request.auditStore = store;
    runWithAudit(store, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.auditStore) runWithAudit(request.auditStore, done);
    else done();
  });
}
