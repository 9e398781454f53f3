// Issue 41 at 390 px: sign up → verify from the e-mail → sign out → "Forgot password?" → reset from the e-mail
// → sign in → turn on two-factor in Settings → Account → sign out → sign in with a code from the authenticator
// app (otplib, the key the page showed). The e-mails are read where the server kept them (the outbox).
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { accountLink } from '../support/account-mail.ts';
import { api, DEMO } from '../support/server.ts';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/account-security-shots';

test.use({ viewport: { width: 390, height: 844 } });

test('sign up, verify, forget the password, reset it, and sign in with two-factor at 390 px', async ({
  page,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now().toString(36);
  const email = `robin.${stamp}@example.com`;

  // Sign up: the dashboard works at once and says the address is not confirmed yet.
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Vale');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-house-2026');
  await page.getByRole('button', { name: /create|sign up/i }).click();
  await expect(page).toHaveURL(/\/(profile|dashboard)/);
  // The agent profile, so the dashboard opens (what /profile does).
  // The agent profile, so the dashboard and Settings open (what /profile does).
  const session = await api<{ token: string }>('POST', '/auth/sign-in/email', {
    email,
    password: 'first-house-2026',
  });
  const created = await api(
    'POST',
    '/agents',
    {
      first_name: 'Robin',
      last_name: 'Vale',
      phone: '+1 312 555 0142',
      username: `robin-${stamp}`,
      timeZone: DEMO.timeZone,
    },
    session.json.token,
  );
  expect(created.status).toBe(201);
  await page.goto('/dashboard');
  const banner = page.getByTestId('verify-email-banner');
  await expect(banner).toContainText(email);
  await page.screenshot({ path: `${SHOTS}/1-banner-390.png`, fullPage: true });

  // Verify from the e-mail: the link opens the page, which confirms it; the banner is gone.
  await page.goto(await accountLink('verify', email));
  await expect(page.getByText(ACCOUNT_TEXTS.emailVerified)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/2-verified-390.png`, fullPage: true });
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(banner).toHaveCount(0);

  // Sign out.
  await page.evaluate(() => localStorage.removeItem('keyturn.session-token'));
  await page.goto('/sign-in');

  // Forgot password → the e-mail's link → a new password (a common one is refused first).
  await page.getByRole('link', { name: ACCOUNT_TEXTS.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/sign-in\/forgot-password$/);
  const asked = new Date(Date.now() - 1000);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: ACCOUNT_TEXTS.forgotPasswordSubmit }).click();
  await expect(page.getByText(ACCOUNT_TEXTS.forgotPasswordSent)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/3-forgot-390.png`, fullPage: true });
  await page.goto(await accountLink('reset', email, asked));
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByLabel('Confirm new password').fill('password1');
  await page.getByRole('button', { name: ACCOUNT_TEXTS.resetPasswordSubmit }).click();
  await expect(page.getByText('This password is too common')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('second-house-2026');
  await page.getByLabel('Confirm new password').fill('second-house-2026');
  await page.getByRole('button', { name: ACCOUNT_TEXTS.resetPasswordSubmit }).click();
  await expect(page.getByText(ACCOUNT_TEXTS.resetPasswordDone)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/4-reset-390.png`, fullPage: true });

  // Sign in with the new password, then turn two-factor on in Settings → Account.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second-house-2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings?tab=account');
  const twoFactor = page.getByRole('region', { name: ACCOUNT_TEXTS.twoFactorTitle });
  await expect(twoFactor.getByTestId('two-factor-state')).toHaveText(ACCOUNT_TEXTS.twoFactorOff, {
    timeout: 45_000,
  });
  await twoFactor.getByLabel(ACCOUNT_TEXTS.twoFactorPasswordLabel).fill('second-house-2026');
  await twoFactor.getByRole('button', { name: ACCOUNT_TEXTS.twoFactorStart }).click();
  const secret = (await twoFactor.getByTestId('totp-secret').textContent())!.trim();
  await expect(twoFactor.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await twoFactor.getByLabel(ACCOUNT_TEXTS.twoFactorCodeLabel).fill(await generate({ secret }));
  await twoFactor.getByRole('button', { name: ACCOUNT_TEXTS.twoFactorConfirm }).click();
  await expect(twoFactor.getByTestId('two-factor-state')).toHaveText(ACCOUNT_TEXTS.twoFactorOn);
  await page.screenshot({ path: `${SHOTS}/5-settings-390.png`, fullPage: true });

  // Sign out, and sign in again: the password alone is not enough, the app's code is.
  await page.evaluate(() => localStorage.removeItem('keyturn.session-token'));
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('second-house-2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { name: ACCOUNT_TEXTS.twoFactorSignInTitle })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/6-code-390.png`, fullPage: true });
  await page.getByLabel(ACCOUNT_TEXTS.twoFactorCodeLabel).fill(await generate({ secret }));
  await page.getByRole('button', { name: ACCOUNT_TEXTS.twoFactorVerify }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
