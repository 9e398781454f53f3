// Launch mode (issue 40, decision 069) in the browser: /, /pricing, /waiting-list and /about at 390 and 1280 px
// before launch (the specification's texts, letter for letter), then the administrator switches the server to
// Launched on Server settings and the same pages show no pre-launch element (server-rendered and hydrated
// without a warning), and the waiting list refuses new names; at the end the administrator switches back to
// Automatic (no billing here: before launch), so the specs after this one see the pre-launch pages again.
// Screenshots in test-results/launch-mode-shots (or E2E_SHOTS_DIR).
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { api, CONSENT_DECIDED, query } from '../support/server.ts';
import { ensureServerOwner, SERVER_OWNER } from '../support/server-owner.ts';
import { signIn } from '../support/sign-in.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ storageState: CONSENT_DECIDED });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/launch-mode-shots';
// The administrator (ADMIN_EMAILS in playwright.config.ts); server-settings.spec.ts may have made it already.
const OWNER = SERVER_OWNER;
const PAGES = ['/', '/pricing', '/waiting-list', '/about'] as const;
const WIDTHS = [390, 1280] as const;

/** The specification's pre-launch texts each page shows, exactly. */
const BEFORE: Record<(typeof PAGES)[number], string[]> = {
  '/': ['Launching Q3 2025 · 25% off for life on the waiting list', 'Be first in line'],
  '/pricing': ['Coming Soon'],
  '/waiting-list': ['Waiting list · launching Q3 2025', 'Join the waiting list', 'Book your Demo'],
  '/about': ['Join the waiting list, or take another look around first.', '10k+'],
};
/** What no page may show once launched. */
const PRE_LAUNCH = [
  'Join Waiting List',
  'Coming Soon',
  'Launching',
  'launching',
  'Q3 2025',
  'When does Keyturn launch?',
  'have not launched',
  '50k+',
  '10k+',
  'Be first in line',
];

test.beforeAll(async () => {
  await query(`delete from server_settings where key = 'SITE_LAUNCH'`);
  await ensureServerOwner();
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  // Whatever happened above, the specs after this one see the server before launch.
  await query(`delete from server_settings where key = 'SITE_LAUNCH'`);
});

/** Opens `path` and collects what the browser says about hydration on the way. */
async function open(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|did not match|recoverable/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(path);
  await expect(page.locator('h1')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  return problems;
}

const shotName = (stage: string, path: string, width: number) =>
  `${SHOTS}/${stage}-${path === '/' ? 'home' : path.slice(1)}-${width}.png`;

/** The administrator chooses a launch mode in Server settings (its own browser: signed in, / is the dashboard). */
async function chooseLaunch(browser: Browser, label: string): Promise<void> {
  const context = await browser.newContext({ storageState: CONSENT_DECIDED });
  try {
    const admin = await context.newPage();
    await signIn(admin, OWNER);
    await admin.goto('/dashboard/server-settings');
    const section = admin.getByRole('region', { name: 'Launch' });
    await expect(section.getByText(/Before launch the public pages invite visitors/)).toBeVisible();
    await section.getByLabel('Public site').selectOption({ label });
    await section.getByRole('button', { name: 'Save Launch' }).click();
    await expect(admin.getByText('Server settings saved.')).toBeVisible();
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(section.getByRole('status')).toContainText('The public site is');
    await admin.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${SHOTS}/server-settings-launch-${label.split(/\W/)[0]}-390.png` });
  } finally {
    await context.close();
  }
}

test('before launch: the specification’s texts on /, /pricing, /waiting-list and /about at 390 and 1280 px', async ({
  page,
}) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of PAGES) {
      const problems = await open(page, path);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Join Waiting List' }).first()).toBeVisible();
      for (const text of BEFORE[path]) {
        await expect(
          page.getByText(text, { exact: true }).first(),
          `${path} ${width}: ${text}`,
        ).toBeAttached();
      }
      if (path === '/' || path === '/pricing') {
        // The FAQ's question (its summary also holds the "+" mark).
        await expect(page.locator('summary', { hasText: 'When does Keyturn launch?' })).toHaveCount(1);
      }
      expect(problems, `${path} ${width}`).toEqual([]);
      await page.screenshot({ path: shotName('before', path, width), fullPage: true });
    }
  }
});

test('launched on Server settings: no pre-launch element on the four pages, the list closed, the trial offered', async ({
  page,
  browser,
}) => {
  await chooseLaunch(browser, 'Launched');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of PAGES) {
      const problems = await open(page, path);
      // The server's HTML is already the launched page (decision 034: what the browser hydrates).
      const html = await (await page.request.get(path)).text();
      expect(html, path).toContain('"launched":true');
      const text = await page.locator('body').innerText();
      for (const gone of PRE_LAUNCH) expect(text, `${path} ${width}: ${gone}`).not.toContain(gone);
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: LAUNCH_TEXTS.startTrial }).first()).toBeVisible();
      expect(problems, `${path} ${width}`).toEqual([]);
      await page.screenshot({ path: shotName('after', path, width), fullPage: true });
    }
  }
  await page.goto('/waiting-list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAUNCH_TEXTS.waitlistClosedTitle);
  await page.getByRole('link', { name: LAUNCH_TEXTS.startTrialLong }).click();
  await expect(page).toHaveURL(/\/sign-up\?next=%2Fdashboard%2Fsubscription/);
  const refused = await api('POST', '/waitlist', {
    name: 'Late Comer',
    email: `late-${Date.now()}@example.com`,
    segment: 'residential',
  });
  expect(refused.status).toBe(409);
});

test('switched back to Automatic (no billing on this server): the pre-launch pages again', async ({
  page,
  browser,
}) => {
  await chooseLaunch(browser, 'Automatic: launched once billing is set up');
  for (const path of PAGES) {
    await open(page, path);
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Join Waiting List' }).first(),
    ).toBeAttached();
  }
  await expect(page.getByText('Join the waiting list, or take another look around first.')).toBeVisible();
});
