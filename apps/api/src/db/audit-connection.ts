// Issue 46 "Audit log" (decision 092): the acting request's actor and IP reach the audit triggers as two
// settings (keyturn.actor, keyturn.ip) set for the TRANSACTION only — never for the session, so the API keeps no
// session state and a transaction pooler (PgBouncer, issue 40) hands nothing to another client. The store is taken
// when a connection is checked out (pg-pool's Pool.query checks out through connect too), in the caller's context.
// Only a statement that changes rows (INSERT, UPDATE, DELETE, MERGE, or a WITH holding one) needs them:
// - inside a transaction, one `set_config(…, true)` before its first such statement (writeTransaction already sets
//   them in its own first statement: nothing more is sent);
// - on its own (autocommit), the statement runs as BEGIN; set_config(…, true); the statement; COMMIT.
// Reads, locks and DDL are sent as they are: a request that only reads costs no round trip.
import type pg from 'pg';
import { auditSettings, currentAudit } from './audit-context';

type Wanted = { actor: string; ip: string };
type Tracked = pg.PoolClient & {
  [WANTED]?: Wanted;
  /** Inside a transaction block opened on this connection. */
  [IN_TX]?: boolean;
  /** The transaction already carries the settings. */
  [TX_SET]?: boolean;
};
const WANTED = Symbol('auditWanted');
const IN_TX = Symbol('auditInTransaction');
const TX_SET = Symbol('auditTransactionSet');

const SET_LOCAL = "select set_config('keyturn.actor', $1, true), set_config('keyturn.ip', $2, true)";
/** writeTransaction's first statement sets them for its own transaction (is_local = true). */
const SETS_LOCAL = /set_config\('keyturn\.actor', \$\d+, true\)/;

/** Whether a statement changes rows an audit trigger may watch (reads, locks, DDL and transaction control do not). */
export function mayWrite(text: string): boolean {
  const head = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  if (head === 'insert' || head === 'update' || head === 'delete' || head === 'merge') return true;
  if (head === 'with') return /\binsert\s+into\b|\bdelete\s+from\b|\bupdate\s+[\w."]+\s+set\b/i.test(text);
  return false;
}

type Query = (...args: unknown[]) => unknown;

/** Wraps the pool's checkout and every client's query (see the file's head). */
export function trackAuditActor(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => unknown;
  (pool as { connect: unknown }).connect = (
    cb?: (err: Error | undefined, client?: pg.PoolClient, done?: unknown) => void,
  ) => {
    const wanted = auditSettings(currentAudit());
    if (cb) {
      return connect((err: unknown, client: unknown, done: unknown) => {
        if (client) prepare(client as Tracked, wanted);
        cb(err as Error | undefined, client as pg.PoolClient | undefined, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => prepare(client as Tracked, wanted));
  };
}

function prepare(client: Tracked, wanted: Wanted): Tracked {
  client[WANTED] = wanted;
  if (client[IN_TX] === undefined) {
    client[IN_TX] = false;
    client[TX_SET] = false;
    wrapQuery(client);
  }
  return client;
}

function wrapQuery(client: Tracked): void {
  // The client's own query, looked up at each call (not bound once): whatever the class's query is at the time —
  // another wrapper, a test's probe — still runs.
  const own = Object.prototype.hasOwnProperty.call(client, 'query') ? (client.query as Query) : null;
  const query: Query = (...args) =>
    (own ?? (Object.getPrototypeOf(client) as { query: Query }).query).apply(client, args);
  const run = (text: string, values?: unknown[]) => query(text, values) as Promise<unknown>;

  (client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { text?: unknown; submit?: unknown } | string | null;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text !== 'string' || (typeof first === 'object' && typeof first?.submit === 'function')) {
      return query(...args);
    }
    if (/^\s*(begin|start\s+transaction)\b/i.test(text)) {
      client[IN_TX] = true;
      client[TX_SET] = false;
    } else if (/^\s*(commit|end|abort)\b/i.test(text) || /^\s*rollback\s*;?\s*$/i.test(text)) {
      client[IN_TX] = false;
      client[TX_SET] = false;
    } else if (client[IN_TX] && SETS_LOCAL.test(text)) {
      client[TX_SET] = true;
    }
    const wanted = client[WANTED] ?? { actor: '', ip: '' };
    // Nobody to name (a job): the trigger's "system" needs no settings.
    const needed = mayWrite(text) && wanted.actor !== '' && !(client[IN_TX] && client[TX_SET]);
    if (!needed) return query(...args);

    const callback =
      typeof args[args.length - 1] === 'function' ? (args.pop() as (...r: unknown[]) => void) : null;
    const settings = [wanted.actor, wanted.ip];
    const work = client[IN_TX]
      ? run(SET_LOCAL, settings).then(() => {
          client[TX_SET] = true;
          return query(...args) as Promise<unknown>;
        })
      : (async () => {
          await run('begin');
          try {
            await run(SET_LOCAL, settings);
            const result = await (query(...args) as Promise<unknown>);
            await run('commit');
            return result;
          } catch (err) {
            await run('rollback').catch(() => undefined);
            throw err;
          }
        })();
    if (!callback) return work;
    work.then(
      (result) => callback(undefined, result),
      (err: unknown) => callback(err),
    );
    return undefined;
  };
}
