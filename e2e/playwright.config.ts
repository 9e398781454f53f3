// Browser tests: Debian's Chromium against the real built app and API server, with its own fresh
// embedded database in a temporary DATA_DIR for this run.
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './support/chromium.ts';
import { TAG_MANAGER, TAG_MANAGER_SCRIPT_URL } from './support/tag-manager.ts';
import { MAPS_BASE, MAPS_CONTACT, MAPS_PORT } from './support/maps.ts';
import { BASE_URL, E2E_PORT, serverDataDir, serverPort } from './support/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = E2E_PORT;
// Specs may run in parallel workers (issue 42, decision 076), each against its own server and embedded database,
// so nothing one spec does on the server (launch mode, server settings, the demo agent's bookings) reaches a spec
// running beside it. A spec file stays in one worker, in order; files are handed out in name order as workers
// come free. A worker keeps about two cores busy (its server and Chromium): one per two cores, so one on a
// two-core machine, where two made journeys outrun their 60 s and saved 3 of 24 minutes. E2E_WORKERS overrides.
const workers = Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));
// A fresh database every run: the main process empties the folder before the servers start; workers load this
// file again and inherit the folder through the environment instead of wiping it.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.join(here, '.data');
  rmSync(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
const dataRoot = process.env.E2E_DATA_DIR;
/** This process's server: a worker's own (TEST_PARALLEL_INDEX); the main process names the first. */
export const baseURL = BASE_URL;
/** The 127.0.0.1 server speaking Google's and Microsoft's calendar protocols (apps/api/test/support). */
const calendarPort = Number(process.env.E2E_CALENDAR_PORT ?? port + 1000);
const calendarBase = `http://127.0.0.1:${calendarPort}`;
// The maps provider on 127.0.0.1 (support/maps.ts): the server's maps default to OpenStreetMap's public
// services (issue 30), so both the tiles and the geocoder are pointed at it here.
const mapsPort = MAPS_PORT;
const mapsBase = MAPS_BASE;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // Every test starts with the analytics choice made (rejected), so the cookie banner that appears 1 s after
    // load does not cover what a test clicks; tests/public-site.spec.ts starts without a choice to test it.
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'cookie-consent', value: 'rejected' }] }],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node --import tsx ${path.join(here, '../apps/api/test/support/calendar-provider-main.ts')}`,
      cwd: path.join(here, '../apps/api'),
      url: `${calendarBase}/google/calendar/v3/users/me/calendarList`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { CALENDAR_PROVIDER_PORT: String(calendarPort) },
    },
    {
      command: `node --import tsx ${path.join(here, '../apps/api/test/support/maps-provider-main.ts')}`,
      cwd: path.join(here, '../apps/api'),
      url: `${mapsBase}/tiles/0/0/0.png`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { MAPS_PROVIDER_PORT: String(mapsPort) },
    },
    ...Array.from({ length: workers }, (_, worker) => apiServer(worker)),
  ],
});

/**
 * Worker `worker`'s API server: the built app, its own embedded database in DATA_DIR, the demo seeded. It runs as
 * `npm run serve` does: the server's bundle built from today's src/, then started (decision 080).
 */
function apiServer(worker: number): Extract<PlaywrightTestConfig['webServer'], unknown[]>[number] {
  return {
    command: 'node scripts/build.mjs && node dist/server.mjs',
    cwd: path.join(here, '../apps/api'),
    url: `http://localhost:${serverPort(worker)}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(serverPort(worker)),
      HOST: '127.0.0.1',
      DATA_DIR: serverDataDir(dataRoot, worker),
      PUBLIC_URL: `http://localhost:${serverPort(worker)}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The build of `npm run test:e2e` carries the same two settings; the server's CSP admits the stub.
      VITE_GTM_ID: TAG_MANAGER.id,
      VITE_GTM_SCRIPT_URL: TAG_MANAGER_SCRIPT_URL,
      PUBLIC_WRITE_LIMIT_PER_MINUTE: '200',
      // The whole suite runs from one address: its page loads and sign-ins must never meet a limit.
      PUBLIC_READ_LIMIT_PER_MINUTE: '10000',
      AUTH_LIMIT_PER_MINUTE: '1000',
      // ICS subscriptions and webhooks in the tests point at 127.0.0.1.
      ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true',
      DATABASE_URL: '',
      // Calendar sync against the provider server above (its client ids are the test server's own).
      GOOGLE_CLIENT_ID: 'keyturn-google-client',
      GOOGLE_CLIENT_SECRET: 'google-client-secret',
      GOOGLE_AUTH_URL: `${calendarBase}/google/authorize`,
      GOOGLE_TOKEN_URL: `${calendarBase}/google/token`,
      GOOGLE_REVOKE_URL: `${calendarBase}/google/revoke`,
      GOOGLE_API_URL: `${calendarBase}/google/calendar/v3`,
      MICROSOFT_CLIENT_ID: 'keyturn-microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'microsoft-client-secret',
      MICROSOFT_AUTHORITY_URL: `${calendarBase}/ms`,
      MICROSOFT_GRAPH_URL: `${calendarBase}/ms/graph/v1.0`,
      JOBS_POLL_SECONDS: '0.5',
      // Server settings (issue 30): tests/server-settings.spec.ts signs this address up as the administrator.
      ADMIN_EMAILS: 'server-owner@example.com',
      // Maps (issue 30): every URL at the 127.0.0.1 provider above; routing stays the straight-line estimate.
      MAP_TILE_URL: `${mapsBase}/tiles/{z}/{x}/{y}.png`,
      GEOCODER_URL: mapsBase,
      ROUTING_URL: '',
      KEYTURN_CONTACT_EMAIL: MAPS_CONTACT,
    },
  };
}
