// Accounts: better-auth (e-mail + password) on the application's database. API calls carry
// `Authorization: Bearer <session token>` (bearer plugin); the organization plugin is ready for teams.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, organization } from 'better-auth/plugins';
import { PASSWORD_MIN_LENGTH } from '@keyturn/domain/constants';
import type { Config } from './config';
import type { Db } from './db/client';
import * as schema from './db/schema';

export const AUTH_BASE_PATH = '/api/auth';

export function createAuth(db: Db, config: Config) {
  return betterAuth({
    appName: 'Keyturn',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.authSecret ?? persistentSecret(config.dataDir),
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === 'silent', level: 'error' },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        organization: schema.organizations,
        member: schema.members,
        invitation: schema.invitations,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    plugins: [bearer(), organization()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Without AUTH_SECRET, a random secret is kept in DATA_DIR so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
