// Settings → Calendars in the browser (issue 14): Connect Google → the provider's consent page (served by the
// calendar provider server on 127.0.0.1, started by playwright.config.ts) → Allow → the callback page finishes
// the exchange → connected, with the account's calendars listed; the same for Microsoft. Screenshots of the
// tab and the callback at 375 and 1280 px go to e2e/artifacts/.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { CONSENT_DECIDED, newAgent } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED });

let agent: Awaited<ReturnType<typeof newAgent>>;

test.beforeAll(async () => {
  agent = await newAgent('Calendars');
});

for (const [provider, button, account, primary] of [
  ['google', 'Connect Google', 'avery.agent@gmail.test', 'Avery Agent'],
  ['microsoft', 'Connect Microsoft', 'avery.agent@outlook.test', 'Calendar'],
] as const) {
  test(`${button} → consent on 127.0.0.1 → callback → connected with its calendars`, async ({ page }) => {
    await signIn(page, agent);
    await page.goto('/dashboard/settings?tab=calendars');
    await expect(page.getByRole('heading', { name: 'Calendars', exact: true })).toBeVisible();
    await page.getByRole('button', { name: button }).click();

    // The provider's own page, on its own origin.
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/`));
    await expect(page.getByRole('heading', { name: /Sign in with/ })).toBeVisible();
    const consent = new URL(page.url());
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('redirect_uri')).toMatch(new RegExp(`/oauth/${provider}/callback$`));
    await page.getByRole('link', { name: 'Allow' }).click();

    await expect(page).toHaveURL(new RegExp(`/oauth/${provider}/callback\\?`));
    await expect(page.getByText('Calendar connected.')).toBeVisible();
    await expect(page.getByText(account)).toBeVisible();
    if (provider === 'google') {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `artifacts/oauth-callback-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.getByRole('link', { name: 'Back to calendar settings' }).click();

    const card = page.getByRole('listitem').filter({ hasText: account });
    await expect(card).toBeVisible();
    await expect(card.getByRole('row', { name: new RegExp(primary) }).first()).toBeVisible();
    await expect(card.getByRole('checkbox', { name: `${primary} blocks availability` })).toBeChecked();
    // One calendar receives new showings: the first connected account's primary (Google's here).
    const target = card.getByRole('checkbox', { name: `${primary} receives new showings` });
    if (provider === 'google') await expect(target).toBeChecked();
    else await expect(target).not.toBeChecked();
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  });
}

test('Sync now, the feed address, and Disconnect with confirmation; screenshots', async ({ page }) => {
  await signIn(page, agent);
  await page.goto('/dashboard/settings?tab=calendars');
  const card = page.getByRole('listitem').filter({ hasText: 'avery.agent@gmail.test' });
  const [synced] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/integrations\/[^/]+\/sync$/.test(r.url()),
    ),
    card.getByRole('button', { name: 'Sync now' }).click(),
  ]);
  expect(synced.status()).toBe(200);
  // The job runs on the server's queue; the tab polls while the status is "Syncing…".
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText(/\/api\/calendar\/feed\/[A-Za-z0-9_-]+\.ics/)).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `artifacts/settings-calendars-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await card.getByRole('button', { name: 'Disconnect' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Disconnect Google Calendar?');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'avery.agent@gmail.test' })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'avery.agent@outlook.test' })).toBeVisible();
});
