// Issue 41 "Leaving": the caller downloads their own data (JSON, or one part as CSV) and deletes the account:
// upcoming showings cancelled with the usual message to each buyer (through the SMTP server on 127.0.0.1), the
// booking pages gone, nobody else touched; refused for the last owner of a team, and without the typed
// confirmation, changing nothing.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVING_TEXTS } from '@keyturn/domain/leaving';
import { agents, bookings, properties, users } from '../src/db/schema';
import { bookAt, DAY, HOUR, notifyHarness, type NotifyHarness } from './support/notify';
import { makeTeam } from './support/teams';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';

let h: NotifyHarness;
let a: TestAgent;
let b: TestAgent;
const hourAhead = (days: number) => new Date(Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR);

beforeAll(async () => {
  h = await notifyHarness();
  a = await makeAgent(h.t);
  b = await makeAgent(h.t);
  await makeProperty(h.t, a.id, { address: '1 Alpha Road' });
  await makeProperty(h.t, b.id, { address: '2 Beta Lane' });
  await bookAt(h.t, a, hourAhead(2), { client_email: 'alice.buyer@buyers.test' });
  await bookAt(h.t, b, hourAhead(2), { client_email: 'bob.buyer@buyers.test' });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('Download my data', () => {
  it("answers the caller's profile, properties, bookings and leads — nobody else's", async () => {
    const res = await h.t.request({ method: 'GET', url: '/api/account/export', token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="keyturn-data-\d{4}-\d\d-\d\d\.json"/,
    );
    const body = res.json();
    expect(body.profile).toMatchObject({ account_email: a.email, username: a.username });
    expect(body.properties.map((p: { address: string }) => p.address)).toEqual(['1 Alpha Road']);
    expect(body.bookings.map((x: { client_email: string }) => x.client_email)).toEqual([
      'alice.buyer@buyers.test',
    ]);
    expect(body.leads.map((x: { email: string }) => x.email)).toEqual(['alice.buyer@buyers.test']);
    expect(res.body).not.toContain('bob.buyer@buyers.test');
    expect(res.body).not.toContain('2 Beta Lane');
  });

  it('one part as CSV, the same rows', async () => {
    for (const [part, mine, theirs] of [
      ['bookings', 'alice.buyer@buyers.test', 'bob.buyer@buyers.test'],
      ['leads', 'alice.buyer@buyers.test', 'bob.buyer@buyers.test'],
      ['properties', '1 Alpha Road', '2 Beta Lane'],
      ['profile', a.email, b.email],
    ] as const) {
      const res = await h.t.request({
        method: 'GET',
        url: `/api/account/export?format=csv&part=${part}`,
        token: a.token,
      });
      expect(res.statusCode, part).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body).toContain(mine);
      expect(res.body).not.toContain(theirs);
      expect(res.body.split('\r\n').length, part).toBe(2);
    }
  });

  it('401 without a session; 400 with the field named for a CSV without a part or an unknown format', async () => {
    expect((await h.t.request({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    const noPart = await h.t.request({
      method: 'GET',
      url: '/api/account/export?format=csv',
      token: a.token,
    });
    expect(noPart.statusCode).toBe(400);
    expect(noPart.json().fields).toHaveProperty('part');
    const bad = await h.t.request({ method: 'GET', url: '/api/account/export?format=xml', token: a.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('format');
  });
});

describe('Delete account', () => {
  it('is refused for the last owner of a team with the reason, and without the typed confirmation — nothing changes', async () => {
    const owner = await makeAgent(h.t, { plan: 'enterprise' });
    const member = await makeAgent(h.t, { plan: 'enterprise' });
    await makeTeam(h.t, owner, [[member, 'member']], 'Lakeside Homes');
    const booked = await bookAt(h.t, owner, hourAhead(3), { client_email: 'owner.buyer@buyers.test' });
    const refused = await h.t.request({
      method: 'DELETE',
      url: '/api/account',
      token: owner.token,
      payload: { confirm: 'DELETE' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'TEAM_OWNER',
      error: LEAVING_TEXTS.teamOwner('Lakeside Homes'),
    });
    const unconfirmed = await h.t.request({
      method: 'DELETE',
      url: '/api/account',
      token: a.token,
      payload: {},
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fields).toHaveProperty('confirm');
    const [row] = await h.t.database.db.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(row!.status).toBe('confirmed');
    expect(await h.t.database.db.select().from(agents).where(eq(agents.id, a.id))).toHaveLength(1);
    expect(
      h.smtp.to('owner.buyer@buyers.test').filter((m) => m.subject.startsWith('Cancelled')),
    ).toHaveLength(0);
    // A member (not an owner) may leave.
    const left = await h.t.request({
      method: 'DELETE',
      url: '/api/account',
      token: member.token,
      payload: { confirm: 'DELETE' },
    });
    expect(left.statusCode).toBe(200);
  });

  it('cancels the upcoming showings telling each buyer, removes the booking pages and the data, nobody else’s', async () => {
    const db = h.t.database.db;
    const before = h.smtp.to('alice.buyer@buyers.test').length;
    const bBefore = (await db.select({ n: count() }).from(bookings).where(eq(bookings.agentId, b.id)))[0]!.n;
    const res = await h.t.request({
      method: 'DELETE',
      url: '/api/account',
      token: a.token,
      payload: { confirm: 'DELETE' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, cancelled: 1 });
    await h.smtp.waitFor(() => h.smtp.to('alice.buyer@buyers.test').length > before, 15_000);
    const notice = h.smtp.to('alice.buyer@buyers.test').at(-1)!;
    expect(notice.subject).toMatch(/^Cancelled/);
    expect(h.smtp.to('bob.buyer@buyers.test').filter((m) => m.subject.startsWith('Cancelled'))).toHaveLength(
      0,
    );

    expect(await db.select().from(users).where(eq(users.email, a.email))).toEqual([]);
    for (const table of [bookings, properties] as const) {
      expect((await db.select({ n: count() }).from(table).where(eq(table.agentId, a.id)))[0]!.n).toBe(0);
    }
    const page = await h.t.request({ method: 'GET', url: `/api/agents/id/${a.id}` });
    expect(page.statusCode).toBe(404);
    const props = await h.t.request({ method: 'GET', url: `/api/properties/public/${a.id}` });
    expect(props.statusCode).toBe(404);
    // The other agent keeps everything, and their session still works.
    expect((await db.select({ n: count() }).from(bookings).where(eq(bookings.agentId, b.id)))[0]!.n).toBe(
      bBefore,
    );
    expect(
      (await h.t.request({ method: 'GET', url: '/api/account/export', token: b.token })).statusCode,
    ).toBe(200);
    // The deleted account's session is over.
    expect(
      (await h.t.request({ method: 'GET', url: '/api/account/export', token: a.token })).statusCode,
    ).toBe(401);
  }, 60_000);

  it('DELETE /api/agents/{id} (the spec’s profile deletion) takes the same path: buyers told, the sign-in kept', async () => {
    const db = h.t.database.db;
    const c = await makeAgent(h.t);
    await makeProperty(h.t, c.id, { address: '3 Gamma Court' });
    await bookAt(h.t, c, hourAhead(2), { client_email: 'carol.buyer@buyers.test' });
    const other = await h.t.request({ method: 'DELETE', url: `/api/agents/${b.id}`, token: c.token });
    expect(other.statusCode).toBe(404);
    expect(await db.select().from(agents).where(eq(agents.id, b.id))).toHaveLength(1);
    const res = await h.t.request({ method: 'DELETE', url: `/api/agents/${c.id}`, token: c.token });
    expect(res.statusCode).toBe(200);
    await h.smtp.waitFor(
      () => h.smtp.to('carol.buyer@buyers.test').some((m) => m.subject.startsWith('Cancelled')),
      15_000,
    );
    expect(await db.select().from(agents).where(eq(agents.id, c.id))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.email, c.email))).toHaveLength(1);
    expect((await db.select({ n: count() }).from(properties).where(eq(properties.agentId, c.id)))[0]!.n).toBe(
      0,
    );
  }, 60_000);
});
