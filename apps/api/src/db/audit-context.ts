// Issue 46 "Audit log" (decision 092): who is acting in this request — the store the audit log's row triggers
// read through two connection settings (keyturn.actor, keyturn.ip). app.ts opens one store per HTTP request
// (the actor guessed from the URL for public pages), requireUser/the agent context fill in the signed-in agent,
// and db/client.ts hands the store's values to the connection a query runs on, only when they differ from what
// that connection has and only before a statement that may write. Jobs run without a store: "system".
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditActorKind } from '@keyturn/domain/audit';
import type {} from 'fastify';

export type AuditActor = { kind: AuditActorKind; id: string | null; label: string | null };
export type AuditStore = { ip: string | null; actor: AuditActor };

declare module 'fastify' {
  interface FastifyRequest {
    /** Issue 46: this request's audit context (app.ts opens it; the sign-in checks fill in the actor). */
    auditStore?: AuditStore;
  }
}

const storage = new AsyncLocalStorage<AuditStore>();

/** Runs `work` (and everything it starts) with `store` as the audit context. */
export function runWithAudit<T>(store: AuditStore, work: () => T): T {
  return storage.run(store, work);
}

export function currentAudit(): AuditStore | undefined {
  return storage.getStore();
}

/** The signed-in caller, once known (the store object is shared by the whole request: it is changed in place). */
export function setAuditActor(store: AuditStore | undefined, actor: AuditActor): void {
  if (store) store.actor = actor;
}

/** Whose IP address the log keeps: people who sign in. A buyer's or seller's address is their personal data, which a
 * deletion request must be able to erase — and the log is append-only — so it is never written. */
const KEEPS_IP: ReadonlySet<AuditActorKind> = new Set<AuditActorKind>([
  'agent',
  'buyer_agent',
  'operator',
  'system',
]);

/** The two connection settings for a store: the actor as compact JSON, the IP; both '' without a store. */
export function auditSettings(store: AuditStore | undefined): { actor: string; ip: string } {
  if (!store) return { actor: '', ip: '' };
  const { kind, id, label } = store.actor;
  return {
    actor: JSON.stringify({ k: kind, i: id, l: label }),
    ip: KEEPS_IP.has(kind) ? (store.ip ?? '') : '',
  };
}

/**
 * Who a request is before anyone signs in, from its address: a buyer on the booking side's public pages, a
 * seller on theirs, the server itself (provider webhooks and anything else).
 */
export function actorOfUrl(url: string): AuditActor {
  const path = url.split('?')[0] ?? '';
  const kind: AuditActorKind = /^\/api\/(seller|seller-approval)(\/|$)/.test(path)
    ? 'seller'
    : /^\/(api\/(booking|public|tour|feedback\/public|assistant|notifications\/sms\/inbound)|mcp)(\/|$)/.test(
          path,
        )
      ? 'buyer'
      : 'system';
  return { kind, id: null, label: null };
}
