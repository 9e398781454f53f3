// Issue 29, teams' main path, on a real database with a fixed clock (Monday 2030-01-07, 10:00 in New York):
// an agent's existing listings moved into the team (at creation or later: bookings and history kept, only the
// agent's own listings, the team's plan required), a team property's map position for the team (scoped), the
// team consultation's place (office address or phone/video) on the public team page, and a consultation that
// refuses a property viewing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, bookings, members, properties } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';

const NOW = new Date('2030-01-07T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await t?.close();
});

type Req = { method: 'GET' | 'POST' | 'PUT'; url: string; token?: string; payload?: object };
const call = (r: Req) => t.request(r);
let n = 0;
const slug = () => `listings-${++n}-${Date.now().toString(36)}`;

async function join(teamId: string, agent: TestAgent, role: 'admin' | 'member' = 'member') {
  const [row] = await t.database.db
    .select({ userId: agents.userId })
    .from(agents)
    .where(eq(agents.id, agent.id));
  await t.database.db
    .insert(members)
    .values({ id: randomUUID(), organizationId: teamId, userId: row!.userId, role });
}

async function teamIdOf(owner: TestAgent): Promise<string> {
  const view = await call({ method: 'GET', url: '/api/team', token: owner.token });
  return view.json().data.team.id as string;
}

const teamIdsOf = async (ids: number[]) =>
  Promise.all(
    ids.map(async (id) => {
      const [row] = await t.database.db
        .select({ teamId: properties.teamId, agentId: properties.agentId })
        .from(properties)
        .where(eq(properties.id, id));
      return row;
    }),
  );

