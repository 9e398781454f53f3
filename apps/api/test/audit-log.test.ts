// Issue 46 "Audit log" (decision 092) on a real database: an entry for each kind of change with its actor, IP and
// before → after (secrets masked, a buyer's personal values never stored); the table refuses UPDATE, DELETE and
// TRUNCATE; the API answers 403 to Basic/Professional and to a team's member, shows an admin the team's entries,
// exports CSV and keeps to the 90-day window.
import pg from 'pg';
import { and, desc, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TEXTS } from '@keyturn/domain/audit';
import {
  agents,
  auditLog,
  billingAccounts,
  propertyShowingRules,
  sellerApprovalLinks,
  sellerApprovalRequests,
} from '../src/db/schema';
import { runWithAudit } from '../src/db/audit-context';
import { connect } from '../src/db/client';
import { writeTransaction } from '../src/db/transaction';
import { logRelease } from '../src/modules/access/service';
import { linkSignerOf } from '../src/modules/sellers/links';
import { recordOptChange } from '../src/modules/texts/consent';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import { ALL_DAY, DAY, HOUR, slotBetween } from './support/notify';

let t: TestApp;
let owner: TestAgent;
const IP = '203.0.113.7';

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAgent(t, { plan: 'enterprise', availability: ALL_DAY });
});
afterAll(async () => {
  await t.close();
});

const req = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) => t.request({ method, url, token, payload, remoteAddress: IP });

type Entry = typeof auditLog.$inferSelect;
const entriesOf = async (entityType: string, entityId?: string): Promise<Entry[]> =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), entityId ? eq(auditLog.entityId, entityId) : undefined))
    .orderBy(desc(auditLog.id));
const latest = async (entityType: string, entityId?: string) => (await entriesOf(entityType, entityId))[0]!;

