// The public team page (issue 15, decision 025) on a real database with a fixed clock (Monday 2030-01-07,
// 10:00 in New York; bookable 2030-01-08 … 2030-03-08): the team and its properties, the union of the pool's
// free slots, round robin (300 consultations on a team of 3 → 100 ± 1 each; a busy member leaves the others
// to share; an opted-out member is never picked), the race on the last free member (50 buyers → one
// booking, the rest a clean 409), and the team's booking links with their roles.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { agents, bookingLinks, bookings, members, slotHolds } from '../src/db/schema';
import { sweepExpiredHolds } from '../src/modules/booking-public/hold-rows';
import { teamBookingRequestSchema } from '@keyturn/domain/schemas/teamPage';
import { bookTeamConsultation } from '../src/modules/teams/round-robin';
import type { BookingNotifier } from '../src/modules/core/notifications/scheduler';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const NOW = new Date('2030-01-07T15:00:00Z');
/** The server's clock: NOW, moved on by the held-times tests (issue 44) and put back after each. */
let clock = NOW;
let t: TestApp;
const QUIET = { created: async () => undefined } as unknown as BookingNotifier;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterEach(() => {
  clock = NOW;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
const post = (url: string, payload: object, opts: { token?: string; key?: string } = {}) =>
  t.request({
    method: 'POST',
    url,
    payload,
    token: opts.token,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });

/** The buyer's answers of a consultation (no agent, no property: the server picks). */
function consultation(date: string, time: string, startsAt: string | null = null) {
  const {
    agent_id: _agent,
    property_id: _property,
    ...rest
  } = bookingPayload('x', {
    booking_purpose: 'property_valuation',
    booking_date: date,
    booking_time: time,
    starts_at: startsAt,
  });
  return rest;
}

type Team = { id: string; slug: string; owner: TestAgent; others: TestAgent[]; all: TestAgent[] };
let teamN = 0;

/** An Enterprise owner's team with `size - 1` more members (rows written directly: joining is teams.test's). */
async function makeTeam(size: number, color = '#10B981'): Promise<Team> {
  const all = await Promise.all(Array.from({ length: size }, () => makeAgent(t, { plan: 'enterprise' })));
  const [owner, ...others] = all as [TestAgent, ...TestAgent[]];
  teamN += 1;
  const slug = `team-page-${teamN}-${Date.now().toString(36)}`;
  const created = await post(
    '/api/team',
    { name: `Harbor Homes ${teamN}`, slug, color },
    { token: owner.token },
  );
  expect(created.statusCode, created.body).toBe(201);
  const teamId = created.json().data.team.id as string;
  for (const member of others) {
    const [row] = await t.database.db
      .select({ userId: agents.userId })
      .from(agents)
      .where(eq(agents.id, member.id));
    await t.database.db
      .insert(members)
      .values({ id: randomUUID(), organizationId: teamId, userId: row!.userId, role: 'member' });
  }
  return { id: teamId, slug, owner, others, all };
}

/** The team's consultation times of a date: [booking_time, starts_at]. */
async function teamTimes(slug: string, date: string): Promise<[string, string][]> {
  const res = await get(`/api/public/teams/${slug}/availability/${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().slots.map((s: { time: string; starts_at: string }) => [s.time.slice(0, 5), s.starts_at]);
}

async function bookWithTeam(slug: string, date: string, time: string, startsAt: string | null = null) {
  return post(`/api/public/teams/${slug}/booking`, consultation(date, time, startsAt));
}

async function countsBy(team: Team): Promise<number[]> {
  const rows = await t.database.db
    .select({ agentId: bookings.agentId })
    .from(bookings)
    .where(
      and(
        inArray(
          bookings.agentId,
          team.all.map((a) => a.id),
        ),
        eq(bookings.bookingPurpose, 'property_valuation'),
      ),
    );
  return team.all.map((a) => rows.filter((r) => r.agentId === a.id).length);
}

describe('team page', () => {
  it("answers the team's branding and the team's public properties (not a member's own from before); an unknown team is 404", async () => {
    const team = await makeTeam(2, '#7C3AED');
    const listed = await makeProperty(t, team.others[0]!.id, { address: '4 Harbor Way', teamId: team.id });
    await makeProperty(t, team.others[0]!.id, { address: '5 Hidden Lane', isPublic: false, teamId: team.id });
    // A member's property from before they joined stays theirs (decision 026): not on the team page.
    await makeProperty(t, team.others[0]!.id, { address: '6 Own Street' });
    const outsider = await makeAgent(t);
    await makeProperty(t, outsider.id, { address: '9 Elsewhere Road' });

    const res = await get(`/api/public/teams/${team.slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.team).toMatchObject({ slug: team.slug, color: '#7C3AED', time_zone: 'America/New_York' });
    expect(data.properties.map((p: { address: string }) => p.address)).toEqual(['4 Harbor Way']);
    expect(data.properties[0].id).toBe(listed);
    expect(data.properties[0].agent.id).toBe(team.others[0]!.id);
    expect(data.poolSize).toBe(2);

    const missing = await get('/api/public/teams/no-such-team');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('TEAM_NOT_FOUND');
    expect((await get('/api/public/teams/no-such-team/availability/2030-01-08')).statusCode).toBe(404);
  });

  it("offers the union of the members' free slots: one member's extra hours and another's bookings", async () => {
    const team = await makeTeam(2);
    const [owner, member] = team.all as [TestAgent, TestAgent];
    // The member also works 07:00–09:00 on Tuesdays; the owner is booked at 09:00 (the member is not).
    await t.request({
      method: 'PUT',
      url: '/api/availability',
      token: member.token,
      payload: {
        days: [0, 1, 2, 3, 4, 5, 6].map((d) => ({
          day_of_week: d,
          is_available: d >= 1 && d <= 5,
          intervals:
            d === 2
              ? [{ start: '07:00', end: '17:00' }]
              : d >= 1 && d <= 5
                ? [{ start: '09:00', end: '17:00' }]
                : [],
        })),
        overrides: [],
        minimum_notice_minutes: 0,
        buffer_minutes: 0,
        requires_approval: false,
      },
    });
    expect((await post('/api/booking', bookingPayload(owner.id, { booking_time: '09:00' }))).statusCode).toBe(
      201,
    );
    const times = (await teamTimes(team.slug, '2030-01-08')).map(([time]) => time);
    expect(times[0]).toBe('07:00');
    expect(times).toContain('09:00');
    expect(times).toHaveLength(20); // 07:00 … 16:30, each instant once

    const dates = await get(`/api/public/teams/${team.slug}/available-dates?month=2030-01`);
    expect(dates.statusCode).toBe(200);
    expect(dates.json()).toMatchObject({ today: '2030-01-07', time_zone: 'America/New_York' });
    expect(dates.json().dates.slice(0, 4)).toEqual(['2030-01-08', '2030-01-09', '2030-01-10', '2030-01-11']);
  });

  it('round robin: 300 consultations on a team of 3 with equal hours → each member within ±1 of 100', async () => {
    const team = await makeTeam(3);
    const dates: string[] = [];
    for (const month of ['2030-01', '2030-02']) {
      dates.push(
        ...(await get(`/api/public/teams/${team.slug}/available-dates?month=${month}`)).json().dates,
      );
    }
    // The booking service itself (what POST …/booking calls), without the notification queue: the choice
    // and the write are the ones a buyer gets; the queue's own tests cover the messages.
    const ctx = { db: t.database.db, publicUrl: 'http://keyturn.test', now: () => NOW, notify: QUIET };
    let booked = 0;
    for (const date of dates) {
      for (const [time, startsAt] of await teamTimes(team.slug, date)) {
        if (booked === 300) break;
        const body = teamBookingRequestSchema.parse(consultation(date, time, startsAt));
        await bookTeamConsultation(ctx, team.slug, body, undefined);
        booked += 1;
      }
    }
    expect(booked).toBe(300);
    for (const n of await countsBy(team)) expect(Math.abs(n - 100)).toBeLessThanOrEqual(1);
  });

  it('round robin: with one member busy the other two share, and the buyer is told who it is', async () => {
    const team = await makeTeam(3);
    const [busy, a, b] = team.all as [TestAgent, TestAgent, TestAgent];
    const times = (await teamTimes(team.slug, '2030-01-09')).slice(0, 10);
    for (const [time] of times) {
      const res = await post(
        '/api/booking',
        bookingPayload(busy.id, { booking_date: '2030-01-09', booking_time: time }),
      );
      expect(res.statusCode).toBe(201);
    }
    const names = new Set<string>();
    for (const [time, startsAt] of times) {
      const res = await bookWithTeam(team.slug, '2030-01-09', time, startsAt);
      expect(res.statusCode, res.body).toBe(201);
      expect([a.id, b.id]).toContain(res.json().agent.id);
      expect(res.json().booking.agent_id).toBe(res.json().agent.id);
      names.add(res.json().agent.name);
    }
    expect(await countsBy(team)).toEqual([0, 5, 5]);
    expect(names.size).toBe(2);
    // At a time one of them has: the other; then nobody is left — the usual 409.
    const [time, startsAt] = times[0]!;
    expect((await bookWithTeam(team.slug, '2030-01-09', time, startsAt)).statusCode).toBe(201);
    expect((await bookWithTeam(team.slug, '2030-01-09', time, startsAt)).json().code).toBe('SLOT_TAKEN');
    expect((await countsBy(team)).slice(1).sort()).toEqual([5, 6]);
  });

  it('an opted-out member is never picked, and rejoins with their own switch', async () => {
    const team = await makeTeam(3);
    const out = team.others[0]!;
    const off = await t.request({
      method: 'PUT',
      url: '/api/team/pool',
      token: out.token,
      payload: { in_pool: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const overview = (await get('/api/team', team.owner.token)).json().data;
    expect(overview.members.map((m: { inPool: boolean }) => m.inPool)).toEqual([true, false, true]);
    expect((await get(`/api/public/teams/${team.slug}`)).json().data.poolSize).toBe(2);
    for (const [time, startsAt] of (await teamTimes(team.slug, '2030-01-10')).slice(0, 6)) {
      expect((await bookWithTeam(team.slug, '2030-01-10', time, startsAt)).statusCode).toBe(201);
    }
    expect(await countsBy(team)).toEqual([3, 0, 3]);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/team/pool',
      token: out.token,
      payload: { in_pool: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    const on = await t.request({
      method: 'PUT',
      url: '/api/team/pool',
      token: out.token,
      payload: { in_pool: true },
    });
    expect(on.statusCode).toBe(200);
    const [time, startsAt] = (await teamTimes(team.slug, '2030-01-11'))[0]!;
    expect((await bookWithTeam(team.slug, '2030-01-11', time, startsAt)).json().agent.id).toBe(out.id);
  });

  it('50 concurrent buyers on a moment where exactly one member is free → exactly one booking, the rest 409', async () => {
    const team = await makeTeam(3);
    const [free, b, c] = team.all as [TestAgent, TestAgent, TestAgent];
    for (const agent of [b, c]) {
      const res = await post(
        '/api/booking',
        bookingPayload(agent.id, { booking_date: '2030-01-14', booking_time: '11:00' }),
      );
      expect(res.statusCode).toBe(201);
    }
    const [time, startsAt] = (await teamTimes(team.slug, '2030-01-14')).find(([tm]) => tm === '11:00')!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(`/api/public/teams/${team.slug}/booking`, {
          ...consultation('2030-01-14', time, startsAt),
          client_name: `Buyer ${i}`,
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(new Set(answers.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(
      new Set(['SLOT_TAKEN']),
    );
    expect(answers.find((r) => r.statusCode === 201)!.json().agent.id).toBe(free.id);
    const rows = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.startsAt, new Date(startsAt)));
    expect(rows.filter((r) => team.all.some((a) => a.id === r.agentId))).toHaveLength(3);
  });

  it('a retried submit with the same Idempotency-Key books once; bad input is a 400 that books nothing', async () => {
    const team = await makeTeam(2);
    const [time, startsAt] = (await teamTimes(team.slug, '2030-01-15'))[0]!;
    const body = consultation('2030-01-15', time, startsAt);
    const first = await post(`/api/public/teams/${team.slug}/booking`, body, { key: 'retry-1' });
    const again = await post(`/api/public/teams/${team.slug}/booking`, body, { key: 'retry-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().booking.id).toBe(first.json().booking.id);
    const bad = await post(`/api/public/teams/${team.slug}/booking`, { ...body, client_email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.client_email).toBeTruthy();
    expect((await countsBy(team)).reduce((a, b) => a + b)).toBe(1);
  });
});

describe('held times on the team page (issue 44)', () => {
  const DATE = '2030-01-16';
  const ELEVEN = '2030-01-16T11:00:00-05:00';
  const minutesLater = (m: number) => new Date(NOW.getTime() + m * 60_000);
  const holdTeam = (slug: string, extra: Record<string, unknown> = {}) =>
    post(`/api/public/teams/${slug}/holds`, {
      booking_date: DATE,
      booking_time: '11:00',
      starts_at: ELEVEN,
      ...extra,
    });
  const bookTeam = (slug: string, extra: Record<string, unknown> = {}) =>
    post(`/api/public/teams/${slug}/booking`, { ...consultation(DATE, '11:00', ELEVEN), ...extra });
  const offered = async (slug: string) => (await teamTimes(slug, DATE)).map(([time]) => time);
  const holdsOf = (team: Team) =>
    t.database.db
      .select()
      .from(slotHolds)
      .where(
        inArray(
          slotHolds.agentId,
          team.all.map((a) => a.id),
        ),
      );
  /** A team of `size` whose members but the first are booked at 11:00 that day: one member free. */
  async function oneFree(size: number) {
    const team = await makeTeam(size);
    for (const agent of team.all.slice(1)) {
      const res = await post(
        '/api/booking',
        bookingPayload(agent.id, {
          booking_date: DATE,
          booking_time: '11:00',
          client_email: 'x@example.com',
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    return team;
  }

  it('holds the time for the member round robin picks now; the booking with the hold books that member', async () => {
    const team = await makeTeam(2);
    const [busier, quieter] = team.all as [TestAgent, TestAgent];
    // The busier member has a booking this week: round robin picks the quieter one, and the hold is theirs.
    expect(
      (await post('/api/booking', bookingPayload(busier.id, { booking_date: '2030-01-09' }))).statusCode,
    ).toBe(201);
    const res = await holdTeam(team.slug);
    expect(res.statusCode, res.body).toBe(201);
    const held = res.json().hold;
    expect(held).toMatchObject({
      starts_at: '2030-01-16T16:00:00.000Z',
      expires_at: minutesLater(5).toISOString(),
      minutes: 5,
    });
    expect((await holdsOf(team)).map((h) => [h.agentId, h.propertyId])).toEqual([[quieter.id, null]]);
    // Meanwhile the quieter member gets two bookings elsewhere (round robin would now pick the busier one) …
    for (const time of ['09:00', '10:00']) {
      const other = await post(
        '/api/booking',
        bookingPayload(quieter.id, { booking_date: DATE, booking_time: time }),
      );
      expect(other.statusCode).toBe(201);
    }
    // … yet the holder's booking goes to the member the hold is for, and uses it up.
    clock = minutesLater(4);
    const mine = await bookTeam(team.slug, { hold_token: held.token });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().agent.id).toBe(quieter.id);
    expect(await holdsOf(team)).toEqual([]);
  });

  it('20 buyers holding the same team time with one member free: exactly one hold, the rest 409 in its words', async () => {
    const team = await oneFree(3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => holdTeam(team.slug)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json()).toMatchObject({ code: 'SLOT_TAKEN', error: HOLD_TEXTS.heldByOther });
    }
    expect((await holdsOf(team)).map((h) => h.agentId)).toEqual([team.all[0]!.id]);
  });

  it('the holder books while 20 others try: the holder’s 201, never theirs', async () => {
    const team = await oneFree(2);
    const held = (await holdTeam(team.slug)).json().hold;
    const [mine, ...theirs] = await Promise.all([
      bookTeam(team.slug, { hold_token: held.token, client_email: 'holder@example.com' }),
      ...Array.from({ length: 20 }, (_, k) => bookTeam(team.slug, { client_email: `b${k}@example.com` })),
    ]);
    expect(mine!.statusCode, mine!.body).toBe(201);
    expect(mine!.json().agent.id).toBe(team.all[0]!.id);
    for (const res of theirs) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('SLOT_TAKEN');
    }
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.agentId, team.all[0]!.id));
    expect(rows.map((r) => r.clientEmail)).toEqual(['holder@example.com']);
    expect(await holdsOf(team)).toEqual([]);
  });

  it("the held time leaves another buyer's team times at once and comes back when let go", async () => {
    const team = await oneFree(2);
    expect(await offered(team.slug)).toContain('11:00');
    const held = (await holdTeam(team.slug)).json().hold;
    expect(await offered(team.slug)).not.toContain('11:00');
    expect(await offered(team.slug)).toContain('11:30');
    const other = await bookTeam(team.slug, { client_email: 'other@example.com' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'SLOT_TAKEN', error: HOLD_TEXTS.heldByOther });
    const released = await t.request({ method: 'DELETE', url: `/api/booking/holds/${held.token}` });
    expect(released.json()).toEqual({ success: true });
    expect(await offered(team.slug)).toContain('11:00');
    expect(await holdsOf(team)).toEqual([]);
  });

  it('two members free: the second buyer holds the other member; a third is refused; another time moves a hold', async () => {
    const team = await makeTeam(2);
    const first = (await holdTeam(team.slug)).json().hold;
    expect(await offered(team.slug)).toContain('11:00');
    const second = await holdTeam(team.slug);
    expect(second.statusCode).toBe(201);
    expect(new Set((await holdsOf(team)).map((h) => h.agentId))).toEqual(new Set(team.all.map((a) => a.id)));
    expect(await offered(team.slug)).not.toContain('11:00');
    expect((await holdTeam(team.slug)).json()).toMatchObject({
      code: 'SLOT_TAKEN',
      error: HOLD_TEXTS.heldByOther,
    });
    // The first buyer picks 14:00 instead: 11:00 is offered again, 14:00 still (the other member is free).
    const moved = await holdTeam(team.slug, {
      booking_time: '14:00',
      starts_at: '2030-01-16T14:00:00-05:00',
      replaces: first.token,
    });
    expect(moved.statusCode).toBe(201);
    expect(await offered(team.slug)).toContain('11:00');
    expect(await holdsOf(team)).toHaveLength(2);
  });

  it('an ended hold blocks nothing (the server’s clock): another buyer holds and books; the sweep removes it', async () => {
    const team = await oneFree(2);
    const first = (await holdTeam(team.slug)).json().hold;
    clock = minutesLater(4);
    expect(await offered(team.slug)).not.toContain('11:00');
    clock = minutesLater(5);
    expect(await offered(team.slug)).toContain('11:00');
    const second = await holdTeam(team.slug);
    expect(second.statusCode, second.body).toBe(201);
    expect((await bookTeam(team.slug, { hold_token: second.json().hold.token })).statusCode).toBe(201);
    const late = await bookTeam(team.slug, { hold_token: first.token, client_email: 'late@example.com' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SLOT_TAKEN');

    const other = await oneFree(2);
    await holdTeam(other.slug);
    // Made at minute 5, it ends at minute 10: the worker's sweep leaves it until then.
    await sweepExpiredHolds(t.database.db, minutesLater(9));
    expect(await holdsOf(other)).toHaveLength(1);
    expect(await sweepExpiredHolds(t.database.db, minutesLater(10))).toBeGreaterThanOrEqual(1);
    expect(await holdsOf(other)).toEqual([]);
  });

  it('bad input is a 400 with fields, an unknown team 404, a closed time 409 — nothing held', async () => {
    const team = await makeTeam(2);
    const bad = await holdTeam(team.slug, { booking_date: '2030-13-01', booking_time: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.json().fields).length).toBeGreaterThan(0);
    expect((await holdTeam('no-such-team-here')).statusCode).toBe(404);
    const closed = await holdTeam(team.slug, {
      booking_time: '20:00',
      starts_at: '2030-01-16T20:00:00-05:00',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('SLOT_UNAVAILABLE');
    const badToken = await bookTeam(team.slug, { hold_token: 'x'.repeat(101) });
    expect(badToken.statusCode).toBe(400);
    expect(await holdsOf(team)).toEqual([]);
    expect((await countsBy(team)).reduce((a, b) => a + b)).toBe(0);
  });
});

describe('team booking links', () => {
  it('resolve with the team branding; owners and admins create them, members 403, another team 404, anonymous 401', async () => {
    const team = await makeTeam(3, '#DC2626');
    const [owner, admin, member] = team.all as [TestAgent, TestAgent, TestAgent];
    await t.database.db
      .update(members)
      .set({ role: 'admin' })
      .where(
        eq(
          members.userId,
          (await t.database.db.select().from(agents).where(eq(agents.id, admin.id)))[0]!.userId,
        ),
      );
    const property = await makeProperty(t, member.id, { address: '7 Team Street', teamId: team.id });
    const other = await makeTeam(1);
    const stranger = await makeAgent(t, { plan: 'enterprise' });
    const strangerProperty = await makeProperty(t, stranger.id);

    const consultationLink = await post('/api/team/booking-links', { label: 'Team' }, { token: owner.token });
    expect(consultationLink.statusCode, consultationLink.body).toBe(201);
    const linkId = consultationLink.json().data.id as string;
    const resolved = await get(`/api/booking/links/${linkId}`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ property_id: null, team: { slug: team.slug, color: '#DC2626' } });

    const propertyLink = await post(
      '/api/team/booking-links',
      { property_id: property },
      { token: admin.token },
    );
    expect(propertyLink.statusCode, propertyLink.body).toBe(201);
    const propertyResolved = (await get(`/api/booking/links/${propertyLink.json().data.id}`)).json();
    // The showing goes to the property's assigned agent, under the team's branding.
    expect(propertyResolved).toMatchObject({
      agent_id: member.id,
      property_id: property,
      team: { slug: team.slug },
    });

    const before = await t.database.db.select().from(bookingLinks);
    expect((await post('/api/team/booking-links', {}, { token: member.token })).statusCode).toBe(403);
    expect(
      (await post('/api/team/booking-links', { property_id: strangerProperty }, { token: owner.token }))
        .statusCode,
    ).toBe(404);
    expect((await post('/api/team/booking-links', {})).statusCode).toBe(401);
    expect((await post('/api/team/booking-links', {}, { token: stranger.token })).statusCode).toBe(404);
    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/team/booking-links/${linkId}`,
      token: other.owner.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.database.db.select().from(bookingLinks)).toEqual(before);

    expect((await get('/api/team/booking-links', member.token)).statusCode).toBe(403);
    const listed = await get('/api/team/booking-links', admin.token);
    expect(listed.json().data).toHaveLength(2);
    // An agent's own link carries no team.
    const own = await post('/api/booking-links', {}, { token: stranger.token });
    expect((await get(`/api/booking/links/${own.json().data.id}`)).json().team ?? null).toBeNull();

    const withdrawn = await t.request({
      method: 'DELETE',
      url: `/api/team/booking-links/${linkId}`,
      token: owner.token,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await get(`/api/booking/links/${linkId}`)).statusCode).toBe(404);
  });
});

describe("a consultation's language (issue 43)", () => {
  it('the booking stores the payload’s language, else the request’s, else the picked member’s default', async () => {
    const team = await makeTeam(1);
    const times = await teamTimes(team.slug, '2030-01-17');
    const book = (k: number, extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: `/api/public/teams/${team.slug}/booking`,
        payload: { ...consultation('2030-01-17', times[k]![0], times[k]![1]), ...extra },
        headers,
      });
    const localeOf = async (res: Awaited<ReturnType<typeof book>>) => {
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, res.json().booking.id));
      return row!.locale;
    };
    expect(await localeOf(await book(0, { locale: 'es', client_email: 'c1@example.com' }))).toBe('es');
    expect(
      await localeOf(await book(1, { client_email: 'c2@example.com' }, { 'accept-language': 'es' })),
    ).toBe('es');
    expect(await localeOf(await book(2, { client_email: 'c3@example.com' }))).toBe('en');
    await t.database.db.update(agents).set({ defaultLanguage: 'es' }).where(eq(agents.id, team.owner.id));
    expect(await localeOf(await book(3, { client_email: 'c4@example.com' }))).toBe('es');
  });
});
