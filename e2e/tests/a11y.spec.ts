// Accessibility of every public page (issue 5): axe-core in Chromium, WCAG 2.x A/AA rules and best practices;
// no serious or critical violation may remain. Each page is checked at phone and desktop width, after its
// content has loaded, and once with the cookie banner open.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { agentBookingPath } from '@keyturn/domain/links';
import { DEMO, query } from '../support/server.ts';

const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/about',
  '/features',
  '/success-stories',
  '/privacy-policy',
  '/accessibility',
  '/waiting-list',
  '/waiting-list/waitlist-thankyou',
  '/waitlist-thankyou',
  '/sign-in',
  '/sign-up',
];

const WIDTHS = [375, 1280];

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

async function settle(page: Page) {
  await expect(page.getByText('Loading page...')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Lazy images, then the entrance transitions (thank-you page) run to their end: axe reads colours as drawn, so a
  // fading heading would be judged mid-fade. Awaited, not slept (issue 42); endless ones (spinners) never end.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await settle(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the public booking page has no serious or critical violations', async ({ page }) => {
      const [agent] = await query<{ id: string }>('select id from agents where username = $1', [
        DEMO.username,
      ]);
      if (!agent) throw new Error('demo agent missing');
      await page.goto(agentBookingPath(agent.id, DEMO.username));
      await expect(page.getByText('Loading booking details...')).toHaveCount(0);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('with the cookie banner open', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the banner itself has no serious or critical violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('its compact form on the booking page at 375 px has none either', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const [agent] = await query<{ id: string }>('select id from agents where username = $1', [DEMO.username]);
    await page.goto(agentBookingPath(agent!.id, DEMO.username));
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveAttribute(
      'data-variant',
      'compact',
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('open dialogs', () => {
  test('the sales enquiry form and the screenshot lightbox have no serious or critical violations', async ({
    page,
  }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Talk to Sales team' }).click();
    await expect(page.getByRole('dialog', { name: 'Talk to our sales team' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/waiting-list');
    await page.locator('[aria-roledescription="slide"][data-active="true"] button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