describe('moving an agent’s listings into the team', () => {
  it('at creation: the chosen listings become the team’s with their bookings; the others stay the agent’s', async () => {
    const owner = await makeAgent(t, { plan: 'enterprise' });
    const [kept, moved, later] = [
      await makeProperty(t, owner.id, { address: '1 Kept Lane', isPublic: true }),
      await makeProperty(t, owner.id, { address: '2 Moved Road', isPublic: true }),
      await makeProperty(t, owner.id, { address: '3 Later Street', isPublic: true }),
    ];
    const booked = await call({
      method: 'POST',
      url: '/api/bookings',
      token: owner.token,
      payload: bookingPayload(owner.id, { property_id: moved, booking_date: '2030-01-09' }),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().data.id as string;

    const teamSlug = slug();
    const created = await call({
      method: 'POST',
      url: '/api/team',
      token: owner.token,
      payload: { name: 'Moving Homes', slug: teamSlug, property_ids: [moved] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const teamId = created.json().data.team.id as string;
    expect(await teamIdsOf([kept, moved, later])).toEqual([
      { teamId: null, agentId: owner.id },
      { teamId, agentId: owner.id },
      { teamId: null, agentId: owner.id },
    ]);
    // The booking is untouched: same property, same agent; the team page now lists the moved listing.
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ propertyId: moved, agentId: owner.id });
    const page = await call({ method: 'GET', url: `/api/public/teams/${teamSlug}` });
    expect(page.json().data.properties.map((p: { id: number }) => p.id)).toEqual([moved]);

    // Later: the third listing, by its own owner.
    const later1 = await call({
      method: 'POST',
      url: '/api/team/properties',
      token: owner.token,
      payload: { property_ids: [later] },
    });
    expect(later1.statusCode, later1.body).toBe(200);
    expect(later1.json().data.moved).toEqual([later]);
    expect((await teamIdsOf([later]))[0]?.teamId).toBe(teamId);
  });

  it('moves only the caller’s own listings outside a team: all or none; not in a team 404; no Enterprise owner 403', async () => {
    const [owner, member, outsider] = await Promise.all([
      makeAgent(t, { plan: 'enterprise' }),
      makeAgent(t),
      makeAgent(t),
    ]);
    const created = await call({
      method: 'POST',
      url: '/api/team',
      token: owner.token,
      payload: { name: 'Strict Homes', slug: slug() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const teamId = created.json().data.team.id as string;
    await join(teamId, member);
    const mine = await makeProperty(t, member.id);
    const ownersOwn = await makeProperty(t, owner.id);
    const theirs = await makeProperty(t, outsider.id);
    const move = (token: string, ids: unknown) =>
      call({ method: 'POST', url: '/api/team/properties', token, payload: { property_ids: ids } });

    // Another agent's listing (the owner's own, an outsider's) in the list → 404, nothing moved.
    for (const ids of [
      [mine, ownersOwn],
      [mine, theirs],
    ]) {
      const refused = await move(member.token, ids);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({
        code: 'LISTING_NOT_FOUND',
        fields: { property_ids: expect.any(String) },
      });
    }
    expect((await teamIdsOf([mine, ownersOwn, theirs])).map((r) => r?.teamId)).toEqual([null, null, null]);
    expect((await move(member.token, [])).statusCode).toBe(400);
    expect((await move(member.token, ['x'])).statusCode).toBe(400);
    expect((await move(outsider.token, [theirs])).statusCode).toBe(404);
    expect(
      (await call({ method: 'POST', url: '/api/team/properties', payload: { property_ids: [mine] } }))
        .statusCode,
    ).toBe(401);

    // A member (Basic) moves their own listing into the Enterprise team.
    expect((await move(member.token, [mine])).statusCode).toBe(200);
    // Already the team's: not movable again.
    expect((await move(member.token, [mine])).statusCode).toBe(404);

    // The owner leaves Enterprise: the team takes no new listings.
    await t.database.db.update(agents).set({ plan: 'pro' }).where(eq(agents.id, owner.id));
    const gated = await move(owner.token, [ownersOwn]);
    expect(gated.statusCode).toBe(403);
    expect(gated.json().code).toBe('PLAN_UPGRADE_REQUIRED');
    expect((await teamIdsOf([ownersOwn]))[0]?.teamId).toBeNull();
  });

  it('a listing that is not the creator’s refuses the creation: no team is made', async () => {
    const [owner, other] = await Promise.all([makeAgent(t, { plan: 'enterprise' }), makeAgent(t)]);
    const theirs = await makeProperty(t, other.id);
    const teamSlug = slug();
    const refused = await call({
      method: 'POST',
      url: '/api/team',
      token: owner.token,
      payload: { name: 'No Homes', slug: teamSlug, property_ids: [theirs] },
    });
    expect(refused.statusCode).toBe(404);
    expect((await call({ method: 'GET', url: '/api/team', token: owner.token })).json().data).toBeNull();
  });
});

describe('a team property’s map position', () => {
  it('answers to the team (read by members, placed by who may edit it); another team’s agent 404', async () => {
    const [owner, member, outsider] = await Promise.all([
      makeAgent(t, { plan: 'enterprise' }),
      makeAgent(t),
      makeAgent(t, { plan: 'enterprise' }),
    ]);
    const made = await call({
      method: 'POST',
      url: '/api/team',
      token: owner.token,
      payload: { name: 'Mapped Homes', slug: slug() },
    });
    const teamId = made.json().data.team.id as string;
    await join(teamId, member);
    const property = await makeProperty(t, owner.id, { teamId, lat: 30.27, lng: -97.74 });
    const position = (token: string) =>
      call({ method: 'GET', url: `/api/properties/${property}/position`, token });
    const place = (token: string) =>
      call({
        method: 'PUT',
        url: `/api/properties/${property}/position`,
        token,
        payload: { lat: 30.3, lng: -97.7 },
      });

    const seen = await position(member.token);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ property_id: property, lat: 30.27, lng: -97.74 });
    expect((await position(outsider.token)).statusCode).toBe(404);
    // A member reads a property assigned to someone else but does not move its pin.
    expect((await place(member.token)).statusCode).toBe(403);
    expect((await place(outsider.token)).statusCode).toBe(404);
    // Assigned to the member, they place it; the owner (who edits every team property) too.
    await t.database.db.update(properties).set({ agentId: member.id }).where(eq(properties.id, property));
    expect((await place(member.token)).json().data).toMatchObject({ lat: 30.3, lng: -97.7 });
    expect((await position(owner.token)).json().data).toMatchObject({ lat: 30.3, lng: -97.7 });
  });
});

describe('the team consultation’s place', () => {
  it('is the office address or phone/video, chosen by the team, on the public page; an office needs its address', async () => {
    const owner = await makeAgent(t, { plan: 'enterprise' });
    const teamSlug = slug();
    const made = await call({
      method: 'POST',
      url: '/api/team',
      token: owner.token,
      payload: { name: 'Placed Homes', slug: teamSlug },
    });
    expect(made.json().data.team).toMatchObject({ consultation_place: 'remote', office_address: null });
    const page = () => call({ method: 'GET', url: `/api/public/teams/${teamSlug}` });
    expect((await page()).json().data.team.consultation).toEqual({
      place: 'remote',
      address: null,
      text: 'By phone or video',
    });

    const edit = (payload: object) =>
      call({
        method: 'PUT',
        url: '/api/team',
        token: owner.token,
        payload: { name: 'Placed Homes', slug: teamSlug, ...payload },
      });
    const noAddress = await edit({ consultation_place: 'office', office_address: '  ' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields).toHaveProperty('office_address');
    expect((await edit({ consultation_place: 'garden' })).statusCode).toBe(400);

    const office = await edit({
      consultation_place: 'office',
      office_address: '500 Congress Ave, Austin, TX',
    });
    expect(office.statusCode, office.body).toBe(200);
    expect((await page()).json().data.team.consultation).toEqual({
      place: 'office',
      address: '500 Congress Ave, Austin, TX',
      text: '500 Congress Ave, Austin, TX',
    });
    // Back to phone or video: the address is not kept to be shown by mistake.
    await edit({ consultation_place: 'remote', office_address: '500 Congress Ave, Austin, TX' });
    expect((await page()).json().data.team.consultation).toEqual({
      place: 'remote',
      address: null,
      text: 'By phone or video',
    });
  });

  it('a consultation is not a property viewing: 400 on the booking_purpose field, nothing booked', async () => {
    const owner = await makeAgent(t, { plan: 'enterprise' });
    const teamSlug = slug();
    await call({
      method: 'POST',
      url: '/api/team',
      token: owner.token,
      payload: { name: 'Purpose Homes', slug: teamSlug },
    });
    const {
      agent_id: _a,
      property_id: _p,
      ...body
    } = bookingPayload('x', { booking_purpose: 'property_viewing' });
    for (const purpose of ['property_viewing', 'open_house']) {
      const res = await call({
        method: 'POST',
        url: `/api/public/teams/${teamSlug}/booking`,
        payload: { ...body, booking_purpose: purpose },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('booking_purpose');
    }
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.agentId, owner.id));
    expect(rows).toEqual([]);
    expect(await teamIdOf(owner)).toEqual(expect.any(String));
  });
});
