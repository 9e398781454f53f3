// The team view's steps (issue 15, decision 026), for journeys that reach it: open it on a date, find a
// member's column and a booking in it, and hand the booking to another member through the dialog.
import { expect, type Locator, type Page } from '@playwright/test';
import { api, nextWeekday } from './server.ts';

/** Opens the team view (Dashboard → Team) on `date` (yyyy-MM-dd), day view. */
export async function openTeamView(page: Page, date: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }).click();
  await expect(page).toHaveURL(/\/dashboard\/team$/);
  await page.getByLabel('Date').fill(date);
  const schedule = page.getByRole('table');
  await expect(schedule).toBeVisible();
  return schedule;
}

/** The schedule's cell of `member` (their column) on the day shown. */
export async function memberCell(page: Page, member: string): Promise<Locator> {
  const table = page.getByRole('table');
  const headers = await table.getByRole('columnheader').allTextContents();
  const index = headers.findIndex((h) => h.startsWith(member));
  expect(index, `no column for ${member} in ${headers.join(' | ')}`).toBeGreaterThan(0);
  return table
    .locator('tbody tr')
    .first()
    .locator('td')
    .nth(index - 1);
}

/** Reassigns the booking of `buyer` at `time` (as shown, e.g. '10:00 AM') to `to`, from the schedule. */
export async function reassignInTeamView(
  page: Page,
  booking: { buyer: string; time: string },
  to: string,
): Promise<void> {
  await page.getByRole('button', { name: `Reassign ${booking.buyer}, ${booking.time}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reassign ${booking.buyer}` });
  await dialog.getByLabel('Reassign to').selectOption({ label: to });
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Now with ${to}.`)).toBeVisible();
}

/** A weekday from three days ahead with a team consultation time: the date and its first time's label. */
export async function firstTeamSlot(slug: string): Promise<{ date: string; label: string }> {
  let date = '';
  let label = '';
  for (let skip = 0; skip < 5 && !label; skip++) {
    date = nextWeekday(3, skip);
    const slots = await api<{ slots: { label: string }[] }>(
      'GET',
      `/public/teams/${slug}/availability/${date}`,
    );
    label = slots.json.slots[0]?.label ?? '';
  }
  return { date, label };
}
