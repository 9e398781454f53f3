// Issue 48: the buyer's first tap on the booking page's calendar is never lost. The page opened from a link with
// ?date= is server-rendered with its calendar; a tap on a day before React has taken the page over is kept by the first-paint script and made the choice once the calendar runs (lib/early-taps.ts,
// decision 078). On the bench's phone (4x CPU, 150 ms RTT, 1.6 Mbps, 390 px) and with the app's code held back.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { phonePage } from '../../bench/phone-profile.ts';
import { BASE_URL, demoAgent, freeSlot } from '../support/server.ts';

const DAY = '[role="gridcell"][aria-selected="false"] button:not([aria-disabled])';

/** Whether the first day button is still the server's (no React fiber on it: a tap now reaches no handler). */
const serverOwned = (page: Page) =>
  page
    .locator(DAY)
    .first()
    .evaluate((node) => !Object.keys(node).some((key) => key.startsWith('__reactFiber$')));

/** 'Monday, December 7': the heading of the time panel of a yyyy-MM-dd day. */
const panelHeading = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T12:00:00Z`));

for (const moment of ['as soon as the day shows', 'at the load event'] as const) {
  test(`on the phone, a tap on a date ${moment} is taken`, async ({ browser }) => {
    const agent = await demoAgent();
    const { date } = await freeSlot(agent.id, 3);
    const { context, page } = await phonePage(browser);
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${BASE_URL}/bookme/${agent.id}?date=${date}`, {
        waitUntil: moment === 'at the load event' ? 'load' : 'commit',
        timeout: 60_000,
      });
      const day = page.locator(DAY).first();
      await day.waitFor();
      const iso = (await day.getAttribute('data-date'))!;
      test.info().annotations.push({
        type: 'tapped before the take-over',
        description: String(await serverOwned(page)),
      });
      await day.tap();
      await expect(page.locator(`[role="gridcell"]:has(button[data-date="${iso}"])`)).toHaveAttribute(
        'aria-selected',
        'true',
        { timeout: 15_000 },
      );
      // The time panel follows the tapped day, and the app stayed well.
      await expect(
        page.getByRole('heading', { level: 3, name: panelHeading(iso), exact: true }),
      ).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('before any of the app’s code has run, a tapped day shows pressed at once and becomes the chosen date', async ({
  page,
}) => {
  const agent = await demoAgent();
  const { date } = await freeSlot(agent.id, 3);
  // The app's code is held until the tap is made: the server's markup is all there is.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/bookme/${agent.id}?date=${date}`, { waitUntil: 'commit' });
  const day = page.locator(DAY).first();
  await day.waitFor();
  expect(await serverOwned(page)).toBe(true);
  const iso = await day.getAttribute('data-date');
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  release();
  const cell = page.locator(`[role="gridcell"]:has(button[data-date="${iso}"])`);
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  // Taken over: the mark is gone and the next tap is React's own.
  await expect(page.locator(`button[data-date="${iso}"]`)).not.toHaveAttribute('aria-pressed', /.*/);
  const other = page.locator(DAY).first();
  const otherIso = await other.getAttribute('data-date');
  await other.click();
  await expect(page.locator(`[role="gridcell"]:has(button[data-date="${otherIso}"])`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
