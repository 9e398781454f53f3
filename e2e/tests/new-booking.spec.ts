// The agent's New booking in Chromium (issue 19): it opens on today without an error and asks the agent's
// own free times (today's remaining ones); a showing already held is recorded with a typed time on a past
// date and saved as completed; the booking it opens is in the URL — back closes it, forward and reload
// reopen it.
import { expect, test } from '@playwright/test';
import { CONSENT_DECIDED, DEMO, newAgent } from '../support/server.ts';

test.use({ storageState: CONSENT_DECIDED });

const dayIn = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO.timeZone }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test('New booking opens on today, records a past showing as completed, and the booking is in the URL', async ({
  page,
}) => {
  const agent = await newAgent('Rowan');
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/bookings');
  const freeToday = page.waitForResponse((res) => res.url().includes(`/api/bookings/free-slots/${dayIn(0)}`));
  await page.getByRole('button', { name: 'New booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New booking' });
  await expect(dialog.getByLabel('Date')).toHaveValue(dayIn(0));
  expect((await freeToday).status()).toBe(200);
  await expect(dialog.getByRole('group', { name: 'Time · Central Time (Chicago)' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await dialog.getByLabel('Date').fill(dayIn(-2));
  await dialog.getByLabel('Time').fill('10:30');
  await dialog.getByLabel('Full name').fill('Quinn Held');
  await dialog.getByLabel('Email').fill(`quinn.${Date.now()}@example.com`);
  await dialog.getByLabel('Phone').fill('+1 312 555 0177');
  await dialog.getByLabel('Buyer type').selectOption('investor');
  await dialog.getByRole('button', { name: 'Create booking' }).click();

  const details = page.getByRole('dialog', { name: 'Booking details' });
  await expect(details).toContainText('Completed');
  await expect(details).toContainText('10:30 AM');
  await expect(page).toHaveURL(/[?&]booking=/);
  await page.goBack();
  await expect(details).toHaveCount(0);
  await page.goForward();
  await expect(details).toContainText('Quinn Held');
  await page.reload();
  await expect(details).toContainText('Quinn Held');
});
