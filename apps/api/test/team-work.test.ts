// Working as a team (issue 15, decision 026): team properties (assigned, reassignable, limits counted per
// team), reassigning a booking to another member (the buyer told over SMTP on 127.0.0.1, a clash → 409 with
// nothing changed), removing a member with future bookings (a choice required; reassign or cancel with the
// buyers' messages), and the roles × actions matrix of these actions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { createMailer } from '../src/adapters/mail';
import { databaseOutbox } from '../src/adapters/outbox';
import { createSmsSender } from '../src/adapters/sms';
import { bookings, members, notificationJobs, properties } from '../src/db/schema';
import { runNotificationJob } from '../src/modules/notifications/handler';
import type { NotificationJobData } from '../src/modules/core/notifications/catalogue';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, type TestAgent } from './fixtures';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';
import { makeTeam } from './support/teams';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestApp({ env: { PUBLIC_URL: 'http://keyturn.test' } }),
    startSmtpServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), smtp?.close()]);
});

const enterprise = () => makeAgent(t, { plan: 'enterprise', availability: null });
const basic = () => makeAgent(t, { availability: null });

let n = 0;
async function teamOf(owner: TestAgent, ...joiners: [TestAgent, 'admin' | 'member'][]) {
  await makeTeam(t, owner, joiners, `Team ${++n}`);
  const view = await t.request({ method: 'GET', url: '/api/team', token: owner.token });
  return view.json().data as { members: { id: string; agentId: string; futureBookings: number | null }[] };
}