async function bookAsBuyer(agent: TestAgent, property: number | null, email: string, dayOffset = 3) {
  const slot = slotBetween(
    new Date(Date.now() + dayOffset * DAY + 2 * HOUR),
    new Date(Date.now() + (dayOffset + 1) * DAY),
    agent.timeZone,
  );
  const res = await req(
    'POST',
    '/api/booking',
    undefined,
    bookingPayload(agent.id, {
      property_id: property,
      client_email: email,
      client_name: 'Casey Buyer',
      booking_date: slot.booking_date,
      booking_time: slot.booking_time,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking.id as string;
}

describe('entries for each kind of change', () => {
  it('a booking made by a buyer and changed by the agent: actor, IP, before → after; buyer values never kept', async () => {
    const id = await bookAsBuyer(owner, null, 'casey.audit@buyers.test');
    const created = await latest('bookings', id);
    expect(created).toMatchObject({
      action: 'created',
      actorKind: 'buyer',
      actorId: null,
      // A buyer's IP address is their personal data (a deletion must be able to erase it): never written.
      ip: null,
      agentId: owner.id,
    });
    expect(created.changes.client_name).toEqual({ before: null, after: { masked: 'personal' } });
    expect(created.changes.manage_token).toEqual({ before: null, after: '••••' });
    expect(created.changes.status).toEqual({ before: null, after: 'confirmed' });
    const res = await req('PUT', `/api/bookings/${id}`, owner.token, {
      action: 'cancel',
      reason: 'Called away',
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = await latest('bookings', id);
    expect(changed).toMatchObject({
      action: 'changed',
      actorKind: 'agent',
      actorId: owner.id,
      actorLabel: owner.email,
      ip: IP,
    });
    expect(changed.changes).toEqual({
      status: { before: 'confirmed', after: 'cancelled' },
      cancelled_by: { before: null, after: 'agent' },
      cancel_reason: { before: null, after: { masked: 'personal' } },
    });
    const all = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(all).not.toContain('casey.audit@buyers.test');
    expect(all).not.toContain('Casey Buyer');
    expect(all).not.toContain('646 555 0199');
    expect(all).not.toContain('+16465550199');
  });

  it('a property, its showing rules, availability and a setting: changed columns only, the agent as actor', async () => {
    const property = await makeProperty(t, owner.id);
    const put = await req('PUT', `/api/properties/${property}`, owner.token, {
      address: '14 Elm Street',
      city: 'Springfield',
      state: 'IL',
      zip_code: '62701',
      price: 360000,
      bedrooms: 3,
      bathrooms: 2,
      property_type: 'Residential',
    });
    expect(put.statusCode, put.body).toBe(200);
    const home = await latest('properties', String(property));
    expect(home).toMatchObject({
      action: 'changed',
      actorKind: 'agent',
      actorId: owner.id,
      ip: IP,
      agentId: owner.id,
    });
    // The listing's address is the agent's data, kept as it was and is.
    expect(home.changes.price).toEqual({ before: 350000, after: 360000 });
    expect(home.changes.address).toEqual({ before: '12 Elm Street', after: '14 Elm Street' });
    const rules = await req('PUT', `/api/properties/${property}/showing-rules`, owner.token, {
      maxPerDay: 3,
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const rule = await latest('property_showing_rules', String(property));
    expect(rule).toMatchObject({
      action: 'created',
      actorKind: 'agent',
      actorId: owner.id,
      ip: IP,
      agentId: owner.id,
    });
    expect(rule.changes.max_per_day).toEqual({ before: null, after: 3 });

    const availability = (await req('GET', '/api/availability', owner.token)).json().data;
    availability.minimum_notice_minutes = 120;
    const saved = await req('PUT', '/api/availability', owner.token, availability);
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await latest('availability_settings', owner.id);
    expect(settings).toMatchObject({ action: 'changed', actorKind: 'agent', ip: IP });
    expect(settings.changes.minimum_notice_minutes).toEqual({ before: 0, after: 120 });

    const notifications = (await req('GET', '/api/agents/notifications', owner.token)).json();
    const data = notifications.data ?? notifications;
    const flipped = { ...data, email_confirmations: !data.email_confirmations };
    const put2 = await req('PUT', '/api/agents/notifications', owner.token, flipped);
    expect(put2.statusCode, put2.body).toBe(200);
    const setting = await latest('agent_settings', `${owner.id}:notifications`);
    expect(setting).toMatchObject({ actorKind: 'agent', actorId: owner.id, ip: IP });
  });

  it('an update of bookkeeping columns only writes nothing', async () => {
    const before = (await entriesOf('agents', owner.id)).length;
    await t.database.db.update(agents).set({ updatedAt: new Date() }).where(eq(agents.id, owner.id));
    expect((await entriesOf('agents', owner.id)).length).toBe(before);
  });

  it('a plan change by a job (no request): the system as actor, before → after', async () => {
    await t.database.db.update(agents).set({ plan: 'pro' }).where(eq(agents.id, owner.id));
    await t.database.db.update(agents).set({ plan: 'enterprise' }).where(eq(agents.id, owner.id));
    const entry = await latest('agents', owner.id);
    expect(entry).toMatchObject({ actorKind: 'system', actorId: null, ip: null });
    expect(entry.changes).toEqual({ plan: { before: 'pro', after: 'enterprise' } });
    await t.database.db
      .insert(billingAccounts)
      .values({ agentId: owner.id, customerId: `cus_${owner.id}`, plan: 'enterprise', status: 'active' });
    const billing = await latest('billing_accounts', owner.id);
    expect(billing.changes.customer_id).toEqual({
      before: null,
      after: `cus_${owner.id}`,
    });
    expect(billing.changes.plan).toEqual({ before: null, after: 'enterprise' });
  });
});

describe('account events', () => {
  it('sign-in, a failed sign-in, password change and sign-out, with the IP', async () => {
    const password = 'correct-horse-battery-staple-9';
    const agent = await makeAgent(t, { plan: 'enterprise', password });
    const wrong = await req('POST', '/api/auth/sign-in/email', undefined, {
      email: agent.email,
      password: 'nope-nope-nope-1',
    });
    expect(wrong.statusCode).toBe(401);
    const signIn = await req('POST', '/api/auth/sign-in/email', undefined, { email: agent.email, password });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.headers['set-auth-token'] as string;
    const change = await req('POST', '/api/auth/change-password', token, {
      currentPassword: password,
      newPassword: 'another-long-passphrase-42',
    });
    expect(change.statusCode, change.body).toBe(200);
    const newToken = (change.headers['set-auth-token'] as string | undefined) ?? token;
    const out = await req('POST', '/api/auth/sign-out', newToken, {});
    expect(out.statusCode, out.body).toBe(200);
    const events = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'account'), eq(auditLog.agentId, agent.id)))
        .orderBy(auditLog.id)
    ).map((e) => [e.action, e.actorKind, e.actorId, e.ip]);
    expect(events).toEqual([
      ['sign_in_failed', 'agent', agent.id, IP],
      ['signed_in', 'agent', agent.id, IP],
      ['password_changed', 'agent', agent.id, IP],
      ['signed_out', 'agent', agent.id, IP],
    ]);
  });
});

describe('account events with two-factor', () => {
  it('turning it on is no sign-in; the password step is none either; the code step is one', async () => {
    const password = 'correct-horse-battery-staple-9';
    const agent = await makeAgent(t, { plan: 'enterprise', password });
    const enabled = await req('POST', '/api/auth/two-factor/enable', agent.token, { password });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const secret = new URL(enabled.json().totpURI as string).searchParams.get('secret')!;
    const confirmed = await req('POST', '/api/auth/two-factor/verify-totp', agent.token, {
      code: await generate({ secret }),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const step = await req('POST', '/api/auth/sign-in/email', undefined, { email: agent.email, password });
    expect(step.json()).toMatchObject({ twoFactorRedirect: true });
    const cookie = [step.headers['set-cookie']]
      .flat()
      .filter(Boolean)
      .map((c) => String(c).split(';')[0]!)
      .find((c) => c.includes('two_factor'))!;
    const signIns = async () =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.agentId, agent.id), eq(auditLog.action, 'signed_in')))
      ).length;
    expect(await signIns()).toBe(0);
    const code = await t.request({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: { cookie },
      payload: { code: await generate({ secret }) },
      remoteAddress: IP,
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(await signIns()).toBe(1);
    expect(await latest('account', undefined)).toMatchObject({
      action: 'signed_in',
      agentId: agent.id,
      ip: IP,
    });
  });
});

describe('append-only', () => {
  it('UPDATE, DELETE and TRUNCATE of audit_log are refused by the database', async () => {
    const db = t.database.db;
    const refused = async (statement: ReturnType<typeof sql>) => {
      const err = await db.execute(statement).then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string; message?: string } },
      );
      return [err?.cause?.code, err?.cause?.message];
    };
    const expected = ['KTA01', 'audit_log is append-only'];
    expect(await refused(sql`update audit_log set ip = 'x'`)).toEqual(expected);
    expect(await refused(sql`delete from audit_log`)).toEqual(expected);
    expect(await refused(sql`truncate audit_log`)).toEqual(expected);
    expect((await db.select().from(auditLog)).length).toBeGreaterThan(0);
  });
});

