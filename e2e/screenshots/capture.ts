// `npm run screenshots`: the waiting list's carousel and the landing page's walkthrough show real screens of
// Keyturn. This builds nothing itself (the npm script builds the web app first); it starts the real server on
// a throw-away database with the demo agent (whose seeded history fills the dashboard), signs in as the
// demo agent in Chromium and saves 1280×800 JPEGs into apps/web/public/screenshots. Run it again whenever the
// screens change.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { agentBookingPath, propertyBookingPath } from '@keyturn/domain/links';
import { to12Hour } from '@keyturn/domain/time';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.ts';
import { buildServer } from '../../apps/api/scripts/build.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(repo, 'apps/web/public/screenshots');
const DEMO = { email: 'demo@keyturn.app', password: 'keyturn-demo', username: 'dana-whitfield' };
const TIME_ZONE = 'America/Chicago';
const VIEWPORT = { width: 1280, height: 800 };
const JPEG_QUALITY = 75;
const SIZE_BUDGET_BYTES = 150 * 1024;

async function main(): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error('Chromium not found: apt-get install -y chromium, or set CHROMIUM_PATH');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-screenshots-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  await buildServer();
  const server = spawn('node', [path.join(repo, 'apps/api/dist/server.mjs')], {
    cwd: path.join(repo, 'apps/api'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Links on the dashboard read like the product's own address, not a loopback port.
      PUBLIC_URL: 'https://keyturn.app',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    await waitForHealth(base);
    const { agentId, properties } = await demoData(base);

    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: 1,
      baseURL: base,
      timezoneId: TIME_ZONE,
      locale: 'en-US',
    });
    // A decided consent keeps the cookie banner out of the pictures.
    await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'rejected'));
    const page = await context.newPage();

    await page.goto(agentBookingPath(agentId, DEMO.username));
    await page.getByText('Property Viewing', { exact: true }).first().click();
    await save(page, 'booking-page');

    const property = properties[0];
    if (!property) throw new Error('the demo agent has no properties');
    await page.goto(propertyBookingPath(DEMO.username, property.address, property.id));
    await page.getByRole('heading', { name: 'Select a Date & Time' }).waitFor();
    const slot = await freeSlot(base, agentId, weekdaysFromTomorrow(3));
    await pickDate(page, slot.date);
    await page.getByRole('button', { name: slot.label, exact: true }).click();
    await page.getByText(`Selected: ${slot.label}`).waitFor();
    await save(page, 'calendar');

    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/dashboard');
    await page.waitForLoadState('networkidle');
    await save(page, 'dashboard');
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function save(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400); // transitions settle
  const file = path.join(outDir, `${name}.jpg`);
  await page.screenshot({ path: file, type: 'jpeg', quality: JPEG_QUALITY });
  const { size } = await stat(file);
  const note = size > SIZE_BUDGET_BYTES ? `  (over the ${SIZE_BUDGET_BYTES / 1024} KB budget)` : '';
  console.log(`${path.relative(repo, file)}  ${(size / 1024).toFixed(1)} KB${note}`);
}

async function pickDate(page: Page, isoDate: string): Promise<void> {
  const label = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
  const day = page.getByRole('button', { name: label, exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
}

type Property = { id: number; address: string };

async function demoData(base: string): Promise<{ agentId: string; properties: Property[] }> {
  const signIn = await call<{ token: string }>(base, 'POST', '/auth/sign-in/email', {
    email: DEMO.email,
    password: DEMO.password,
  });
  const profile = await call<{ data: { id: string } }>(
    base,
    'GET',
    '/agents/profile',
    undefined,
    signIn.token,
  );
  const { properties } = await call<{ properties: Property[] }>(
    base,
    'GET',
    `/properties/public/${profile.data.id}`,
  );
  return { agentId: profile.data.id, properties };
}

/** The first free time on the last of `dates` that has one (the demo's diary holds seeded bookings). */
async function freeSlot(
  base: string,
  agentId: string,
  dates: string[],
): Promise<{ date: string; label: string }> {
  for (const date of [...dates].reverse()) {
    const { availableSlots } = await call<{ availableSlots: string[] }>(
      base,
      'GET',
      `/booking/availability/agent/${agentId}/${date}`,
    );
    const time = availableSlots.find((t) => t >= '10:00') ?? availableSlots[0];
    if (time) return { date, label: to12Hour(time.slice(0, 5)) };
  }
  throw new Error('the demo agent has no free time in the next days');
}

/** The next `count` Monday-to-Friday dates after today in the demo agent's zone, as yyyy-MM-dd. */
function weekdaysFromTomorrow(count: number): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  const days: string[] = [];
  while (days.length < count) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) days.push(date.toISOString().slice(0, 10));
  }
  return days;
}

async function call<T>(base: string, method: string, pathname: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api${pathname}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: base,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy within 120 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

await main();
