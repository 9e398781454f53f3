// Foundation journeys in Chromium: an agent signs up, sets up a profile, lands in the dashboard shell,
// logs out, signs in again; guards and unknown paths behave as spec §2.1 says.
import { MESSAGES } from '@keyturn/domain/messages';
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_DECIDED } from '../support/server.ts';

const password = 'open-house-2026';
const agent = { firstName: 'Riley', lastName: 'Quinn', email: `riley.quinn.${Date.now()}@example.com` };

async function signIn(page: Page, email: string, pass: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(pass);
  await page.getByRole('button', { name: /sign in/i }).click();
}

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED });

test('sign-up lands on /profile; saving the profile opens the dashboard shell with name, e-mail and Basic badge', async ({
  page,
}) => {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill(agent.firstName);
  await page.getByLabel('Last name').fill(agent.lastName);
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill('short1');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-up$/);

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await expect(page.getByLabel('First name')).toHaveValue(agent.firstName);
  await page.getByLabel('Phone').fill('+1 512 555 0199');
  await page.getByLabel('Company name').fill('Quinn Property Group');
  await expect(page.getByLabel('Username')).toHaveValue(/riley-quinn/);
  await page.getByLabel('Username').fill(`riley-quinn-${Date.now()}`);
  await page.getByRole('button', { name: /save|continue|create/i }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation').first();
  for (const entry of [
    'Dashboard',
    'Properties',
    'Bookings',
    'Reports',
    'Feedback',
    'Subscription',
    'Settings',
  ]) {
    await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(page.getByText(`${agent.firstName} ${agent.lastName}`).first()).toBeVisible();
  await expect(page.getByText(agent.email).first()).toBeVisible();
  await expect(page.getByText('Basic', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('sign-in goes to /dashboard with the user and plan badge; Logout returns to /', async ({ page }) => {
  await signIn(page, agent.email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`${agent.firstName} ${agent.lastName}`).first()).toBeVisible();
  await expect(page.getByText('Basic', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Signed out for real: the dashboard is closed again.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a wrong password shows the server message and stays on /sign-in', async ({ page }) => {
  await signIn(page, agent.email, 'not-my-password');
  await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('visiting /dashboard signed out redirects to /sign-in', async ({ page }) => {
  await page.goto('/dashboard/properties');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('an unknown path shows the landing page with a line saying the address was not found (spec route table, issue 39)', async ({
  page,
}) => {
  await page.goto('/nope');
  await expect(page).toHaveURL(/\/nope$/);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.addressNotFound })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /join waiting list/i }).first()).toBeVisible();
});

test('the seeded demo agent can sign in and sees their dashboard', async ({ page }) => {
  await signIn(page, 'demo@keyturn.app', 'keyturn-demo');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Dana Whitfield').first()).toBeVisible();
});