/** A booking the agent records (confirmed, in the future), at the given wall time in their zone. */
async function booked(agent: TestAgent, date: string, time = '10:00', email = `buyer.${++n}@buyers.test`) {
  const res = await t.request({
    method: 'POST',
    url: '/api/bookings',
    token: agent.token,
    payload: bookingPayload(agent.id, { booking_date: date, booking_time: time, client_email: email }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as string, email };
}

const reassign = (bookingId: string, memberId: string, token?: string) =>
  t.request({
    method: 'POST',
    url: `/api/team/bookings/${bookingId}/reassign`,
    ...(token ? { token } : {}),
    payload: { member_id: memberId },
  });

/** The rows these tests change: a refusal must leave them as they were. */
async function rows(agentIds: string[]) {
  const db = t.database.db;
  return JSON.stringify({
    bookings: await db
      .select({ id: bookings.id, agentId: bookings.agentId, status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.agentId, agentIds))
      .orderBy(asc(bookings.id)),
    properties: await db
      .select({ id: properties.id, agentId: properties.agentId, teamId: properties.teamId })
      .from(properties)
      .where(inArray(properties.agentId, agentIds))
      .orderBy(asc(properties.id)),
    members: await db.select().from(members).orderBy(asc(members.id)),
  });
}

async function runJobs(bookingId: string, event: string) {
  const jobs = await t.database.db
    .select()
    .from(notificationJobs)
    .where(eq(notificationJobs.bookingId, bookingId));
  const outbox = databaseOutbox(t.database.db);
  const deps = {
    db: t.database.db,
    mailer: createMailer({ smtpUrl: smtp.url, outbox }),
    sms: createSmsSender({
      providerUrl: 'http://127.0.0.1:9',
      accountSid: undefined,
      authToken: undefined,
      from: undefined,
      outbox,
      outbound: { allowPrivateHosts: false },
    }),
    publicUrl: 'http://keyturn.test',
    mailFrom: 'Keyturn <no-reply@keyturn.test>',
    smsDefaultCountry: 'US',
    now: () => new Date(),
  };
  const due = jobs.filter((j) => j.event === event);
  for (const job of due) {
    await runNotificationJob(deps, job.data as NotificationJobData, { retryCount: 0, retryLimit: 3 });
  }
  return due.length;
}

describe('reassigning a booking (POST /api/team/bookings/{id}/reassign)', () => {
  it('roles × actions: owner and admin reassign; member 403, other team 404, anonymous 401 — nothing changed on refusal', async () => {
    const [owner, admin, member, outsider] = await Promise.all([
      enterprise(),
      basic(),
      basic(),
      enterprise(),
    ]);
    await teamOf(owner, [admin, 'admin'], [member, 'member']);
    await teamOf(outsider);
    const one = await booked(member, '2031-03-03');
    const theirs = await booked(outsider, '2031-03-03');
    const ids = [owner.id, admin.id, member.id, outsider.id];
    const before = await rows(ids);

    const asMember = await reassign(one.id, owner.id, member.token);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('TEAM_ROLE_REQUIRED');
    const asOutsider = await reassign(one.id, outsider.id, outsider.token);
    expect(asOutsider.statusCode).toBe(404);
    expect((await reassign(one.id, owner.id)).statusCode).toBe(401);
    // Another team's booking, and another team's agent as the target: 404.
    expect((await reassign(theirs.id, admin.id, owner.token)).statusCode).toBe(404);
    const toOutsider = await reassign(one.id, outsider.id, owner.token);
    expect(toOutsider.statusCode).toBe(404);
    expect(toOutsider.json()).toMatchObject({
      code: 'MEMBER_NOT_FOUND',
      fields: { member_id: expect.any(String) },
    });
    // Bad input: 400 with fields.
    const bad = await reassign(one.id, 'nobody', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('member_id');
    expect(await rows(ids)).toBe(before);

    const byAdmin = await reassign(one.id, owner.id, admin.token);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ id: one.id, agent_id: owner.id, booking_time: '10:00' });
    const byOwner = await reassign(one.id, admin.id, owner.token);
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json().data.agent_id).toBe(admin.id);
  });

  it('moves the booking to the new member and tells the buyer by e-mail (SMTP on 127.0.0.1)', async () => {
    const [owner, member] = await Promise.all([enterprise(), basic()]);
    await teamOf(owner, [member, 'member']);
    const one = await booked(member, '2031-04-07', '14:30');
    const res = await reassign(one.id, owner.id, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    // The same booking (same id and manage link), now the owner's; the member's list no longer has it.
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, one.id));
    expect(row).toMatchObject({ agentId: owner.id, status: 'confirmed' });
    const mine = await t.request({ method: 'GET', url: '/api/bookings', token: member.token });
    expect((mine.json().data as { id: string }[]).map((b) => b.id)).not.toContain(one.id);

    expect(await runJobs(one.id, 'booking_reassigned')).toBe(1);
    await smtp.waitFor(() => smtp.to(one.email).length === 1);
    const [mail] = smtp.to(one.email);
    expect(mail!.subject).toMatch(
      new RegExp(`^Now with ${nameOf(owner)}: consultation with ${nameOf(owner)} on `),
    );
    expect(mail!.subject).toContain('2:30');
    const text = mail!.parsed.text ?? '';
    expect(text).toContain(`is now with ${nameOf(owner)} instead of ${nameOf(member)}`);
    expect(text).toContain('The time is unchanged.');
    expect(text).toMatch(/\/booking\/manage\?token=/);
  });

  it('into a clash with the new member’s bookings → 409 REASSIGN_CONFLICT, nothing changed, no message queued', async () => {
    const [owner, member] = await Promise.all([enterprise(), basic()]);
    await teamOf(owner, [member, 'member']);
    await booked(owner, '2031-05-05', '10:00');
    const one = await booked(member, '2031-05-05', '10:00');
    const before = await rows([owner.id, member.id]);
    const res = await reassign(one.id, owner.id, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'REASSIGN_CONFLICT',
      fields: { [one.id]: expect.stringContaining('2031-05-05 10:00') },
    });
    expect(await rows([owner.id, member.id])).toBe(before);
    expect(await runJobs(one.id, 'booking_reassigned')).toBe(0);
    // A cancelled booking cannot be reassigned (409), and stays with its agent.
    const cancelled = await t.request({
      method: 'PUT',
      url: `/api/bookings/${one.id}`,
      token: member.token,
      payload: { action: 'cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const late = await reassign(one.id, owner.id, owner.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ILLEGAL_TRANSITION');
  });
});

/** makeAgent names agent k "Jamie Agent{k}" and gives them the username jamie-agent-{k}-…. */
function nameOf(agent: TestAgent): string {
  return `Jamie Agent${agent.username.split('-')[2]}`;
}

