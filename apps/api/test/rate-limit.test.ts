// Proxy trust and rate limits (issue 11): the client is the socket's address unless TRUST_PROXY says which
// proxies to believe, so a forged X-Forwarded-For buys no extra attempts; sign-in is also limited per
// account with a short, growing delay (never a long lockout); the counters live in PostgreSQL, so two
// servers on one database share them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { parseTrustProxy } from '../src/config';
import {
  BATCH_MIN_LIMIT,
  RateLimitCounters,
  SIGN_IN_MAX_DELAY_SECONDS,
  signInDelaySeconds,
} from '../src/http/rate-limit';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty } from './fixtures';

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

async function open(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env });
  opened.push(t);
  return t;
}

function signIn(t: TestApp, email: string, password: string, forwardedFor?: string) {
  return t.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });
}

describe('TRUST_PROXY', () => {
  it('parses off, a hop count or a list of addresses/CIDRs, and refuses "true" and nonsense', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.1,::1')).toEqual(['10.0.0.0/8', '192.168.1.1', '::1']);
    expect(parseTrustProxy('true')).toBeNull();
    expect(parseTrustProxy('10.0.0.0/33')).toBeNull();
    expect(parseTrustProxy('proxy.example.com')).toBeNull();
  });

  it('by default a forged X-Forwarded-For gets no extra attempts: the 6th of 5 per minute is a 429', async () => {
    const t = await open({ AUTH_LIMIT_PER_MINUTE: '5' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await signIn(t, `nobody${i}@example.com`, 'wrong-password-1', `203.0.113.${i}`)).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('with TRUST_PROXY=1 the client named by the proxy is used: six clients are six clients', async () => {
    const t = await open({ AUTH_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '1' });
    const distinct: number[] = [];
    for (let i = 0; i < 6; i++) {
      distinct.push(
        (await signIn(t, `nobody${i}@example.com`, 'wrong-password-1', `203.0.113.${i}`)).statusCode,
      );
    }
    expect(distinct).toEqual([401, 401, 401, 401, 401, 401]);
    const same: number[] = [];
    for (let i = 0; i < 6; i++) {
      same.push((await signIn(t, `other${i}@example.com`, 'wrong-password-1', '198.51.100.7')).statusCode);
    }
    expect(same).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a list of proxies is believed only when the request comes from one of them', async () => {
    const trusted = await open({ AUTH_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.0/8' });
    const viaProxy = [];
    for (let i = 0; i < 3; i++)
      viaProxy.push(
        (await signIn(trusted, `a${i}@example.com`, 'x-wrong-pass', `203.0.113.${i}`)).statusCode,
      );
    expect(viaProxy).toEqual([401, 401, 401]);
    const untrusted = await open({ AUTH_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '10.0.0.1' });
    const direct = [];
    for (let i = 0; i < 3; i++)
      direct.push(
        (await signIn(untrusted, `a${i}@example.com`, 'x-wrong-pass', `203.0.113.${i}`)).statusCode,
      );
    expect(direct).toEqual([401, 401, 429]);
  });
});

describe('sign-in backoff per account', () => {
  it('the delay grows 2, 4, 8 … seconds after 5 failures and never passes a minute', () => {
    expect([0, 1, 4].map(signInDelaySeconds)).toEqual([0, 0, 0]);
    expect([5, 6, 7].map(signInDelaySeconds)).toEqual([2, 4, 8]);
    expect(signInDelaySeconds(1000)).toBe(SIGN_IN_MAX_DELAY_SECONDS);
    expect(SIGN_IN_MAX_DELAY_SECONDS).toBeLessThanOrEqual(60);
  });

  it('5 wrong passwords from 5 addresses make the account wait a moment; then the right one works', async () => {
    const t = await open({ TRUST_PROXY: '1' });
    const { email } = await t.signUp({ password: 'correct-horse-9' });
    // The delay each failure set, read from the row (blocked_until and resets_at come from one now()), so
    // nothing here depends on how fast the machine is.
    const stored = async () => {
      const result = await t.database.db.execute<{ count: number; delay: number }>(
        sql`select count, round(extract(epoch from blocked_until - resets_at))::int + 900 as delay
            from rate_limits where key like 'sign-in-account|%'`,
      );
      return result.rows[0];
    };
    const pastTheWait = () =>
      t.database.db.execute(sql`update rate_limits set blocked_until = now() - interval '1 second'`);
    for (let i = 0; i < 5; i++) {
      expect((await signIn(t, email, 'wrong-password-1', `203.0.113.${i}`)).statusCode).toBe(401);
    }
    expect(await stored()).toEqual({ count: 5, delay: 2 });
    await pastTheWait();
    expect((await signIn(t, email, 'wrong-password-1', '203.0.113.9')).statusCode).toBe(401);
    expect(await stored()).toEqual({ count: 6, delay: 4 });

    // While the wait runs, even the right password is answered 429 with Retry-After (at most a minute).
    await t.database.db.execute(sql`update rate_limits set blocked_until = now() + interval '30 seconds'`);
    const waiting = await signIn(t, email, 'correct-horse-9', '198.51.100.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('SIGN_IN_BACKOFF');
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_MAX_DELAY_SECONDS);
    // Another account is not affected.
    const other = await t.signUp({ password: 'correct-horse-9' });
    expect((await signIn(t, other.email, 'correct-horse-9', '198.51.100.1')).statusCode).toBe(200);
    // The wait over (moved into the past rather than slept through), the right password signs in and ends
    // the streak: the next wrong password is a plain 401 again.
    await pastTheWait();
    expect((await signIn(t, email, 'correct-horse-9', '198.51.100.1')).statusCode).toBe(200);
    expect(await stored()).toBeUndefined();
    expect((await signIn(t, email, 'wrong-password-1', '198.51.100.1')).statusCode).toBe(401);
  });
});

describe('counters in PostgreSQL', () => {
  it('two servers on one database share the limit', async () => {
    const t = await open({ AUTH_LIMIT_PER_MINUTE: '4' });
    const second = await buildApp({ config: t.config, db: t.database.db, auth: t.auth, logger: false });
    await second.ready();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await signIn(t, `n${i}@example.com`, 'wrong-password-1')).statusCode);
      for (let i = 3; i < 5; i++) {
        const res = await second.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: `n${i}@example.com`, password: 'wrong-password-1' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await second.close();
    }
  });

  it('anonymous public lookups share one per-client budget (PUBLIC_READ_LIMIT_PER_MINUTE)', async () => {
    const t = await open({ PUBLIC_READ_LIMIT_PER_MINUTE: '3' });
    const agent = await makeAgent(t);
    const propertyId = await makeProperty(t, agent.id);
    const statuses = [
      (await t.request({ method: 'GET', url: `/api/booking/property/${propertyId}` })).statusCode,
      (await t.request({ method: 'GET', url: `/api/agents/id/${agent.id}` })).statusCode,
      (await t.request({ method: 'GET', url: `/api/properties/public/${agent.id}` })).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await t.request({ method: 'GET', url: `/api/availability/public/${agent.id}` });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: expect.any(String), code: 'RATE_LIMITED' });
    // A signed-in agent's own calls are not part of it.
    expect(
      (await t.request({ method: 'GET', url: '/api/agents/profile', token: agent.token })).statusCode,
    ).toBe(200);
  });

  describe('counting far below a limit in memory (decision 019)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: {} });
    });
    afterAll(async () => t.close());
    const stored = async (key: string) => {
      const result = await t.database.db.execute<{ count: number }>(
        sql`select count from rate_limits where key = ${key}`,
      );
      return result.rows[0]?.count;
    };

    it('far below the limit hits are written in one batch; from half the limit on, each hit at once', async () => {
      const counters = new RateLimitCounters(t.database.db);
      try {
        const max = BATCH_MIN_LIMIT * 2;
        const answers: number[] = [];
        for (let i = 0; i < 10; i++) answers.push((await counters.count('read|a', 60_000, max)).current);
        expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        // The first hit of the window was written; the other nine wait for the flush.
        expect(await stored('read|a')).toBe(1);
        await counters.flush();
        expect(await stored('read|a')).toBe(10);
        for (let i = 10; i < max / 2; i++) await counters.count('read|a', 60_000, max);
        expect(await stored('read|a')).toBe(10);
        // Once half the limit is counted, a hit carries the unwritten ones and every later hit is written.
        expect((await counters.count('read|a', 60_000, max)).current).toBe(max / 2 + 1);
        expect(await stored('read|a')).toBe(max / 2 + 1);
        expect((await counters.count('read|a', 60_000, max)).current).toBe(max / 2 + 2);
        expect(await stored('read|a')).toBe(max / 2 + 2);
      } finally {
        await counters.close();
      }
    });

    it('a small limit (sign-in, public writes) is written on every hit', async () => {
      const counters = new RateLimitCounters(t.database.db);
      try {
        for (let i = 1; i <= 3; i++) {
          expect((await counters.count('write|a', 60_000, BATCH_MIN_LIMIT - 1)).current).toBe(i);
          expect(await stored('write|a')).toBe(i);
        }
      } finally {
        await counters.close();
      }
    });

    it('two servers: a client still meets the limit; unwritten hits reach the other server by the flush', async () => {
      const a = new RateLimitCounters(t.database.db);
      const b = new RateLimitCounters(t.database.db);
      try {
        const max = BATCH_MIN_LIMIT;
        let allowed = 0;
        for (let i = 0; i < 3 * max; i++) {
          const { current } = await (i % 2 === 0 ? a : b).count('read|c', 60_000, max);
          if (current <= max) allowed += 1;
        }
        // At most the limit plus (servers − 1) × half the limit; never unlimited.
        expect(allowed).toBeGreaterThanOrEqual(max);
        expect(allowed).toBeLessThanOrEqual(max + max / 2);
        await a.flush();
        await b.flush();
        expect(await stored('read|c')).toBe(3 * max);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