describe('the listing side, consents and Server settings', () => {
  it('access details (sealed: masked) and a release (recipient: not kept)', async () => {
    const property = await makeProperty(t, owner.id);
    const put = await req('PUT', `/api/properties/${property}/access`, owner.token, {
      lockboxCode: 'LOCKBOX-4729',
      alarm: null,
      parking: null,
      pets: null,
      entryNotes: null,
      releaseMinutes: 60,
    });
    expect(put.statusCode, put.body).toBe(200);
    const access = await latest('property_access', String(property));
    expect(access).toMatchObject({ action: 'created', actorKind: 'agent', ip: IP, agentId: owner.id });
    expect(access.changes.sealed).toEqual({ before: null, after: '••••' });
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain('LOCKBOX-4729');

    const booking = await bookAsBuyer(owner, property, 'release.buyer@buyers.test', 4);
    await logRelease(t.database.db, {
      bookingId: booking,
      recipient: 'release.buyer@buyers.test',
      role: 'buyer',
      channel: 'email',
      version: 1,
      at: new Date(),
    });
    const release = await latest('access_releases');
    expect(release).toMatchObject({ action: 'created', actorKind: 'system', agentId: owner.id });
    expect(release.changes.recipient).toEqual({ before: null, after: { masked: 'personal' } });
    expect(release.changes.channel).toEqual({ before: null, after: 'email' });
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain(
      'release.buyer@buyers.test',
    );
  });

  it('a seller approves on their page: the seller as actor, with the IP', async () => {
    const property = await makeProperty(t, owner.id);
    const contact = await req('POST', `/api/properties/${property}/contacts`, owner.token, {
      name: 'Pat Seller',
      email: 'pat@sellers.test',
      phone: null,
      role: 'seller',
      gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
      channel: 'email',
    });
    expect(contact.statusCode, contact.body).toBe(201);
    await t.database.db
      .insert(propertyShowingRules)
      .values({ propertyId: property, approval: 'seller' })
      .onConflictDoUpdate({
        target: propertyShowingRules.propertyId,
        set: { approval: 'seller' },
      });
    const booking = await bookAsBuyer(owner, property, 'approval.buyer@buyers.test', 5);
    const [request] = await t.database.db
      .select()
      .from(sellerApprovalRequests)
      .where(eq(sellerApprovalRequests.bookingId, booking));
    const [link] = await t.database.db
      .select()
      .from(sellerApprovalLinks)
      .where(and(eq(sellerApprovalLinks.requestId, request!.id), eq(sellerApprovalLinks.action, 'approve')));
    const token = linkSignerOf(t.config).sign(link!.id, 'approve');
    const yes = await req('POST', '/api/seller-approval/approve', undefined, { token });
    expect(yes.statusCode, yes.body).toBe(200);
    const entry = await latest('seller_approval_requests', request!.id);
    expect(entry).toMatchObject({
      action: 'changed',
      actorKind: 'seller',
      actorId: null,
      actorLabel: null,
      ip: null,
    });
    expect(entry.changes.status).toEqual({ before: 'open', after: 'approved' });
    expect(entry.changes.answered_by_name).toEqual({ before: null, after: { masked: 'personal' } });
    const contacts = await latest('property_contacts');
    expect(contacts.changes.email).toEqual({ before: null, after: { masked: 'personal' } });
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain('pat@sellers.test');
  });

  it('a text opt-out (the buyer, through a write transaction): the phone never kept', async () => {
    await runWithAudit({ ip: '198.51.100.9', actor: { kind: 'buyer', id: null, label: null } }, () =>
      writeTransaction(t.database.db, (tx) =>
        recordOptChange(
          tx,
          {
            phone: '+16465550123',
            agentId: owner.id,
            bookingId: null,
            messageSid: 'SM-audit-1',
            at: new Date(),
          },
          'opt_out',
        ),
      ),
    );
    const entry = await latest('sms_consent_ledger');
    expect(entry).toMatchObject({
      action: 'created',
      actorKind: 'buyer',
      ip: null,
      agentId: owner.id,
    });
    expect(entry.changes.event).toEqual({ before: null, after: 'opt_out' });
    expect(entry.changes.phone).toEqual({ before: null, after: { masked: 'personal' } });
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain('5550123');
  });

  it('a Server settings change by the administrator: the operator; a secret value masked', async () => {
    const res = await req('PUT', '/api/server-settings', owner.token, {
      values: { SMTP_HOST: 'smtp.audit.test', SMTP_PASSWORD: 'hunter2-very-secret' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const host = await latest('server_settings', 'SMTP_HOST');
    expect(host).toMatchObject({ action: 'created', actorKind: 'operator', ip: IP });
    expect(host.changes.value).toEqual({ before: null, after: 'smtp.audit.test' });
    const secret = await latest('server_settings', 'SMTP_PASSWORD');
    expect(secret.changes.value).toEqual({ before: null, after: '••••' });
    expect(JSON.stringify(await t.database.db.select().from(auditLog))).not.toContain('hunter2');
  });
});

describe('reading the log', () => {
  let slug = 0;
  const createTeam = async (by: TestAgent) => {
    const res = await req('POST', '/api/team', by.token, {
      name: 'Audit Realty',
      slug: `audit-team-${++slug}-${Date.now().toString(36)}`,
      color: '#10B981',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.team.id as string;
  };
  const join = async (by: TestAgent, who: TestAgent, role: 'admin' | 'member') => {
    const invited = await req('POST', '/api/team/invitations', by.token, { email: who.email, role });
    expect(invited.statusCode, invited.body).toBe(201);
    const ok = await req('POST', `/api/team-invitations/${invited.json().data.id}/accept`, who.token);
    expect(ok.statusCode, ok.body).toBe(200);
  };

  it('403 PLAN_UPGRADE_REQUIRED for Basic and Professional', async () => {
    for (const plan of ['basic', 'pro'] as const) {
      const agent = await makeAgent(t, { plan });
      for (const url of ['/api/audit-log', '/api/audit-log/export.csv']) {
        const res = await req('GET', url, agent.token);
        expect([res.statusCode, res.json().code, res.json().error]).toEqual([
          403,
          'PLAN_UPGRADE_REQUIRED',
          AUDIT_TEXTS.errors.planRequired,
        ]);
      }
    }
    expect((await req('GET', '/api/audit-log')).statusCode).toBe(401);
  });

  it('a team: the admin sees the team’s and its members’ entries; a member gets 403', async () => {
    const boss = await makeAgent(t, { plan: 'enterprise' });
    const admin = await makeAgent(t);
    const member = await makeAgent(t);
    const outsider = await makeAgent(t, { plan: 'enterprise' });
    const teamId = await createTeam(boss);
    await join(boss, admin, 'admin');
    await join(boss, member, 'member');
    const forbidden = await req('GET', '/api/audit-log', member.token);
    expect([forbidden.statusCode, forbidden.json().code]).toEqual([403, 'AUDIT_LOG_FORBIDDEN']);
    const property = await makeProperty(t, member.id, { address: '3 Member Way' });
    await req('PUT', `/api/properties/${property}/showing-rules`, member.token, { gapMinutes: 15 });

    const page = await req('GET', '/api/audit-log?limit=200', admin.token);
    expect(page.statusCode, page.body).toBe(200);
    const entries = page.json().entries as {
      entityType: string;
      teamId: string | null;
      agentId: string | null;
    }[];
    expect(entries.some((e) => e.entityType === 'organizations' && e.teamId === teamId)).toBe(true);
    expect(entries.some((e) => e.entityType === 'members' && e.teamId === teamId)).toBe(true);
    expect(entries.some((e) => e.entityType === 'property_showing_rules' && e.agentId === member.id)).toBe(
      true,
    );
    expect(entries.every((e) => e.agentId !== outsider.id && e.agentId !== owner.id)).toBe(true);
    // The outsider (Enterprise, no team) sees their own account's only.
    const own = (await req('GET', '/api/audit-log?limit=200', outsider.token)).json().entries as {
      agentId: string;
    }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.agentId === outsider.id)).toBe(true);
  });

  it('filters, pages newest first with a cursor, and keeps to 90 days', async () => {
    const first = await req('GET', '/api/audit-log?limit=2', owner.token);
    const body = first.json();
    expect(body.entries).toHaveLength(2);
    expect(Number(body.entries[0].id)).toBeGreaterThan(Number(body.entries[1].id));
    const next = (await req('GET', `/api/audit-log?limit=2&cursor=${body.nextCursor}`, owner.token)).json();
    expect(Number(next.entries[0].id)).toBeLessThan(Number(body.entries[1].id));
    const bookingsOnly = (
      await req('GET', '/api/audit-log?entity_type=bookings&action=changed&actor=agent', owner.token)
    ).json();
    expect(bookingsOnly.entries.length).toBeGreaterThan(0);
    expect(
      bookingsOnly.entries.every(
        (e: { entityType: string; action: string }) => e.entityType === 'bookings' && e.action === 'changed',
      ),
    ).toBe(true);
    const old = new Date(Date.now() - 91 * DAY).toISOString();
    const tooOld = await req('GET', `/api/audit-log?from=${encodeURIComponent(old)}`, owner.token);
    expect([tooOld.statusCode, tooOld.json().fields?.from]).toEqual([400, AUDIT_TEXTS.errors.tooOld]);
    const bad = await req('GET', '/api/audit-log?action=exploded', owner.token);
    expect(bad.statusCode).toBe(400);
    // An entry older than 90 days (written at the database's time then) is out of reach.
    await t.database.db
      .execute(sql`insert into audit_log (at, agent_id, actor_kind, action, entity_type, entity_id)
      values (now() - interval '100 days', ${owner.id}, 'system', 'changed', 'properties', 'ancient')`);
    const all = (await req('GET', '/api/audit-log?limit=200&entity_type=properties', owner.token)).json();
    expect(all.entries.some((e: { entityId: string }) => e.entityId === 'ancient')).toBe(false);
  });

  it('CSV export: a header, newest first, the same filters', async () => {
    const res = await req('GET', '/api/audit-log/export.csv?entity_type=bookings', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,actor_kind,actor,actor_id,ip,action,entity_type,entity_id,changes');
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((l) => l.includes(',bookings,'))).toBe(true);
    expect(res.headers['x-audit-log-truncated']).toBeUndefined();
    expect(res.body).not.toContain('casey.audit@buyers.test');
  });
});

describe('the export’s limit', () => {
  it('cuts at 10,000 rows and says so (a header and a last line)', async () => {
    const agent = await makeAgent(t, { plan: 'enterprise' });
    await t.database.db
      .execute(sql`insert into audit_log (agent_id, actor_kind, action, entity_type, entity_id)
      select ${agent.id}::uuid, 'system', 'changed', 'bookings', g::text from generate_series(1, 10001) g`);
    const res = await req('GET', '/api/audit-log/export.csv', agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-audit-log-truncated']).toBe('10000');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 10_000 + 1);
    expect(lines.at(-1)).toBe(AUDIT_TEXTS.csvCut(10_000));
  });
});

describe('the actor on the connection', () => {
  const actorOn = async (db: TestApp['database']['db']) =>
    (
      (await db.execute(sql`select current_setting('keyturn.actor', true) as actor`)).rows[0] as {
        actor: string | null;
      }
    ).actor ?? '';
  const agentStore = { ip: '192.0.2.1', actor: { kind: 'agent' as const, id: '', label: null } };

  // The connections of the pools these tests open: only their queries are counted (the test app's own
  // connections keep working meanwhile — under load a background write landed in the count).
  const probed = new WeakSet<pg.Client>();
  const probe = (handle: ReturnType<typeof connect>) => {
    handle.pool.on('connect', (client) => probed.add(client));
    return handle;
  };
  /** The statements a run sends on the wire (the pg client's query, as the wrapper calls it). */
  async function sent(run: () => Promise<unknown>): Promise<string[]> {
    const original = pg.Client.prototype.query;
    const texts: string[] = [];
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string };
      if (probed.has(this))
        texts.push(
          (typeof first === 'string' ? first : (first.text ?? '')).trim().split(/\s+/).slice(0, 2).join(' '),
        );
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    try {
      await run();
    } finally {
      pg.Client.prototype.query = original;
    }
    return texts;
  }

  it('is set for the writing transaction only: a read costs no round trip, the session keeps nothing', async () => {
    const one = probe(connect(t.database.url, 1));
    try {
      const store = { ...agentStore, actor: { ...agentStore.actor, id: owner.id } };
      // (A drizzle query runs when awaited: awaited inside the store, as a request's handler does.)
      const reads = await sent(() =>
        runWithAudit(store, async () => await one.db.select().from(agents).where(eq(agents.id, owner.id))),
      );
      expect(reads).toHaveLength(1);
      expect(await actorOn(one.db)).toBe('');
      const writes = await sent(() =>
        runWithAudit(
          store,
          async () =>
            await one.db.update(agents).set({ phone: '+1 212 555 0111' }).where(eq(agents.id, owner.id)),
        ),
      );
      expect(writes).toEqual(['begin', "select set_config('keyturn.actor',", 'update "agents"', 'commit']);
      const entry = await latest('agents', owner.id);
      expect(entry).toMatchObject({ actorKind: 'agent', actorId: owner.id, ip: '192.0.2.1' });
      // Nothing stays on the session: the next write (a job's) is the system's.
      expect(await actorOn(one.db)).toBe('');
      await one.db.update(agents).set({ phone: '+1 212 555 0100' }).where(eq(agents.id, owner.id));
      expect(await latest('agents', owner.id)).toMatchObject({ actorKind: 'system', ip: null });
      // A failed write rolls its transaction back and answers its error as before.
      await expect(
        runWithAudit(
          store,
          async () => await one.db.execute(sql`update agents set plan = null where id = ${owner.id}`),
        ),
      ).rejects.toThrow();
      expect(
        (await one.db.select({ plan: agents.plan }).from(agents).where(eq(agents.id, owner.id)))[0]?.plan,
      ).toBeTruthy();
    } finally {
      await one.close();
    }
  });

  it('through a transaction pooler: the same, every setting local to its transaction', async () => {
    const pooled = probe(connect(t.database.url, 1, { pooler: 'transaction' }));
    try {
      const store = { ip: '192.0.2.2', actor: { kind: 'agent' as const, id: owner.id, label: null } };
      const inTransaction = await sent(() =>
        runWithAudit(store, () =>
          writeTransaction(pooled.db, (tx) =>
            tx.update(agents).set({ companyName: 'Pooled Homes' }).where(eq(agents.id, owner.id)),
          ),
        ),
      );
      // writeTransaction's own first statement carries them: nothing more is sent.
      expect(inTransaction.filter((s) => s.startsWith('select set_config'))).toHaveLength(1);
      expect(await latest('agents', owner.id)).toMatchObject({ actorKind: 'agent', ip: '192.0.2.2' });
      expect(await actorOn(pooled.db)).toBe('');
      await runWithAudit(
        store,
        async () => await pooled.db.update(agents).set({ companyName: null }).where(eq(agents.id, owner.id)),
      );
      expect(await latest('agents', owner.id)).toMatchObject({ actorKind: 'agent', ip: '192.0.2.2' });
      expect(await actorOn(pooled.db)).toBe('');
    } finally {
      await pooled.close();
    }
  });
});
