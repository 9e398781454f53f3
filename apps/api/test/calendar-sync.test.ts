// Issue 14, calendar sync, against a 127.0.0.1 server speaking Google's and Microsoft's documented protocols
// (test/support/calendar-provider.ts): the connect flow (PKCE, state), pulling busy times into the public
// slots, pushing showings as events, a revoked grant, outages, scoping, encryption at rest, ICS both ways.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../src/adapters/mail';
import { calendarIntegrations } from '../src/db/schema';
import { busyFromIcs } from '../src/modules/integrations/ics';
import { MESSAGES } from '@keyturn/domain/messages';
import { queueDueSyncs, runCalendarJob } from '../src/modules/integrations/jobs';
import { syncIntegration } from '../src/modules/integrations/sync';
import { jobOptionsOf, openJobQueue } from '../src/jobs/queue';
import { calendarDepsOf } from '../src/modules/integrations/setup';
import { createTestApp, type TestApp } from './app';
import { bookingPayload, makeAgent, makeProperty, type TestAgent } from './fixtures';
import {
  ACCOUNTS,
  CALENDARS,
  CLIENTS,
  startCalendarProvider,
  type TestCalendarProvider,
} from './support/calendar-provider';
import { calendarDrainer, type Drainer } from './support/calendar-jobs';
import { PUBLIC_URL } from './support/notify';

// Monday 2 March 2026, 09:00 in New York (EST; the clocks go forward on Sunday 8 March).
const NOW = new Date('2026-03-02T14:00:00Z');
const now = () => NOW;

let provider: TestCalendarProvider;
let t: TestApp;
let drainer: Drainer;
const mails: OutgoingMail[] = [];
const mailer: Mailer = {
  transport: 'file',
  send: async (mail) => {
    mails.push(mail);
    return { transport: 'file', providerRef: 'test', fileName: null };
  },
  close: () => {},
};
let deps: ReturnType<typeof calendarDepsOf>;

beforeAll(async () => {
  provider = await startCalendarProvider();
  // The provider and the ICS servers of these tests are on 127.0.0.1.
  t = await createTestApp({
    now,
    env: { PUBLIC_URL, ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true', ...provider.env() },
  });
  deps = calendarDepsOf(t.config, t.database.db, now, mailer);
  drainer = await calendarDrainer(t.database.db, deps);
});
afterAll(async () => {
  await drainer?.stop();
  await t?.close();
  await provider?.close();
});
beforeEach(() => {
  mails.length = 0;
});

const req = (agent: TestAgent, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, token: agent.token, ...(payload ? { payload } : {}) });
const slotsOf = async (agent: TestAgent, date: string) => {
  const res = await t.request({ method: 'GET', url: `/api/booking/availability/agent/${agent.id}/${date}` });
  expect(res.statusCode).toBe(200);
  return res.json().availableSlots as string[];
};
const redirectUri = (p: 'google' | 'microsoft') => `${PUBLIC_URL}/oauth/${p}/callback`;

