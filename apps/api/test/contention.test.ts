// Booking writes under contention (issue 11): every path that writes bookings takes the agent row first
// (db/transaction.ts lock order), so overlapping agent-made and public bookings end in exactly one booking
// and clear 409s — never a 500 "deadlock detected". Identical saves at once are both 2xx or one 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@keyturn/domain/schemas/agentSettings';
import { bookings } from '../src/db/schema';
import { agentWriteTransaction, MAX_ATTEMPTS, writeTransaction } from '../src/db/transaction';
import { AppError } from '../src/http/errors';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';

let t: TestApp;
let agent: TestAgent;
const now = new Date('2030-01-02T15:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  agent = await makeAgent(t, { plan: 'enterprise' });
});
afterAll(() => t.close());

/** The first `n` weekdays from 2030-01-07 (a Monday), all inside the 60-day booking window. */
function weekdays(n: number): string[] {
  const dates: string[] = [];
  for (let d = Date.parse('2030-01-07T12:00:00Z'); dates.length < n; d += 86_400_000) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) dates.push(new Date(d).toISOString().slice(0, 10));
  }
  return dates;
}

async function timed<T>(run: () => Promise<T>, latencies: number[]): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    latencies.push(performance.now() - started);
  }
}

describe('contention on one slot', () => {
  it('20 agent-made + 5 public bookings of one slot, 20 rounds: one booking each round, every other answer 409', async () => {
    const latencies: number[] = [];
    for (const date of weekdays(20)) {
      const agentMade = Array.from(
        { length: 20 },
        (_, i) => () =>
          t.request({
            method: 'POST',
            url: '/api/bookings',
            token: agent.token,
            // 10:00, 10:01 … 10:19: every one overlaps every other (30-minute showings).
            payload: {
              ...bookingPayload(agent.id, {
                booking_date: date,
                booking_time: `10:${String(i).padStart(2, '0')}`,
              }),
              agent_id: undefined,
            },
          }),
      );
      // Five different buyers (the same buyer's repeat is told they already have it: buyer-messages.test.ts).
      const publicOnes = Array.from(
        { length: 5 },
        (_, i) => () =>
          t.request({
            method: 'POST',
            url: '/api/booking',
            payload: bookingPayload(agent.id, {
              booking_date: date,
              booking_time: '10:00',
              client_email: `racer.${date}.${i}@example.com`,
            }),
          }),
      );
      const answers = await Promise.all([...agentMade, ...publicOnes].map((run) => timed(run, latencies)));
      const statuses = answers.map((a) => a.statusCode);
      expect(
        statuses.filter((s) => s >= 500),
        answers.map((a) => a.body).join('\n'),
      ).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(
        statuses.filter((s) => s !== 201 && s !== 409),
        answers.map((a) => a.body).join('\n'),
      ).toEqual([]);
      // The lock order leaves nothing to deadlock: every loser is told the time is taken, none is "busy".
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json()).toMatchObject({ error: expect.any(String) });
        expect(['SLOT_TAKEN', 'SLOT_UNAVAILABLE']).toContain(a.json().code);
      }
      const [stored] = await t.database.db
        .select({ n: count() })
        .from(bookings)
        .where(
          and(
            eq(bookings.agentId, agent.id),
            inArray(bookings.status, ['pending', 'confirmed']),
            inArray(bookings.clientName, ['Casey Buyer']),
          ),
        );
      expect(stored?.n).toBe(weekdays(20).indexOf(date) + 1);
    }
    // A figure, not an assertion (no timed assertions): the worst answer under this contention.
    console.log(
      `contention: worst latency ${Math.round(Math.max(...latencies))} ms over ${latencies.length} requests`,
    );
  }, 300_000);

  it('agent reschedules and public bookings racing for one slot still end in one booking there', async () => {
    const date = '2030-02-11';
    const made = await Promise.all(
      ['09:00', '11:00', '13:00'].map((time) =>
        t.request({
          method: 'POST',
          url: '/api/bookings',
          token: agent.token,
          payload: {
            ...bookingPayload(agent.id, { booking_date: date, booking_time: time }),
            agent_id: undefined,
          },
        }),
      ),
    );
    const ids = made.map((m) => m.json().data.id as string);
    const answers = await Promise.all([
      ...ids.map((id) =>
        t.request({
          method: 'PUT',
          url: `/api/bookings/${id}/reschedule`,
          token: agent.token,
          payload: { booking_date: date, booking_time: '15:00', reschedule_reason: 'Moved' },
        }),
      ),
      ...Array.from({ length: 3 }, () =>
        t.request({
          method: 'POST',
          url: '/api/booking',
          payload: bookingPayload(agent.id, { booking_date: date, booking_time: '15:00' }),
        }),
      ),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 201).every((s) => s === 409)).toBe(true);
  });
});