describe('removing a member with future bookings (DELETE /api/team/members/{id})', () => {
  const remove = (memberRowId: string, token: string, query = '') =>
    t.request({ method: 'DELETE', url: `/api/team/members/${memberRowId}${query}`, token });

  it('is refused without a choice (409 HANDOVER_REQUIRED, nothing changed); the team overview counts them', async () => {
    const [owner, member] = await Promise.all([enterprise(), basic()]);
    const team = await teamOf(owner, [member, 'member']);
    await booked(member, '2031-06-02');
    await booked(member, '2031-06-03');
    const row = team.members.find((m) => m.agentId === member.id)!;
    const view = await t.request({ method: 'GET', url: '/api/team', token: owner.token });
    expect(
      view.json().data.members.find((m: { agentId: string }) => m.agentId === member.id).futureBookings,
    ).toBe(2);
    const before = await rows([owner.id, member.id]);
    const res = await remove(row.id, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('HANDOVER_REQUIRED');
    expect((await remove(row.id, owner.token, '?bookings=reassign')).json().code).toBe('HANDOVER_REQUIRED');
    expect((await remove(row.id, owner.token, '?bookings=later')).statusCode).toBe(400);
    // Leaving on one's own with future bookings is refused too: an owner or admin removes them.
    const leave = await t.request({ method: 'POST', url: '/api/team/leave', token: member.token });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().code).toBe('HANDOVER_REQUIRED');
    expect(await rows([owner.id, member.id])).toBe(before);
  });

  it('reassigns every future booking to the chosen member, telling each buyer; one clash refuses it all', async () => {
    const [owner, admin, member] = await Promise.all([enterprise(), basic(), basic()]);
    const team = await teamOf(owner, [admin, 'admin'], [member, 'member']);
    const a = await booked(member, '2031-07-01', '09:00');
    const b = await booked(member, '2031-07-02', '11:00');
    const property = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: member.token,
      payload: propertyPayload(),
    });
    expect(property.statusCode, property.body).toBe(201);
    await booked(admin, '2031-07-02', '11:00');
    const row = team.members.find((m) => m.agentId === member.id)!;
    const before = await rows([owner.id, admin.id, member.id]);
    const clash = await remove(row.id, owner.token, `?bookings=reassign&reassign_to=${admin.id}`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'REASSIGN_CONFLICT', fields: { [b.id]: expect.any(String) } });
    expect(Object.keys(clash.json().fields)).toEqual([b.id]);
    expect(await rows([owner.id, admin.id, member.id])).toBe(before);

    const ok = await remove(row.id, admin.token, `?bookings=reassign&reassign_to=${owner.id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    const moved = await t.database.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [a.id, b.id]));
    expect(moved.map((m) => [m.agentId, m.status])).toEqual([
      [owner.id, 'confirmed'],
      [owner.id, 'confirmed'],
    ]);
    // The team property assigned to the member went to the same member; the member is out of the team.
    const [prop] = await t.database.db
      .select()
      .from(properties)
      .where(eq(properties.id, property.json().data.id));
    expect(prop).toMatchObject({ agentId: owner.id, teamId: property.json().data.team_id });
    expect(
      (await t.request({ method: 'GET', url: '/api/team', token: member.token })).json().data,
    ).toBeNull();
    expect(await runJobs(a.id, 'booking_reassigned')).toBe(1);
    expect(await runJobs(b.id, 'booking_reassigned')).toBe(1);
    await smtp.waitFor(() => smtp.to(a.email).length === 1 && smtp.to(b.email).length === 1);
    expect(smtp.to(b.email)[0]!.subject).toMatch(new RegExp(`^Now with ${nameOf(owner)}`));
  });

  it('cancels every future booking with the normal cancellation notice to each buyer', async () => {
    const [owner, member] = await Promise.all([enterprise(), basic()]);
    const team = await teamOf(owner, [member, 'member']);
    const a = await booked(member, '2031-08-04', '09:00');
    const row = team.members.find((m) => m.agentId === member.id)!;
    const res = await remove(row.id, owner.token, '?bookings=cancel');
    expect(res.statusCode, res.body).toBe(200);
    const [cancelled] = await t.database.db.select().from(bookings).where(eq(bookings.id, a.id));
    expect(cancelled).toMatchObject({ agentId: member.id, status: 'cancelled' });
    expect(await runJobs(a.id, 'booking_cancelled')).toBe(1);
    await smtp.waitFor(() => smtp.to(a.email).length === 1);
    expect(smtp.to(a.email)[0]!.subject).toMatch(/^Cancelled: /);
  });
});

describe('team properties', () => {
  it('belong to the team when added in it; members read them, owners/admins edit and assign; others 404', async () => {
    const [owner, admin, member, outsider] = await Promise.all([
      enterprise(),
      basic(),
      basic(),
      enterprise(),
    ]);
    // A property from before joining stays the member's own.
    const before = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: member.token,
      payload: propertyPayload(),
    });
    expect(before.json().data.team_id).toBeNull();
    await teamOf(owner, [admin, 'admin'], [member, 'member']);
    const made = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: owner.token,
      payload: propertyPayload(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const teamProperty = made.json().data as { id: number; team_id: string; agent_id: string };
    expect(teamProperty.team_id).toEqual(expect.any(String));
    expect(teamProperty.agent_id).toBe(owner.id);

    const memberList = await t.request({ method: 'GET', url: '/api/properties', token: member.token });
    const seen = memberList.json().data as { id: number; can_edit: boolean; can_assign: boolean }[];
    expect(seen.map((p) => p.id).sort()).toEqual([before.json().data.id, teamProperty.id].sort());
    expect(seen.find((p) => p.id === teamProperty.id)).toMatchObject({ can_edit: false, can_assign: false });
    // The owner does not see the member's own property.
    const ownerList = await t.request({ method: 'GET', url: '/api/properties', token: owner.token });
    expect((ownerList.json().data as { id: number }[]).map((p) => p.id)).toEqual([teamProperty.id]);

    const snapshot = await rows([owner.id, admin.id, member.id, outsider.id]);
    const edit = (token: string) =>
      t.request({
        method: 'PUT',
        url: `/api/properties/${teamProperty.id}`,
        token,
        payload: propertyPayload({ price: 999000 }),
      });
    const assign = (token: string | undefined, agentId: string) =>
      t.request({
        method: 'PUT',
        url: `/api/properties/${teamProperty.id}/agent`,
        ...(token ? { token } : {}),
        payload: { agent_id: agentId },
      });
    expect((await edit(member.token)).statusCode).toBe(403);
    expect((await assign(member.token, member.id)).statusCode).toBe(403);
    expect((await edit(outsider.token)).statusCode).toBe(404);
    expect((await assign(outsider.token, outsider.id)).statusCode).toBe(404);
    expect((await assign(undefined, member.id)).statusCode).toBe(401);
    expect((await assign(owner.token, outsider.id)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/properties/${teamProperty.id}`, token: outsider.token }))
        .statusCode,
    ).toBe(404);
    expect(await rows([owner.id, admin.id, member.id, outsider.id])).toBe(snapshot);

    expect((await edit(admin.token)).json().data.price).toBe(999000);
    const assigned = await assign(admin.token, member.id);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data).toMatchObject({ agent_id: member.id, team_id: teamProperty.team_id });
    // Assigned to the member, the member edits it.
    expect((await edit(member.token)).statusCode).toBe(200);
  });

  it('limits count per team on Enterprise (unlimited) and per agent elsewhere', async () => {
    // A Basic member of an Enterprise team adds past Basic's 3 properties: the team's plan counts.
    const [owner, member, alone] = await Promise.all([enterprise(), basic(), basic()]);
    await teamOf(owner, [member, 'member']);
    for (let i = 0; i < 4; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/properties',
        token: member.token,
        payload: propertyPayload(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The usage figures count and limit the same way: the team's properties, the team's (unlimited) plan.
    const usage = await t.request({ method: 'GET', url: '/api/agents/usage-stats', token: member.token });
    expect(usage.json().data.properties).toEqual({ used: 4, limit: null });
    for (let i = 0; i < 3; i++) {
      await t.request({
        method: 'POST',
        url: '/api/properties',
        token: alone.token,
        payload: propertyPayload(),
      });
    }
    const fourth = await t.request({
      method: 'POST',
      url: '/api/properties',
      token: alone.token,
      payload: propertyPayload(),
    });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().code).toBe('PROPERTY_LIMIT_REACHED');

    // Bookings a month: Basic's 15 do not stop a member of an Enterprise team (the team's plan counts).
    const joined = await makeAgent(t, {});
    const team2Owner = await enterprise();
    await teamOf(team2Owner, [joined, 'member']);
    for (let i = 0; i < 15; i++) {
      const time = `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
      await booked(joined, '2031-01-20', time);
    }
    const sixteenth = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(joined.id, { booking_date: weekdayAhead(10), booking_time: '10:00' }),
    });
    expect(sixteenth.statusCode, sixteenth.body).toBe(201);
  });
});

/** A Monday-to-Friday date at least `days` ahead, inside the public booking window (60 days). */
function weekdayAhead(days: number): string {
  for (let d = days; ; d++) {
    const date = new Date(Date.now() + d * 86_400_000);
    if (date.getUTCDay() >= 1 && date.getUTCDay() <= 5) return date.toISOString().slice(0, 10);
  }
}

function propertyPayload(overrides: Record<string, unknown> = {}) {
  return {
    address: '12 Elm Street',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    price: 350000,
    bedrooms: 3,
    bathrooms: 2,
    property_type: 'Residential',
    images: [],
    is_public: true,
    ...overrides,
  };
}
