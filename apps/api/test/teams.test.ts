// Teams (issue 15): the plan gate, invitations through the queue and the outbox, the roles × actions matrix
// (owner, admin, member, an agent of another team, an agent in no team, anonymous), the seats with
// `set-seats`, the last-owner rule and GET /api/agents with roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createMailer } from '../src/adapters/mail';
import { databaseOutbox } from '../src/adapters/outbox';
import { setSeatsCommand } from '../src/cli/set-seats';
import { messageCopies, notificationMessages } from '../src/db/schema';
import { runTeamInvitationJob } from '../src/modules/teams/invitation-mail';
import type { TeamInvitationJobData } from '../src/modules/teams/service';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, type TestAgent, teamTables } from './fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://keyturn.test' } });
});
afterAll(async () => {
  await t?.close();
});

const enterprise = () => makeAgent(t, { plan: 'enterprise', availability: null });
const basic = () => makeAgent(t, { availability: null });

let slugN = 0;
async function createTeam(owner: TestAgent, name = 'Stone Realty') {
  slugN += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/team',
    token: owner.token,
    payload: { name, slug: `team-${slugN}-${Date.now().toString(36)}`, color: '#10B981' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { team: { id: string; slug: string } };
}

async function invite(by: TestAgent, email: string, role: 'admin' | 'member' = 'member') {
  return t.request({
    method: 'POST',
    url: '/api/team/invitations',
    token: by.token,
    payload: { email, role },
  });
}

async function join(by: TestAgent, who: TestAgent, role: 'admin' | 'member' = 'member') {
  const res = await invite(by, who.email, role);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  const accepted = await t.request({
    method: 'POST',
    url: `/api/team-invitations/${id}/accept`,
    token: who.token,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

async function overview(who: TestAgent) {
  const res = await t.request({ method: 'GET', url: '/api/team', token: who.token });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    role: string;
    members: { id: string; email: string; role: string }[];
    invitations: { id: string; email: string }[];
    seats: { used: number; included: number; extra: number; total: number; monthlyPriceUsd: number };
  };
}

describe('creating a team', () => {
  it('is refused below Enterprise (403 PLAN_UPGRADE_REQUIRED) and to anonymous callers (401), creating nothing', async () => {
    const before = await teamTables(t);
    const agent = await basic();
    const payload = { name: 'Basic Team', slug: 'basic-team' };
    const refused = await t.request({ method: 'POST', url: '/api/team', token: agent.token, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_UPGRADE_REQUIRED',
      error: 'Teams are part of the Enterprise plan. Upgrade to use them.',
    });
    expect((await t.request({ method: 'POST', url: '/api/team', payload })).statusCode).toBe(401);
    expect(await teamTables(t)).toBe(before);
    // Outside a team GET /api/team answers null, and the plugin's own endpoints are closed.
    expect((await t.request({ method: 'GET', url: '/api/team', token: agent.token })).json()).toEqual({
      success: true,
      data: null,
    });
    const plugin = await t.request({
      method: 'POST',
      url: '/api/auth/organization/create',
      token: agent.token,
      payload,
    });
    expect(plugin.statusCode).toBe(404);
    expect(await teamTables(t)).toBe(before);
  });

  it('makes an Enterprise agent its owner; a taken URL name and a second team are refused (409)', async () => {
    const owner = await enterprise();
    const { team } = await createTeam(owner);
    const view = await overview(owner);
    expect(view.role).toBe('owner');
    expect(view.members.map((m) => [m.email, m.role])).toEqual([[owner.email, 'owner']]);
    expect(view.seats).toMatchObject({ included: 5, extra: 0, total: 5, used: 1, monthlyPriceUsd: 99 });

    const other = await enterprise();
    const taken = await t.request({
      method: 'POST',
      url: '/api/team',
      token: other.token,
      payload: { name: 'Copy', slug: team.slug },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', fields: { slug: expect.any(String) } });
    const second = await t.request({
      method: 'POST',
      url: '/api/team',
      token: owner.token,
      payload: { name: 'Second', slug: `second-${Date.now().toString(36)}` },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('ALREADY_IN_TEAM');
    const bad = await t.request({
      method: 'POST',
      url: '/api/team',
      token: other.token,
      payload: { name: ' ', slug: 'Not A Slug', color: 'red' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields as object).sort()).toEqual(['color', 'name', 'slug']);
  });
});

describe('an invitation', () => {
  it('goes out through the notification queue as an e-mail with an accept link; only the invited address joins', async () => {
    const [owner, invitee, stranger] = await Promise.all([enterprise(), basic(), basic()]);
    await createTeam(owner, 'Queue Realty');
    const res = await invite(owner, invitee.email.toUpperCase(), 'admin');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as string;
    expect(id.length).toBeGreaterThanOrEqual(32);

    // The job was written in the invitation's transaction; a worker runs it (here: the handler itself).
    const jobs = await t.database.db.execute<{ data: TeamInvitationJobData }>(
      sql`select data from pgboss.job where name = 'notifications' and data->>'invitationId' = ${id}`,
    );
    expect(jobs.rows).toHaveLength(1);
    const mailer = createMailer({ smtpUrl: undefined, outbox: databaseOutbox(t.database.db) });
    const deps = {
      db: t.database.db,
      mailer,
      publicUrl: 'http://keyturn.test',
      mailFrom: 'Keyturn <no-reply@keyturn.test>',
      now: () => new Date(),
    };
    const attempt = { retryCount: 0, retryLimit: 3 };
    expect(await runTeamInvitationJob(deps, jobs.rows[0]!.data, attempt)).toEqual({ sent: 1 });
    // Run twice (a retried job): still one message.
    expect(await runTeamInvitationJob(deps, jobs.rows[0]!.data, attempt)).toEqual({ sent: 0 });
    const [record] = await t.database.db
      .select()
      .from(notificationMessages)
      .where(eq(notificationMessages.kind, 'team.invitation'));
    expect(record).toMatchObject({ status: 'sent', recipient: invitee.email.toLowerCase() });
    const [copy] = await t.database.db
      .select()
      .from(messageCopies)
      .where(eq(messageCopies.fileName, record!.fileName!));
    const eml = copy!.content.toString('utf8').replace(/=\r?\n/g, '');
    expect(eml).toContain('invited you to join Queue Realty on Keyturn');
    expect(eml).toContain(`http://keyturn.test/team-invitation/${id}`);

    // The accept page's preview needs no sign-in.
    const preview = await t.request({ method: 'GET', url: `/api/team-invitations/${id}` });
    expect(preview.json().data).toMatchObject({ teamName: 'Queue Realty', role: 'admin', status: 'pending' });

    const wrong = await t.request({
      method: 'POST',
      url: `/api/team-invitations/${id}/accept`,
      token: stranger.token,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('INVITATION_OTHER_EMAIL');
    expect((await t.request({ method: 'POST', url: `/api/team-invitations/${id}/accept` })).statusCode).toBe(
      401,
    );
    const ok = await t.request({
      method: 'POST',
      url: `/api/team-invitations/${id}/accept`,
      token: invitee.token,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await overview(invitee)).role).toBe('admin');
    const again = await t.request({
      method: 'POST',
      url: `/api/team-invitations/${id}/accept`,
      token: invitee.token,
    });
    expect(again.json().code).toBe('INVITATION_NOT_PENDING');
    // An accepted invitation sends nothing more.
    expect(await runTeamInvitationJob(deps, jobs.rows[0]!.data, attempt)).toMatchObject({ sent: 0 });
    // The inviter finds it in Sent messages; a failed invitation is sent again from the Team screen instead.
    await t.database.db
      .update(notificationMessages)
      .set({ status: 'failed' })
      .where(eq(notificationMessages.id, record!.id));
    const retry = await t.request({
      method: 'POST',
      url: `/api/agents/messages/${record!.id}/retry`,
      token: owner.token,
    });
    expect(retry.json()).toMatchObject({
      code: 'NOT_RETRIABLE',
      error: expect.stringContaining('Settings → Team'),
    });
  });

  it('cannot be sent twice to one address nor to a member (409), and resend queues the e-mail again', async () => {
    const owner = await enterprise();
    await createTeam(owner);
    const first = await invite(owner, 'twice@example.com');
    expect(first.statusCode).toBe(201);
    expect((await invite(owner, 'Twice@Example.com')).json().code).toBe('ALREADY_INVITED');
    expect((await invite(owner, owner.email)).json().code).toBe('ALREADY_MEMBER');
    const id = first.json().data.id as string;
    const resent = await t.request({
      method: 'POST',
      url: `/api/team/invitations/${id}/resend`,
      token: owner.token,
    });
    expect(resent.statusCode).toBe(200);
    const jobs = await t.database.db.execute(
      sql`select id from pgboss.job where name = 'notifications' and data->>'invitationId' = ${id}`,
    );
    expect(jobs.rows).toHaveLength(2);
  });
});

describe('roles × actions', () => {
  let owner: TestAgent;
  let admin: TestAgent;
  let member: TestAgent;
  let otherOwner: TestAgent;
  let loner: TestAgent;
  let ids: { owner: string; admin: string; member: string; invitation: string };

  beforeAll(async () => {
    [owner, admin, member, otherOwner, loner] = await Promise.all([
      enterprise(),
      basic(),
      basic(),
      enterprise(),
      enterprise(),
    ]);
    await createTeam(owner, 'Matrix Realty');
    await join(owner, admin, 'admin');
    await join(owner, member);
    await createTeam(otherOwner, 'Other Realty');
    const inv = await invite(owner, 'pending@example.com');
    const view = await overview(owner);
    const idOf = (email: string) => view.members.find((m) => m.email === email)!.id;
    ids = {
      owner: idOf(owner.email),
      admin: idOf(admin.email),
      member: idOf(member.email),
      invitation: inv.json().data.id as string,
    };
  });

  type Actor = 'admin' | 'member' | 'otherTeam' | 'noTeam' | 'anonymous';
  const token = (a: Actor) =>
    ({
      admin: admin?.token,
      member: member?.token,
      otherTeam: otherOwner?.token,
      noTeam: loner?.token,
      anonymous: undefined,
    })[a];

  const actions = {
    invite: () => ({
      method: 'POST' as const,
      url: '/api/team/invitations',
      payload: { email: 'new@example.com' },
    }),
    editTeam: () => ({
      method: 'PUT' as const,
      url: '/api/team',
      payload: { name: 'Renamed', slug: 'renamed-team' },
    }),
    resend: () => ({ method: 'POST' as const, url: `/api/team/invitations/${ids.invitation}/resend` }),
    revoke: () => ({ method: 'DELETE' as const, url: `/api/team/invitations/${ids.invitation}` }),
    promoteMember: () => ({
      method: 'PUT' as const,
      url: `/api/team/members/${ids.member}/role`,
      payload: { role: 'admin' },
    }),
    makeOwner: () => ({
      method: 'PUT' as const,
      url: `/api/team/members/${ids.member}/role`,
      payload: { role: 'owner' },
    }),
    demoteOwner: () => ({
      method: 'PUT' as const,
      url: `/api/team/members/${ids.owner}/role`,
      payload: { role: 'member' },
    }),
    removeMember: () => ({ method: 'DELETE' as const, url: `/api/team/members/${ids.member}` }),
    removeOwner: () => ({ method: 'DELETE' as const, url: `/api/team/members/${ids.owner}` }),
  };
  type Action = keyof typeof actions;

  // Refusals: [actor, action, status, code]. The other team's owner acts on their own team for the calls
  // without an id (nothing of this team changes) and gets 404 for this team's members and invitations.
  const refusals: [Actor, Action, number, string][] = [
    ['admin', 'makeOwner', 403, 'TEAM_OWNER_REQUIRED'],
    ['admin', 'demoteOwner', 403, 'TEAM_OWNER_REQUIRED'],
    ['admin', 'removeOwner', 403, 'TEAM_OWNER_REQUIRED'],
    ...(['invite', 'editTeam', 'resend', 'revoke'] as Action[]).map((a): [Actor, Action, number, string] => [
      'member',
      a,
      403,
      'TEAM_ROLE_REQUIRED',
    ]),
    ...(['promoteMember', 'makeOwner', 'demoteOwner', 'removeMember', 'removeOwner'] as Action[]).map(
      (a): [Actor, Action, number, string] => ['member', a, 403, 'TEAM_ROLE_REQUIRED'],
    ),
    ['otherTeam', 'resend', 404, 'INVITATION_NOT_FOUND'],
    ['otherTeam', 'revoke', 404, 'INVITATION_NOT_FOUND'],
    ['otherTeam', 'promoteMember', 404, 'MEMBER_NOT_FOUND'],
    ['otherTeam', 'demoteOwner', 404, 'MEMBER_NOT_FOUND'],
    ['otherTeam', 'removeMember', 404, 'MEMBER_NOT_FOUND'],
    ...(Object.keys(actions) as Action[]).map((a): [Actor, Action, number, string] => [
      'noTeam',
      a,
      404,
      'TEAM_NOT_FOUND',
    ]),
    ...(Object.keys(actions) as Action[]).map((a): [Actor, Action, number, string] => [
      'anonymous',
      a,
      401,
      'UNAUTHENTICATED',
    ]),
  ];

  it.each(refusals)(
    '%s → %s is refused with %i %s and changes nothing',
    async (actor, action, status, code) => {
      const before = await teamTables(t);
      const res = await t.request({ ...actions[action](), token: token(actor) });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
      expect(await teamTables(t)).toBe(before);
    },
  );

  it('owners and admins invite, resend, revoke, change roles and remove members', async () => {
    for (const by of [owner, admin]) {
      const res = await invite(by, `by-${by.username}@example.com`);
      expect(res.statusCode).toBe(201);
      const id = res.json().data.id as string;
      const resend = { method: 'POST' as const, url: `/api/team/invitations/${id}/resend`, token: by.token };
      expect((await t.request(resend)).statusCode).toBe(200);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/team/invitations/${id}`, token: by.token }))
          .statusCode,
      ).toBe(200);
      expect((await overview(owner)).invitations.map((i) => i.id)).not.toContain(id);
      // A revoked link no longer joins.
      const preview = await t.request({ method: 'GET', url: `/api/team-invitations/${id}` });
      expect(preview.json().data.status).toBe('canceled');

      const promote = await t.request({ ...actions.promoteMember(), token: by.token });
      expect(promote.statusCode).toBe(200);
      expect((await overview(owner)).members.find((m) => m.id === ids.member)!.role).toBe('admin');
      await t.request({
        method: 'PUT',
        url: `/api/team/members/${ids.member}/role`,
        payload: { role: 'member' },
        token: by.token,
      });
    }
    const renamed = await t.request({
      method: 'PUT',
      url: '/api/team',
      token: admin.token,
      payload: { name: 'Matrix Realty Group', slug: `matrix-${Date.now().toString(36)}`, color: '#111827' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.team).toMatchObject({ name: 'Matrix Realty Group', color: '#111827' });

    // Members see the team but not its invitations.
    const asMember = await overview(member);
    expect(asMember.role).toBe('member');
    expect(asMember.invitations).toEqual([]);

    const removed = await t.request({ ...actions.removeMember(), token: admin.token });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/team', token: member.token })).json().data,
    ).toBeNull();
  });
});

describe('seats', () => {
  it('refuse the 6th member at 5 seats with a clear message; set-seats adds one and one invitation of two racing goes through', async () => {
    const owner = await enterprise();
    const { team } = await createTeam(owner, 'Seat Realty');
    const people = await Promise.all([basic(), basic()]);
    for (const p of people) await join(owner, p);
    // 3 members + 2 pending invitations = 5 seats used.
    for (const email of ['p1@example.com', 'p2@example.com']) {
      expect((await invite(owner, email)).statusCode).toBe(201);
    }
    expect((await overview(owner)).seats).toMatchObject({ used: 5, total: 5 });

    const before = await teamTables(t);
    const sixth = await invite(owner, 'p3@example.com');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({
      code: 'SEAT_LIMIT_REACHED',
      error:
        'All 5 seats of your team are taken (5 included + 0 extra). Remove a member or revoke an invitation, or add seats, to invite someone else.',
    });
    expect(await teamTables(t)).toBe(before);

    expect(await setSeatsCommand(t.database.db, team.slug, 'many')).toMatchObject({ code: 2 });
    expect(await setSeatsCommand(t.database.db, 'no-such-team', '1')).toMatchObject({ code: 1 });
    const set = await setSeatsCommand(t.database.db, team.slug, '1');
    expect(set.code).toBe(0);
    expect(set.message).toContain('6 seats: 5 included + 1 extra');

    // Two invitations for the one new seat at once: the team row's lock lets exactly one through.
    const race = await Promise.all([invite(owner, 'p3@example.com'), invite(owner, 'p4@example.com')]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(race.find((r) => r.statusCode === 409)!.json().code).toBe('SEAT_LIMIT_REACHED');
    // The subscription page's figures: +$15 per extra user on the plan's $99.
    expect((await overview(owner)).seats).toMatchObject({
      used: 6,
      included: 5,
      extra: 1,
      total: 6,
      monthlyPriceUsd: 114,
    });
  });
});

describe('the last owner', () => {
  it('cannot leave, be removed or step down; after another owner is made they can, and members leave freely', async () => {
    const [owner, second, member] = await Promise.all([enterprise(), basic(), basic()]);
    await createTeam(owner);
    await join(owner, second, 'admin');
    await join(owner, member);

    const before = await teamTables(t);
    const leave = await t.request({ method: 'POST', url: '/api/team/leave', token: owner.token });
    expect(leave.statusCode).toBe(409);
    expect(leave.json().code).toBe('LAST_OWNER');
    const ownerId = (await overview(owner)).members.find((m) => m.email === owner.email)!.id;
    const stepDown = await t.request({
      method: 'PUT',
      url: `/api/team/members/${ownerId}/role`,
      token: owner.token,
      payload: { role: 'admin' },
    });
    expect(stepDown.json().code).toBe('LAST_OWNER');
    expect(await teamTables(t)).toBe(before);

    expect(
      (await t.request({ method: 'POST', url: '/api/team/leave', token: member.token })).statusCode,
    ).toBe(200);
    const secondId = (await overview(owner)).members.find((m) => m.email === second.email)!.id;
    await t.request({
      method: 'PUT',
      url: `/api/team/members/${secondId}/role`,
      token: owner.token,
      payload: { role: 'owner' },
    });
    expect((await t.request({ method: 'POST', url: '/api/team/leave', token: owner.token })).statusCode).toBe(
      200,
    );
    const now = await overview(second);
    expect(now.members.map((m) => [m.email, m.role])).toEqual([[second.email, 'owner']]);
    // The team still runs on Enterprise only while an owner is on it: the new owner is on Basic.
    expect((await invite(second, 'later@example.com')).json().code).toBe('PLAN_UPGRADE_REQUIRED');
  });
});

describe('GET /api/agents', () => {
  it("lists the caller's team with each member's role, and the caller alone (role null) outside a team", async () => {
    const [owner, member, alone] = await Promise.all([enterprise(), basic(), basic()]);
    await createTeam(owner);
    await join(owner, member);
    const res = await t.request({ method: 'GET', url: '/api/agents', token: member.token });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: string; email: string; role: string | null }[];
    expect(list.map((a) => [a.id, a.role])).toEqual([
      [owner.id, 'owner'],
      [member.id, 'member'],
    ]);
    const solo = (await t.request({ method: 'GET', url: '/api/agents', token: alone.token })).json().data;
    expect(solo).toMatchObject([{ id: alone.id, role: null }]);
  });
});

describe('GET /api/team/bookings', () => {
  it("owners and admins see every member's bookings or one member's; members 403, outsiders 404", async () => {
    const [owner, member, outsider] = await Promise.all([enterprise(), basic(), enterprise()]);
    await createTeam(owner);
    await join(owner, member);
    for (const [agent, date] of [
      [owner, '2030-01-08'],
      [member, '2030-01-09'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/bookings',
        token: agent.token,
        payload: bookingPayload(agent.id, { booking_date: date, client_email: `buyer.${date}@example.com` }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const all = await t.request({ method: 'GET', url: '/api/team/bookings', token: owner.token });
    expect(all.statusCode).toBe(200);
    expect(
      (all.json().data as { agent_id: string; booking_date: string }[]).map((b) => [
        b.agent_id,
        b.booking_date,
      ]),
    ).toEqual([
      [member.id, '2030-01-09'],
      [owner.id, '2030-01-08'],
    ]);
    const one = await t.request({
      method: 'GET',
      url: `/api/team/bookings?member=${member.id}`,
      token: owner.token,
    });
    expect((one.json().data as { client_email: string }[]).map((b) => b.client_email)).toEqual([
      'buyer.2030-01-09@example.com',
    ]);
    const notOurs = await t.request({
      method: 'GET',
      url: `/api/team/bookings?member=${outsider.id}`,
      token: owner.token,
    });
    expect(notOurs.statusCode).toBe(404);
    const asMember = await t.request({ method: 'GET', url: '/api/team/bookings', token: member.token });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().code).toBe('TEAM_ROLE_REQUIRED');
    const asOutsider = await t.request({ method: 'GET', url: '/api/team/bookings', token: outsider.token });
    expect(asOutsider.json().code).toBe('TEAM_NOT_FOUND');
    expect((await t.request({ method: 'GET', url: '/api/team/bookings' })).statusCode).toBe(401);
  });
});