describe('identical saves at once', () => {
  it('two simultaneous PUT /api/availability: both 2xx or one 409, never 500 (10 pairs)', async () => {
    for (let i = 0; i < 10; i++) {
      const body = { ...DEFAULT_AVAILABILITY, buffer_minutes: i };
      const pair = await Promise.all(
        [1, 2].map(() =>
          t.request({ method: 'PUT', url: '/api/availability', token: agent.token, payload: body }),
        ),
      );
      const statuses = pair.map((p) => p.statusCode).sort();
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(statuses);
    }
  });

  it('two simultaneous notification-settings saves: both 2xx or one 409', async () => {
    const body = DEFAULT_NOTIFICATION_SETTINGS;
    for (let i = 0; i < 5; i++) {
      const pair = await Promise.all(
        [1, 2].map(() =>
          t.request({ method: 'PUT', url: '/api/agents/notifications', token: agent.token, payload: body }),
        ),
      );
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(pair.map((p) => p.statusCode).sort());
    }
  });

  it('ten simultaneous POST /api/agents for one new user: one profile, nine 409s', async () => {
    const { token } = await t.signUp();
    const body = {
      first_name: 'Robin',
      last_name: 'Race',
      phone: '+1 212 555 0111',
      username: `robin-race-${Date.now().toString(36)}`,
      timeZone: 'America/New_York',
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request({ method: 'POST', url: '/api/agents', token, payload: body }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().code).toBe('AGENT_PROFILE_EXISTS');
    }
  });
});

describe('writeTransaction', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('runs a transaction again after a deadlock and answers its result', async () => {
    let runs = 0;
    const result = await writeTransaction(t.database.db, async () => {
      runs += 1;
      if (runs < 3) throw deadlock();
      return 'done';
    });
    expect({ result, runs }).toEqual({ result: 'done', runs: 3 });
  });

  it(`answers 409 BUSY after ${MAX_ATTEMPTS} runs that all hit contention, and passes other errors on`, async () => {
    let runs = 0;
    const busy = await writeTransaction(t.database.db, async () => {
      runs += 1;
      throw deadlock();
    }).catch((err: unknown) => err);
    expect(runs).toBe(MAX_ATTEMPTS);
    expect(busy).toBeInstanceOf(AppError);
    expect((busy as AppError).statusCode).toBe(409);
    expect((busy as AppError).code).toBe('BUSY');
    const other = await writeTransaction(t.database.db, async () => {
      throw new Error('something else');
    }).catch((err: unknown) => (err as Error).message);
    expect(other).toBe('something else');
  });

  it('sets lock_timeout and statement_timeout for its own statements', async () => {
    const settings = await writeTransaction(t.database.db, async (tx) => {
      const res = await tx.execute<{ lock: string; statement: string }>(
        sql`select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement`,
      );
      return res.rows[0];
    });
    expect(settings).toEqual({ lock: '3s', statement: '15s' });
  });

  it('agentWriteTransaction holds the agent row from its first statement, with the same timeouts set', async () => {
    const other = await t.database.pool.connect();
    try {
      const seen = await agentWriteTransaction(t.database.db, agent.id, async (tx) => {
        const res = await tx.execute<{ lock: string; statement: string }>(
          sql`select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement`,
        );
        // Another connection cannot take the agent row while this transaction runs.
        const taken = await other
          .query('select 1 from agents where id = $1 for update nowait', [agent.id])
          .then(
            () => 'free',
            (err: { code?: string }) => err.code,
          );
        return { ...res.rows[0], taken };
      });
      expect(seen).toEqual({ lock: '3s', statement: '15s', taken: '55P03' });
      // And it is released with the transaction.
      const after = await other.query('select 1 from agents where id = $1 for update nowait', [agent.id]);
      expect(after.rowCount).toBe(1);
    } finally {
      other.release();
    }
  });
});
