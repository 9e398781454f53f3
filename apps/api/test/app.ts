// The real Fastify app on a fresh database, driven through `inject` (full HTTP semantics, no socket).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import type { FirstScreenRenderer } from '../src/http/first-screen';
import { createAuth, type Auth } from '../src/auth';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseStatus } from '../src/db/supervisor';
import { createTestDatabase, type TestDatabase } from './db';
import { assertLoopbackMaps, OFFLINE_MAPS_ENV } from './support/offline-maps';

export type TestApp = {
  app: FastifyInstance;
  auth: Auth;
  config: Config;
  database: TestDatabase;
  request: (opts: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  /**
   * A new account through the sign-up call. Its address counts as verified (as if its owner had opened the link
   * sent on sign-up: issue 41 ties administration, team invitations and the waiting-list discount to it) unless
   * `verified: false`; test/account-security.test.ts covers the link itself.
   */
  signUp: (
    overrides?: Partial<SignUpBody> & { verified?: boolean },
  ) => Promise<{ token: string; userId: string; email: string }>;
  close: () => Promise<void>;
};

type SignUpBody = { firstName: string; lastName: string; email: string; password: string };

let counter = 0;

export async function createTestApp(
  options: {
    now?: () => Date;
    env?: Record<string, string>;
    dbStatus?: DatabaseStatus;
    /** Another app's database: a second server on it (its own DATA_DIR); closing leaves the database be. */
    database?: TestDatabase;
    /** Called with the new DATA_DIR before the app is built (to leave files there from "an older version"). */
    prepareDataDir?: (dataDir: string) => Promise<void>;
    /** Fastify logger options (e.g. a `stream` that captures the lines); none when not given. */
    logger?: object;
    /** The booking page's server renderer (decision 034); the web build's, if any, when not given. */
    firstScreen?: FirstScreenRenderer | null;
    /**
     * Settings the environment leaves to Server settings (decision 048): their start-up values (off or a
     * 127.0.0.1 server) stand for the defaults a real server would have (OpenStreetMap's), and a saved value
     * applies.
     */
    defaultSettings?: string[];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-api-data-'));
  await options.prepareDataDir?.(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_WRITE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_READ_LIMIT_PER_MINUTE: '100000',
    AUTH_LIMIT_PER_MINUTE: '100000',
    // The maps default to OpenStreetMap's public services: a test switches them off or points them at its
    // own 127.0.0.1 server (test/support/maps-server.ts), never at a public host.
    ...OFFLINE_MAPS_ENV,
    // The pooler run (test/global-setup-pooler.ts): configured as an operator behind such a pooler configures
    // a server — DATABASE_URL (the pooler's address of this database) and DATABASE_POOLER. Without
    // DATABASE_URL the app takes its database for the embedded one, and its workers take the embedded
    // database's daily backup: pg_dump, whose session-level `set_config('search_path', '', false)` PgBouncer
    // in transaction mode leaves on a server connection it then hands to this app's queries (`relation
    // "users" does not exist`; decision 073).
    ...(inject('pgPooler') === 'transaction'
      ? { DATABASE_URL: database.url, DATABASE_POOLER: 'transaction' }
      : {}),
    ...options.env,
  });
  assertLoopbackMaps(config);
  for (const key of options.defaultSettings ?? []) delete config.settingsEnvironment[key];
  const auth = createAuth(database.db, config);
  const app = await buildApp({
    config,
    db: database.db,
    auth,
    logger: options.logger ?? false,
    now: options.now,
    dbStatus: options.dbStatus,
    firstScreen: options.firstScreen,
  });
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, ...opts }) =>
    app.inject({
      ...opts,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  const signUp: TestApp['signUp'] = async ({ verified = true, ...overrides } = {}) => {
    counter += 1;
    const body: SignUpBody = {
      firstName: 'Avery',
      lastName: 'Stone',
      email: `agent${counter}.${Date.now()}@example.com`,
      password: 'correct-horse-9',
      ...overrides,
    };
    const res = await request({ method: 'POST', url: '/api/auth/sign-up/email', payload: body });
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    const json = res.json<{ token: string; user: { id: string } }>();
    if (verified) {
      await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, json.user.id));
    }
    return { token: json.token, userId: json.user.id, email: body.email };
  };

  return {
    app,
    auth,
    config,
    database,
    request,
    signUp,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
