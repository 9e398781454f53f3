// Reaching the test server's own data: the API over HTTP, and its embedded database for assertions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { to12Hour } from '@keyturn/domain/time';

/**
 * Each Playwright worker has its own server and embedded database (playwright.config.ts, issue 42): worker `i`
 * (TEST_PARALLEL_INDEX) talks to the server on E2E_PORT + i, whose DATA_DIR is `E2E_DATA_DIR/w<i>`.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5123);
export const serverPort = (worker: number) => E2E_PORT + worker;
export const serverDataDir = (root: string, worker: number) => path.join(root, `w${worker}`);
const WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const BASE_URL = `http://localhost:${serverPort(WORKER)}`;
export const DEMO = {
  email: 'demo@keyturn.app',
  password: 'keyturn-demo',
  username: 'dana-whitfield',
  timeZone: 'America/Chicago',
};

/** Runs one query against the server's database (the embedded PostgreSQL the server wrote down in DATA_DIR). */
export async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  const url = new URL(readFileSync(path.join(serverDataDir(dataDir, WORKER), 'postgres.url'), 'utf8').trim());
  url.pathname = '/keyturn';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function api<T>(
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${BASE_URL}/api${pathname}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: BASE_URL,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

/** A buyer books `agentId` at `date` `time` through the public booking API (POST /booking); `fields` override. */
export function bookAsBuyer(
  agentId: string,
  date: string,
  time: string,
  fields: Record<string, unknown> = {},
) {
  return api<{ booking: { id: string } }>('POST', '/booking', {
    property_id: null,
    agent_id: agentId,
    client_name: 'Casey Buyer',
    client_email: `buyer.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
    client_phone: '+1 312 555 0177',
    buyer_type: 'first_time_buyer',
    budget_min: 300000,
    budget_max: 400000,
    income_range: null,
    booking_purpose: 'property_viewing',
    custom_purpose: null,
    booking_date: date,
    booking_time: time,
    message: null,
    ...fields,
  });
}

type PublicProperty = { id: number; public_id: string; address: string };

/**
 * The demo agent, to book on as a buyer. The seeded demo has "Require my approval" on (decision 045); the tests
 * that book on her pages expect an instant confirmation, so it is switched off here, as an agent would.
 */
export async function demoAgent(): Promise<{ id: string; properties: PublicProperty[] }> {
  const [agent] = await query<{ id: string }>('select id from agents where username = $1', [DEMO.username]);
  if (!agent) throw new Error('demo agent missing');
  await query('update availability_settings set requires_approval = false where agent_id = $1', [agent.id]);
  const { json } = await api<{ properties: PublicProperty[] }>('GET', `/properties/public/${agent.id}`);
  return { id: agent.id, properties: json.properties };
}

/** A fresh agent with an account and profile (no properties), for tests that must not share slots. */
export async function newAgent(
  name: string,
  timeZone: string = DEMO.timeZone,
): Promise<{ id: string; token: string; username: string; email: string; password: string }> {
  const stamp = Date.now().toString(36);
  const email = `${name.toLowerCase()}.${stamp}@example.com`;
  const password = 'e2e-password-1';
  const signUp = await api<{ token: string }>('POST', '/auth/sign-up/email', {
    firstName: name,
    lastName: 'Tester',
    email,
    password,
  });
  const token = signUp.json.token;
  const username = `${name.toLowerCase()}-${stamp}`;
  const created = await api<{ data: { id: string } }>(
    'POST',
    '/agents',
    { first_name: name, last_name: 'Tester', phone: '+1 312 555 0100', username, timeZone },
    token,
  );
  if (created.status !== 201) throw new Error(`agent creation failed: ${JSON.stringify(created.json)}`);
  return { id: created.json.data.id, token, username, email, password };
}

/** A weekday at least `minDaysAhead` days from today in the agent's zone, as yyyy-MM-dd. */
export function nextWeekday(minDaysAhead: number, skip = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO.timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + minDaysAhead);
  let skipped = 0;
  for (;;) {
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) {
      if (skipped === skip) return date.toISOString().slice(0, 10);
      skipped++;
    }
    date.setUTCDate(date.getUTCDate() + 1);
  }
}

/**
 * The first free slot of an agent on a weekday at least `minDaysAhead` days ahead (the demo agent's diary is
 * full of seeded bookings): its date, 'HH:mm' time and the button's label ('10:30 AM').
 */
export async function freeSlot(
  agentId: string,
  minDaysAhead: number,
): Promise<{ date: string; time: string; label: string }> {
  for (let skip = 0; skip < 10; skip++) {
    const date = nextWeekday(minDaysAhead, skip);
    const { json } = await api<{ availableSlots: string[] }>(
      'GET',
      `/booking/availability/agent/${agentId}/${date}`,
    );
    const time = json.availableSlots[0]?.slice(0, 5);
    if (time) return { date, time, label: to12Hour(time) };
  }
  throw new Error(`no free slot for agent ${agentId}`);
}

/** 'Wednesday, November 25, 2026' — how the calendar labels a day. */
export function dayLabel(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

/** Browser state with the analytics choice already made, so the consent banner stays out of the way. */
export const CONSENT_DECIDED = {
  cookies: [],
  origins: [{ origin: BASE_URL, localStorage: [{ name: 'cookie-consent', value: 'rejected' }] }],
};

/** A public Brooklyn listing of `agent` at `address` (3 beds unless said), made through the agent's API. */
export async function newListing(
  agent: { token: string },
  address: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; public_id: string }> {
  const res = await api<{ data: { id: number; public_id: string } }>(
    'POST',
    '/properties',
    {
      address,
      city: 'Brooklyn',
      state: 'NY',
      zip_code: '11215',
      price: 720000,
      bedrooms: 3,
      bathrooms: 2,
      property_type: 'Residential',
      images: [],
      is_public: true,
      ...extra,
    },
    agent.token,
  );
  if (res.status !== 201) throw new Error(`listing not created: ${JSON.stringify(res.json)}`);
  return res.json.data;
}