/** Connect → the provider's consent page → "Allow" → the callback's code and state. */
async function consent(agent: TestAgent, p: 'google' | 'microsoft') {
  const res = await req(agent, 'GET', `/api/integrations/${p}/connect`);
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().url as string);
  const page = await (await fetch(url)).text();
  const allow = /id="allow" href="([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&');
  if (!allow) throw new Error(`no consent link in ${page}`);
  const back = new URL(allow);
  return { authUrl: url, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function connect(agent: TestAgent, p: 'google' | 'microsoft') {
  const { code, state } = await consent(agent, p);
  const res = await req(agent, 'POST', `/api/integrations/${p}/exchange`, {
    code,
    state,
    redirectUri: redirectUri(p),
  });
  expect(res.statusCode, res.body).toBe(200);
  await drainer.drain();
  return res.json().data as {
    id: string;
    status: string;
    calendars: { id: string; name: string; busy: boolean; target: boolean }[];
  };
}

async function integration(agent: TestAgent, id: string) {
  const list = (await req(agent, 'GET', '/api/integrations/calendar')).json();
  return list.data.find((i: { id: string }) => i.id === id) as {
    status: string;
    last_error: string | null;
    last_synced_at: string | null;
  };
}

async function bookPublic(agent: TestAgent, date: string, time: string, propertyId: number | null = null) {
  const res = await t.request({
    method: 'POST',
    url: '/api/booking',
    payload: bookingPayload(agent.id, { booking_date: date, booking_time: time, property_id: propertyId }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().booking as { id: string; manage_token: string; status: string };
}

describe('connect (OAuth 2.0 authorization code + PKCE + state)', () => {
  it('the consent URL carries PKCE S256, state, offline access and the registered redirect URI', async () => {
    const agent = await makeAgent(t);
    const { authUrl } = await consent(agent, 'google');
    const q = Object.fromEntries(authUrl.searchParams);
    expect(authUrl.origin + authUrl.pathname).toBe(`${provider.url}/google/authorize`);
    expect(q).toMatchObject({
      client_id: CLIENTS.google.id,
      response_type: 'code',
      redirect_uri: redirectUri('google'),
      code_challenge_method: 'S256',
      access_type: 'offline',
    });
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.state!.length).toBeGreaterThan(20);
    expect(q.scope).toContain('calendar');
  });

  it('Google: exchange sends code + verifier matching the challenge; the account and its calendars are listed', async () => {
    const agent = await makeAgent(t);
    const before = provider.requests.length;
    const connected = await connect(agent, 'google');
    const tokenCall = provider.requests.slice(before).find((r) => r.path === '/google/token')!;
    expect(tokenCall.method).toBe('POST');
    expect(tokenCall.body).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: redirectUri('google'),
      client_id: CLIENTS.google.id,
      client_secret: CLIENTS.google.secret,
    });
    expect((tokenCall.body as Record<string, string>).code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(connected.calendars.map((c) => c.name)).toEqual(['Avery Agent', 'Family']);
    expect(connected.calendars[0]).toMatchObject({ busy: true, target: true });
    expect(connected.calendars[1]).toMatchObject({ busy: false, target: false });
    const list = (await req(agent, 'GET', '/api/integrations/calendar')).json();
    expect(list.data[0]).toMatchObject({
      provider: 'google',
      account_email: ACCOUNTS.google,
      status: 'connected',
    });
    expect(list.data[0].last_synced_at).toBe(NOW.toISOString());
    expect(JSON.stringify(list)).not.toMatch(/at-[0-9a-f]{24}|rt-[0-9a-f]{24}/);
  });

  it('Microsoft: the same flow against its authority and Graph', async () => {
    const agent = await makeAgent(t);
    const before = provider.requests.length;
    const connected = await connect(agent, 'microsoft');
    const sent = provider.requests.slice(before);
    expect(sent.some((r) => r.path === '/ms/common/oauth2/v2.0/token')).toBe(true);
    expect(sent.some((r) => r.path === '/ms/graph/v1.0/me/calendars')).toBe(true);
    expect(connected.calendars.find((c) => c.name === 'Calendar')).toMatchObject({
      busy: true,
      target: true,
    });
    const list = (await req(agent, 'GET', '/api/integrations/calendar')).json();
    expect(list.data[0]).toMatchObject({ provider: 'microsoft', account_email: ACCOUNTS.microsoft });
  });

  it('a state is single use: replaying it is refused and changes nothing', async () => {
    const agent = await makeAgent(t);
    const { code, state } = await consent(agent, 'google');
    const body = { code, state, redirectUri: redirectUri('google') };
    expect((await req(agent, 'POST', '/api/integrations/google/exchange', body)).statusCode).toBe(200);
    const replay = await req(agent, 'POST', '/api/integrations/google/exchange', body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('OAUTH_STATE_INVALID');
    expect((await req(agent, 'GET', '/api/integrations/calendar')).json().data).toHaveLength(1);
  });

  it("another agent's state is refused (and stays usable by its owner); a state for the other provider too", async () => {
    const owner = await makeAgent(t);
    const thief = await makeAgent(t);
    const { code, state } = await consent(owner, 'google');
    const body = { code, state, redirectUri: redirectUri('google') };
    const stolen = await req(thief, 'POST', '/api/integrations/google/exchange', body);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('OAUTH_STATE_INVALID');
    const wrongProvider = await req(owner, 'POST', '/api/integrations/microsoft/exchange', {
      ...body,
      redirectUri: redirectUri('microsoft'),
    });
    expect(wrongProvider.json().code).toBe('OAUTH_STATE_INVALID');
    expect((await req(owner, 'POST', '/api/integrations/google/exchange', body)).statusCode).toBe(200);
  });

  it('a wrong redirectUri or a missing code is a 400 with fields', async () => {
    const agent = await makeAgent(t);
    const { code, state } = await consent(agent, 'google');
    const bad = await req(agent, 'POST', '/api/integrations/google/exchange', {
      code,
      state,
      redirectUri: 'http://evil.test/oauth/google/callback',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.redirectUri).toBeDefined();
    const missing = await req(agent, 'POST', '/api/integrations/google/exchange', {
      state,
      redirectUri: redirectUri('google'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_ERROR');
  });

  it('tokens are unreadable in the database: no plaintext access/refresh token or PKCE verifier in any row', async () => {
    const agent = await makeAgent(t);
    const before = provider.requests.length;
    await connect(agent, 'google');
    const sent = provider.requests.slice(before);
    const access = String(sent.find((r) => r.path.includes('calendarList'))!.headers.authorization).replace(
      'Bearer ',
      '',
    );
    const verifier = (sent.find((r) => r.path === '/google/token')!.body as Record<string, string>)
      .code_verifier!;
    expect(access).toMatch(/^at-/);
    const dump = await t.database.db.execute(
      sql`select (select coalesce(string_agg(i::text, ' '), '') from calendar_integrations i) || (select coalesce(string_agg(s::text, ' '), '') from calendar_oauth_states s) as text`,
    );
    const text = String((dump.rows[0] as { text: string }).text);
    expect(text).toContain('v1.');
    expect(text).not.toContain(access);
    expect(text).not.toMatch(/rt-[0-9a-f]{24}/);
    expect(text).not.toContain(verifier);
  });
});

describe('without an app configured', () => {
  it('says calendar sync is not switched on (no variable names), and connect is refused with a code (no failing redirect)', async () => {
    const bare = await createTestApp({ now });
    try {
      const agent = await makeAgent(bare);
      const list = (
        await bare.request({ method: 'GET', url: '/api/integrations/calendar', token: agent.token })
      ).json();
      expect(list.providers.google).toEqual({ configured: false });
      expect(JSON.stringify(list)).not.toMatch(/GOOGLE_|MICROSOFT_/);
      const res = await bare.request({
        method: 'GET',
        url: '/api/integrations/microsoft/connect',
        token: agent.token,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PROVIDER_NOT_CONFIGURED');
      expect(res.json().error).toBe(
        "Calendar sync isn't switched on for this Keyturn server yet — your administrator can switch it on in Server settings",
      );
    } finally {
      await bare.close();
    }
  });
});

describe('pull: busy times block public slots', () => {
  it('a busy event in the provider calendar removes the overlapping slots after Sync now (and the date when the day is full)', async () => {
    const agent = await makeAgent(t);
    const { id } = await connect(agent, 'google');
    expect(await slotsOf(agent, '2026-03-03')).toContain('10:00:00');
    // 10:00–11:00 New York on Tuesday 3 March, and all of Wednesday's working day.
    provider.addBusy('google', ACCOUNTS.google, {
      start: new Date('2026-03-03T15:00:00Z'),
      end: new Date('2026-03-03T16:00:00Z'),
    });
    provider.addBusy('google', ACCOUNTS.google, {
      start: new Date('2026-03-04T14:00:00Z'),
      end: new Date('2026-03-04T22:00:00Z'),
    });
    // A calendar the agent did not choose does not block.
    provider.addBusy('google', CALENDARS.google[1]!.id, {
      start: new Date('2026-03-03T18:00:00Z'),
      end: new Date('2026-03-03T19:00:00Z'),
    });
    const before = provider.requests.length;
    const res = await req(agent, 'POST', `/api/integrations/${id}/sync`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('syncing');
    await drainer.drain();
    const freeBusy = provider.requests.slice(before).find((r) => r.path === '/google/calendar/v3/freeBusy')!;
    expect(freeBusy.body).toMatchObject({ items: [{ id: ACCOUNTS.google }] });
    const body = freeBusy.body as { timeMin: string; timeMax: string };
    expect(new Date(body.timeMin).getTime()).toBeLessThanOrEqual(NOW.getTime());
    expect(new Date(body.timeMax).getTime() - NOW.getTime()).toBeGreaterThanOrEqual(60 * 86_400_000);

    const slots = await slotsOf(agent, '2026-03-03');
    expect(slots).not.toContain('10:00:00');
    expect(slots).not.toContain('10:30:00');
    expect(slots).toContain('09:30:00');
    expect(slots).toContain('11:00:00');
    expect(slots).toContain('13:00:00');
    expect(await slotsOf(agent, '2026-03-04')).toEqual([]);
    const dates = (
      await t.request({ method: 'GET', url: `/api/booking/available-dates/agent/${agent.id}?month=2026-03` })
    ).json().dates;
    expect(dates).toContain('2026-03-03');
    expect(dates).not.toContain('2026-03-04');
    // A buyer cannot book the blocked time either.
    const blocked = await t.request({
      method: 'POST',
      url: '/api/booking',
      payload: bookingPayload(agent.id, { booking_date: '2026-03-03', booking_time: '10:00' }),
    });
    expect(blocked.statusCode).toBe(409);
  });

  it('Microsoft calendarView busy times block slots too; the request asks for UTC over the window', async () => {
    const agent = await makeAgent(t);
    const { id } = await connect(agent, 'microsoft');
    provider.addBusy('microsoft', CALENDARS.microsoft[0]!.id, {
      start: new Date('2026-03-05T19:00:00Z'),
      end: new Date('2026-03-05T19:30:00Z'),
    });
    const before = provider.requests.length;
    await req(agent, 'POST', `/api/integrations/${id}/sync`);
    await drainer.drain();
    const view = provider.requests.slice(before).find((r) => r.path.endsWith('/calendarView'))!;
    expect(view.path).toBe(`/ms/graph/v1.0/me/calendars/${CALENDARS.microsoft[0]!.id}/calendarView`);
    expect(view.headers.prefer).toBe('outlook.timezone="UTC"');
    expect(view.query.startDateTime).toBeDefined();
    const slots = await slotsOf(agent, '2026-03-05');
    expect(slots).not.toContain('14:00:00');
    expect(slots).toContain('13:30:00');
    expect(slots).toContain('14:30:00');
  });

  it('sync settings choose the blocking calendars; unknown ids are refused', async () => {
    const agent = await makeAgent(t);
    const { calendars } = await connect(agent, 'google');
    const family = calendars.find((c) => c.name === 'Family')!;
    const primary = calendars.find((c) => c.name === 'Avery Agent')!;
    const bad = await req(agent, 'PUT', '/api/integrations/sync-settings', {
      syncSettings: { busy_calendar_ids: ['nope'], target_calendar_id: null, push_enabled: true },
    });
    expect(bad.statusCode).toBe(400);
    const readOnlyTarget = await req(agent, 'PUT', '/api/integrations/sync-settings', {
      syncSettings: { busy_calendar_ids: [], target_calendar_id: family.id, push_enabled: true },
    });
    expect(readOnlyTarget.statusCode).toBe(400);
    const ok = await req(agent, 'PUT', '/api/integrations/sync-settings', {
      syncSettings: {
        busy_calendar_ids: [primary.id, family.id],
        target_calendar_id: primary.id,
        push_enabled: false,
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().syncSettings).toEqual({
      busy_calendar_ids: expect.arrayContaining([primary.id, family.id]),
      target_calendar_id: primary.id,
      push_enabled: false,
    });
    const before = provider.requests.length;
    await drainer.drain();
    const freeBusy = provider.requests.slice(before).find((r) => r.path.endsWith('/freeBusy'))!;
    expect((freeBusy.body as { items: { id: string }[] }).items.map((i) => i.id).sort()).toEqual(
      [ACCOUNTS.google, CALENDARS.google[1]!.id].sort(),
    );
    // The Family calendar's 13:00–14:00 block (first test) now blocks too.
    expect(await slotsOf(agent, '2026-03-03')).not.toContain('13:00:00');
  });
});

describe('pull: the events we pushed ourselves are never busy time', () => {
  const sync = async (agent: TestAgent, id: string) => {
    expect((await req(agent, 'POST', `/api/integrations/${id}/sync`)).statusCode).toBe(200);
    await drainer.drain();
  };
  const cancelAndRebook = async (agent: TestAgent, booking: { manage_token: string }, date: string) => {
    const cancel = await t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { token: booking.manage_token, reason: 'Changed plans' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await drainer.drain();
    // Offered again at once — not only after the next sync — and still after it.
    expect(await slotsOf(agent, date)).toContain('11:00:00');
  };

  it('Google (freeBusy): a showing pushed to the target calendar, which also blocks, is cut out of the busy times; cancel → offered again; the buyer may reschedule onto their own time', async () => {
    const agent = await makeAgent(t);
    const { id } = await connect(agent, 'google');
    const booked = await bookPublic(agent, '2026-03-19', '11:00');
    expect(await drainer.drain()).toEqual(['push:inserted']);
    // What buyers see with the booking and no calendar busy time at all.
    const noCalendar = await slotsOf(agent, '2026-03-19');
    expect(noCalendar).not.toContain('11:00:00');
    // The agent's own appointment right after the showing (freeBusy may merge them): it still blocks.
    provider.addBusy('google', ACCOUNTS.google, {
      start: new Date('2026-03-19T15:30:00Z'),
      end: new Date('2026-03-19T16:00:00Z'),
    });
    await sync(agent, id);
    // The pushed event is in the calendar the busy times come from …
    expect([...provider.events.google.values()].some((e) => e.calendarId === ACCOUNTS.google)).toBe(true);
    // … yet only the agent's own appointment was stored as busy.
    const stored = await t.database.db.execute(
      sql`select starts_at from calendar_busy where integration_id = ${id}
          and starts_at < '2026-03-20T00:00:00Z' and ends_at > '2026-03-19T00:00:00Z'`,
    );
    expect(stored.rows.map((r) => new Date(String(r.starts_at)).toISOString())).toEqual([
      '2026-03-19T15:30:00.000Z',
    ]);
    const slots = await slotsOf(agent, '2026-03-19');
    expect(slots).toEqual(noCalendar.filter((s) => s !== '11:30:00'));

    // Rescheduling onto (a time overlapping) the buyer's current one is not blocked by our own event.
    const moved = await t.request({
      method: 'POST',
      url: '/api/booking/reschedule',
      payload: {
        ...bookingPayload(agent.id, { booking_date: '2026-03-19', booking_time: '11:00' }),
        original_booking_id: booked.id,
        reschedule_reason: 'Same time, new note',
        token: booked.manage_token,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await drainer.drain();
    await sync(agent, id);
    await cancelAndRebook(agent, moved.json().booking, '2026-03-19');
    await sync(agent, id);
    expect(await slotsOf(agent, '2026-03-19')).toContain('11:00:00');
  });

  it('Microsoft (calendarView): events whose id is in our booking ↔ event mapping are skipped; cancel → offered again', async () => {
    const agent = await makeAgent(t);
    const { id } = await connect(agent, 'microsoft');
    const free = await slotsOf(agent, '2026-03-20');
    const booked = await bookPublic(agent, '2026-03-20', '11:00');
    expect(await drainer.drain()).toEqual(['push:inserted']);
    const noCalendar = await slotsOf(agent, '2026-03-20');
    const before = provider.requests.length;
    await sync(agent, id);
    const view = provider.requests.slice(before).find((r) => r.path.endsWith('/calendarView'))!;
    expect(view.query.$select).toContain('id');
    expect(await slotsOf(agent, '2026-03-20')).toEqual(noCalendar);
    const stored = await t.database.db.execute(
      sql`select count(*)::int as n from calendar_busy where integration_id = ${id}
          and starts_at < '2026-03-21T00:00:00Z' and ends_at > '2026-03-20T00:00:00Z'`,
    );
    expect(stored.rows[0]!.n).toBe(0);
    await cancelAndRebook(agent, booked, '2026-03-20');
    await sync(agent, id);
    expect(await slotsOf(agent, '2026-03-20')).toEqual(free);
  });
});

describe('push: showings become events', () => {
  it('a confirmed booking becomes one event (start, end, time zone, buyer, phone, address, manage link); a retried push makes no second; reschedule moves it; cancel deletes it', async () => {
    const agent = await makeAgent(t);
    await connect(agent, 'google');
    const propertyId = await makeProperty(t, agent.id, { address: '77 Harbor Lane' });
    const booked = await bookPublic(agent, '2026-03-06', '15:00', propertyId);
    expect(booked.status).toBe('confirmed');
    const before = provider.requests.length;
    expect(await drainer.drain()).toEqual(['push:inserted']);
    const inserts = provider.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path.endsWith('/events'));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.path).toBe(
      `/google/calendar/v3/calendars/${encodeURIComponent(ACCOUNTS.google)}/events`,
    );
    const mine = () =>
      [...provider.events.google.values()].filter((e) => String(e.description).includes(booked.manage_token));
    expect(mine()).toHaveLength(1);
    const event = mine()[0]!;
    expect(event.start).toEqual({ dateTime: '2026-03-06T20:00:00.000Z', timeZone: 'America/New_York' });
    expect(event.end).toEqual({ dateTime: '2026-03-06T20:30:00.000Z', timeZone: 'America/New_York' });
    expect(event.summary).toContain('Casey Buyer');
    expect(event.location).toContain('77 Harbor Lane');
    expect(event.description).toContain('+1 646 555 0199');
    expect(event.description).toContain(`${PUBLIC_URL}/booking/manage?token=`);

    // The same job again (a retry after a lost answer): still one event, no second insert.
    const retryFrom = provider.requests.length;
    expect(await runCalendarJob(deps, { kind: 'push', bookingId: booked.id })).toBe('patched');
    expect(provider.requests.slice(retryFrom).filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(mine()).toHaveLength(1);

    // Reschedule (the buyer's manage link) to Monday 9 March 11:00 — after the DST change (EDT, UTC-4).
    const moved = await t.request({
      method: 'POST',
      url: '/api/booking/reschedule',
      payload: {
        ...bookingPayload(agent.id, {
          booking_date: '2026-03-09',
          booking_time: '11:00',
          property_id: propertyId,
        }),
        original_booking_id: booked.id,
        reschedule_reason: 'Flight moved',
        token: booked.manage_token,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const next = moved.json().booking as { id: string; manage_token: string };
    expect(await drainer.drain()).toEqual(['push:patched']);
    expect(provider.events.google.get(event.id)).toMatchObject({
      start: { dateTime: '2026-03-09T15:00:00.000Z', timeZone: 'America/New_York' },
    });
    expect([...provider.events.google.values()].filter((e) => e.summary === event.summary)).toHaveLength(1);

    const cancel = await t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { token: next.manage_token, reason: 'Bought elsewhere' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await drainer.drain()).toEqual(['push:deleted']);
    expect(provider.events.google.has(event.id)).toBe(false);
  });

  it('Microsoft: the event is written in the agent zone wall clock with transactionId; decline deletes it', async () => {
    const agent = await makeAgent(t);
    await connect(agent, 'microsoft');
    const booked = await bookPublic(agent, '2026-03-10', '09:30');
    const before = provider.requests.length;
    await drainer.drain();
    const insert = provider.requests
      .slice(before)
      .find((r) => r.method === 'POST' && r.path.endsWith('/events'))!;
    expect(insert.body).toMatchObject({
      start: { dateTime: '2026-03-10T09:30:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-03-10T10:00:00', timeZone: 'America/New_York' },
      transactionId: booked.id.replace(/-/g, ''),
    });
    expect(provider.events.microsoft.size).toBeGreaterThan(0);
    const id = [...provider.events.microsoft.values()].find(
      (e) => e.transactionId === booked.id.replace(/-/g, ''),
    )!.id;
    const cancel = await t.request({
      method: 'POST',
      url: '/api/booking/cancel',
      payload: { token: booked.manage_token, reason: 'x' },
    });
    expect(cancel.statusCode).toBe(200);
    await drainer.drain();
    expect(provider.events.microsoft.has(id)).toBe(false);
  });
});

describe('a revoked grant, an outage', () => {
  it('invalid_grant → needs reconnecting, told once, slots still served from the last busy times; reconnect → syncing again', async () => {
    const agent = await makeAgent(t);
    const { id } = await connect(agent, 'google');
    provider.addBusy('google', ACCOUNTS.google, {
      start: new Date('2026-03-12T14:00:00Z'),
      end: new Date('2026-03-12T15:00:00Z'),
    });
    await req(agent, 'POST', `/api/integrations/${id}/sync`);
    await drainer.drain();
    // 10:00–11:00 New York (EDT since 8 March).
    expect(await slotsOf(agent, '2026-03-12')).not.toContain('10:00:00');

    provider.revokeGrant('google');
    // The stored access token is still "valid" by its expiry: the API answers 401, the refresh invalid_grant.
    const before = provider.requests.length;
    await req(agent, 'POST', `/api/integrations/${id}/sync`);
    await drainer.drain();
    const refresh = provider.requests.slice(before).find((r) => r.path === '/google/token')!;
    expect(refresh.body).toMatchObject({ grant_type: 'refresh_token' });
    let state = await integration(agent, id);
    expect(state.status).toBe('needs_reconnect');
    expect(state.last_error).toContain('invalid_grant');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Reconnect');
    const list = (await req(agent, 'GET', '/api/integrations/calendar')).json();
    expect(list.needs_reconnect_count).toBe(1);

    // The periodic sync skips it (no hammering, no second e-mail); Sync now says why.
    await runCalendarJob(deps, { kind: 'sync', integrationId: id });
    const again = await req(agent, 'POST', `/api/integrations/${id}/sync`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NEEDS_RECONNECT');
    expect(mails).toHaveLength(1);
    // Buyers still get slots, with the last known busy time still blocked.
    const slots = await slotsOf(agent, '2026-03-12');
    expect(slots).toContain('11:00:00');
    expect(slots).not.toContain('10:00:00');

    // A showing confirmed while the grant is refused waits for the reconnect.
    const during = await bookPublic(agent, '2026-03-13', '14:00');
    expect(await drainer.drain()).toEqual(['push:nothing']);
    const eventOf = () =>
      [...provider.events.google.values()].filter((e) => String(e.description).includes(during.manage_token));
    expect(eventOf()).toHaveLength(0);

    // Reconnecting the same account resumes the same integration, and the waiting showing gets its event.
    const { code, state: s } = await consent(agent, 'google');
    const res = await req(agent, 'POST', '/api/integrations/google/exchange', {
      code,
      state: s,
      redirectUri: redirectUri('google'),
    });
    expect(res.json().data).toMatchObject({ id, status: 'syncing' });
    await drainer.drain();
    state = await integration(agent, id);
    expect(state.status).toBe('connected');
    expect(eventOf()).toHaveLength(1);
  });

  it('an outage (503) marks the integration with its error and a later retry; buyers never see a 5xx', async () => {
    const agent = await makeAgent(t);
    const { id } = await connect(agent, 'google');
    provider.failNext(3);
    await req(agent, 'POST', `/api/integrations/${id}/sync`);
    await drainer.drain();
    const state = await integration(agent, id);
    expect(state.status).toBe('error');
    expect(state.last_error).toContain('503');
    const [row] = await t.database.db
      .select()
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.id, id));
    expect(row!.failures).toBe(1);
    expect(row!.nextSyncAt!.getTime()).toBeGreaterThan(NOW.getTime());
    expect((await slotsOf(agent, '2026-03-03')).length).toBeGreaterThan(0);
    provider.failNext(0);
    await runCalendarJob(deps, { kind: 'sync', integrationId: id });
    expect((await integration(agent, id)).status).toBe('connected');
  });
});

describe('token refresh', () => {
  it('an access token about to expire is refreshed before the calendar call, and the new one is stored sealed', async () => {
    const agent = await makeAgent(t);
    const { id } = await connect(agent, 'microsoft');
    const [before] = await t.database.db
      .select()
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.id, id));
    await t.database.db
      .update(calendarIntegrations)
      .set({ accessTokenExpiresAt: new Date(Date.now() + 30_000) })
      .where(eq(calendarIntegrations.id, id));
    const from = provider.requests.length;
    await runCalendarJob(deps, { kind: 'sync', integrationId: id });
    const sent = provider.requests.slice(from);
    const refresh = sent.findIndex((r) => r.path.endsWith('/oauth2/v2.0/token'));
    expect(refresh).toBeGreaterThanOrEqual(0);
    expect(sent[refresh]!.body).toMatchObject({
      grant_type: 'refresh_token',
      client_id: CLIENTS.microsoft.id,
    });
    // The refresh came first: no call was made with the old token and answered 401.
    expect(sent.slice(0, refresh).filter((r) => r.path.startsWith('/ms/graph'))).toHaveLength(0);
    const [after] = await t.database.db
      .select()
      .from(calendarIntegrations)
      .where(eq(calendarIntegrations.id, id));
    expect(after!.accessTokenEnc).not.toBe(before!.accessTokenEnc);
    expect(after!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(after!.status).toBe('connected');
  });
});

describe('the periodic refresh', () => {
  it('queues each due integration once per interval, however many processes tick; not one that needs reconnecting', async () => {
    const agent = await makeAgent(t);
    const { id } = await connect(agent, 'microsoft');
    const queue = await openJobQueue(t.database.db, jobOptionsOf(t.config));
    const jobsFor = async () => {
      const res = await t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'calendar' and data->>'integrationId' = ${id}`,
      );
      return (res.rows[0] as { n: number }).n;
    };
    const start = await jobsFor();
    // Not due yet: synced just now.
    await queueDueSyncs(t.database.db, queue, NOW, 5);
    expect(await jobsFor()).toBe(start);
    const later = new Date(NOW.getTime() + 6 * 60_000);
    await Promise.all([1, 2, 3].map(() => queueDueSyncs(t.database.db, queue, later, 5)));
    expect(await jobsFor()).toBe(start + 1);
    await drainer.drain();
    await t.database.db
      .update(calendarIntegrations)
      .set({ status: 'needs_reconnect' })
      .where(eq(calendarIntegrations.id, id));
    await queueDueSyncs(t.database.db, queue, new Date(later.getTime() + 60 * 60_000), 5);
    expect(await jobsFor()).toBe(start + 1);
    await drainer.drain();
  });
});

describe('scoping', () => {
  it("another agent cannot see, sync or disconnect an integration (404); the owner disconnects and Google's grant is revoked", async () => {
    const owner = await makeAgent(t);
    const other = await makeAgent(t);
    const { id, calendars } = await connect(owner, 'google');
    expect((await req(other, 'GET', '/api/integrations/calendar')).json().data).toEqual([]);
    // Another agent's calendar ids are unknown to the caller's sync settings, and change nothing.
    const foreign = await req(other, 'PUT', '/api/integrations/sync-settings', {
      syncSettings: { busy_calendar_ids: [calendars[1]!.id], target_calendar_id: null, push_enabled: true },
    });
    expect(foreign.statusCode).toBe(400);
    expect(
      (await req(owner, 'GET', '/api/integrations/sync-settings')).json().syncSettings.busy_calendar_ids,
    ).toEqual([calendars[0]!.id]);
    expect((await req(other, 'POST', `/api/integrations/${id}/sync`)).statusCode).toBe(404);
    expect((await req(other, 'DELETE', `/api/integrations/${id}/disconnect`)).statusCode).toBe(404);
    expect((await req(other, 'POST', '/api/integrations/not-a-uuid/sync')).statusCode).toBe(404);
    const before = provider.requests.length;
    const res = await req(owner, 'DELETE', `/api/integrations/${id}/disconnect`);
    expect(res.json()).toEqual({ success: true, revoked: true });
    expect(provider.requests.slice(before).some((r) => r.path === '/google/revoke')).toBe(true);
    expect((await req(owner, 'GET', '/api/integrations/calendar')).json().data).toEqual([]);
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from calendar_busy where integration_id = ${id}`,
    );
    expect((left.rows[0] as { n: number }).n).toBe(0);
  });
});

describe('ICS', () => {
  it('the private feed parses as iCalendar and holds the upcoming showings; regenerating retires the old address', async () => {
    const agent = await makeAgent(t);
    const booked = await bookPublic(agent, '2026-03-13', '11:00');
    const { url } = (await req(agent, 'GET', '/api/integrations/feed')).json();
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/feed/[A-Za-z0-9_-]{20,}\\.ics$`));
    const path = new URL(url).pathname;
    const feed = await t.request({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const cal = new ICAL.Component(ICAL.parse(feed.body));
    const events = cal.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const mine = events.find((e) => e.uid === `${booked.id}@keyturn`)!;
    expect(mine.startDate.toJSDate().toISOString()).toBe('2026-03-13T15:00:00.000Z');
    expect(mine.endDate.toJSDate().toISOString()).toBe('2026-03-13T15:30:00.000Z');
    expect(mine.summary).toContain('Casey Buyer');
    const fresh = (await req(agent, 'POST', '/api/integrations/feed/regenerate')).json().url;
    expect(fresh).not.toBe(url);
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: new URL(fresh).pathname })).statusCode).toBe(200);
  });

  describe('subscriptions', () => {
    let server: Server;
    let base: string;
    /** Requests the ICS server answered. */
    let hits = 0;
    // Weekly on Tuesdays 10:00–11:00 New York time, with one week excluded (EXDATE) and one moved (RECURRENCE-ID).
    const ICS = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Brokerage//Team calendar//EN',
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'BEGIN:DAYLIGHT',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'TZNAME:EDT',
      'DTSTART:19700308T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'END:DAYLIGHT',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'TZNAME:EST',
      'DTSTART:19701101T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:team-meeting@brokerage.test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=America/New_York:20260106T100000',
      'DTEND;TZID=America/New_York:20260106T110000',
      'RRULE:FREQ=WEEKLY;BYDAY=TU',
      'EXDATE;TZID=America/New_York:20260317T100000',
      'SUMMARY:Team meeting',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:team-meeting@brokerage.test',
      'DTSTAMP:20260101T000000Z',
      'RECURRENCE-ID;TZID=America/New_York:20260324T100000',
      'DTSTART;TZID=America/New_York:20260324T140000',
      'DTEND;TZID=America/New_York:20260324T150000',
      'SUMMARY:Team meeting (moved)',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:lunch@brokerage.test',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20260303T170000Z',
      'DTEND:20260303T180000Z',
      'TRANSP:TRANSPARENT',
      'SUMMARY:Optional lunch',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');

    beforeAll(async () => {
      server = createServer((_req, res) => {
        hits += 1;
        res.writeHead(200, { 'content-type': 'text/calendar' });
        res.end(ICS);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('a weekly recurring event across the DST change blocks 10:00–11:00 local on both sides (15:00Z before, 14:00Z after)', () => {
      const spans = busyFromIcs(ICS, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-31T00:00:00Z'));
      expect(spans.map((s) => `${s.start.toISOString()}/${s.end.toISOString()}`)).toEqual([
        '2026-03-03T15:00:00.000Z/2026-03-03T16:00:00.000Z',
        '2026-03-10T14:00:00.000Z/2026-03-10T15:00:00.000Z',
        // 17 March excluded; 24 March moved to 14:00 local.
        '2026-03-24T18:00:00.000Z/2026-03-24T19:00:00.000Z',
      ]);
    });

    it('subscribed by URL, the public slots lose 10:00 and 10:30 on the Tuesday before and after the change, and not the transparent lunch', async () => {
      const agent = await makeAgent(t);
      const res = await req(agent, 'POST', '/api/integrations/ics', { url: `${base}/team.ics` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        provider: 'ics',
        label: base.replace('http://', ''),
        status: 'syncing',
      });
      expect(JSON.stringify(res.json())).not.toContain('/team.ics');
      await drainer.drain();
      for (const date of ['2026-03-03', '2026-03-10']) {
        const slots = await slotsOf(agent, date);
        expect(slots, date).not.toContain('10:00:00');
        expect(slots, date).not.toContain('10:30:00');
        expect(slots, date).toContain('09:30:00');
        expect(slots, date).toContain('11:00:00');
        expect(slots, date).toContain('12:00:00');
      }
      expect(await slotsOf(agent, '2026-03-17')).toContain('10:00:00');
      expect(await slotsOf(agent, '2026-03-24')).toContain('10:00:00');
      expect(await slotsOf(agent, '2026-03-24')).not.toContain('14:00:00');
      const bad = await req(agent, 'POST', '/api/integrations/ics', { url: 'ftp://example.test/x.ics' });
      expect(bad.statusCode).toBe(400);
    });

    it('SSRF: by default loopback, private, link-local and unique-local addresses (after DNS) are refused with 400 URL_NOT_ALLOWED, nothing stored or fetched; ALLOW_PRIVATE_OUTBOUND_HOSTS lets them through', async () => {
      // The same database, served by an installation without the setting.
      const strict = await createTestApp({ now, database: t.database, env: { PUBLIC_URL } });
      try {
        expect(strict.config.outbound.allowPrivateHosts).toBe(false);
        const agent = await makeAgent(strict);
        const before = hits;
        for (const url of [
          `${base}/team.ics`,
          `webcal://${base.replace('http://', '')}/team.ics`,
          'http://localhost:9/team.ics',
          'http://10.1.2.3/team.ics',
          'http://192.168.0.10/team.ics',
          'http://169.254.169.254/latest/meta-data',
          'http://[::1]/team.ics',
          'http://[fd00::1]/team.ics',
          'http://[::ffff:127.0.0.1]/team.ics',
        ]) {
          const res = await strict.request({
            method: 'POST',
            url: '/api/integrations/ics',
            token: agent.token,
            payload: { url },
          });
          expect(res.statusCode, url).toBe(400);
          expect(res.json(), url).toMatchObject({
            error: MESSAGES.outboundUrlRefused,
            code: 'URL_NOT_ALLOWED',
            fields: { url: MESSAGES.outboundUrlRefused },
          });
        }
        const list = await strict.request({
          method: 'GET',
          url: '/api/integrations/calendar',
          token: agent.token,
        });
        expect(list.json().data).toEqual([]);
        expect(hits).toBe(before);
      } finally {
        await strict.close();
      }

      // Allowed (this suite's setting): accepted and fetched. Then fetched under the default policy — a
      // subscription stored earlier, or a host whose DNS changed — the sync refuses it without a request.
      const agent = await makeAgent(t);
      const res = await req(agent, 'POST', '/api/integrations/ics', { url: `${base}/team.ics` });
      expect(res.statusCode, res.body).toBe(200);
      const fetched = hits;
      await drainer.drain();
      expect(hits).toBe(fetched + 1);
      const id = res.json().data.id as string;
      expect(await syncIntegration({ ...deps, outbound: { allowPrivateHosts: false } }, id)).toBe('failed');
      expect(hits).toBe(fetched + 1);
      expect((await integration(agent, id)).last_error).toContain(MESSAGES.outboundUrlRefused);
    });
  });
});
