// Accounts of issue 11 in Chromium: a common password is refused at sign-up with the server's message, and
// Settings → Account changes the password — the other browser is signed out, the old password stops working.
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@keyturn/domain/messages';
import { CONSENT_DECIDED, newAgent } from '../support/server.ts';

test.use({ storageState: CONSENT_DECIDED });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

test('sign-up refuses 12345678 with a clear message under the password', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Morgan');
  await page.getByLabel('Last name').fill('Common');
  await page.getByLabel('Email').fill(`morgan.common.${Date.now()}@example.com`);
  await page.getByLabel('Password').fill('12345678');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(MESSAGES.passwordTooCommon);
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/sign-up$/);
});

test('changing the password in Settings → Account signs out the other browser; the new password works', async ({
  page,
  browser,
}) => {
  const agent = await newAgent('Sasha');
  const other = await browser.newContext({ storageState: CONSENT_DECIDED });
  const otherPage = await other.newPage();
  await signIn(otherPage, agent.email, agent.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings?tab=account');
  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password').fill(agent.password);
  await form.getByLabel('New password', { exact: true }).fill('new-keys-2026');
  await form.getByLabel('Confirm new password').fill('new-keys-2027');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();

  await form.getByLabel('Confirm new password').fill('new-keys-2026');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(MESSAGES.passwordChanged)).toBeVisible();

  // This browser carries on with its fresh session; the other one is signed out.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await otherPage.goto('/dashboard');
  await expect(otherPage).toHaveURL(/\/sign-in$/);
  await other.close();

  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, agent.email, agent.password);
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
  await signIn(page, agent.email, 'new-keys-2026');
  await expect(page).toHaveURL(/\/dashboard$/);
});
