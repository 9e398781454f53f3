import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { trackAuditActor } from './audit-connection';

export type Db = NodePgDatabase<typeof schema>;
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DbHandle = { db: Db; pool: pg.Pool; close: () => Promise<void> };

export type ConnectOptions = {
  /**
   * `transaction`: the URL is a transaction pooler without prepared statements (PgBouncer before 1.21): a named
   * statement prepared on one server connection would be missing on the next, so every query goes unnamed.
   */
  pooler?: 'none' | 'transaction';
};

export function connect(url: string, max = 10, options: ConnectOptions = {}): DbHandle {
  // A server that accepts the connection but never answers (stopped, overloaded) must not hang a request:
  // the wait for a connection is bounded, and its error is a 503 DATABASE_UNAVAILABLE (http/database-gate.ts).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  // Likewise a connection lost while checked out (a transaction waiting on a mail server, say): its queries
  // fail and the transaction rolls back, but the process lives on.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (options.pooler === 'transaction') withoutStatementNames(client);
  });
  // Issue 46: the audit log's actor and IP, set for each writing transaction only (db/audit-connection.ts) — the
  // same directly and through a transaction pooler.
  trackAuditActor(pool);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/**
 * Drops the `name` of every query config on this connection: drizzle's .prepare(name) and our named pg-boss
 * insert (jobs/queue.ts) then run as unnamed statements, which any pooler passes through.
 */
function withoutStatementNames(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, ...rest: unknown[]) =>
    config && typeof config === 'object' && 'name' in config && (config as { name?: unknown }).name
      ? query({ ...(config as object), name: undefined }, ...rest)
      : query(config, ...rest);
}

/** SQLSTATE of a database error, also when drizzle wraps it (the stack notes: it sits at `cause.code`). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export function constraintName(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } } | undefined;
  const name = e?.cause?.constraint ?? e?.constraint;
  return typeof name === 'string' ? name : undefined;
}
