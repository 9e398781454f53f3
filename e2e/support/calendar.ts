// Picking a date on the booking page's calendar, shared by the booking journeys. The calendar is its own lazily
// loaded chunk (issue 18): wait until it is on screen before deciding whether the date is in this month, or a
// check made while it is still loading pages on past the date.
import { expect, type Locator, type Page } from '@playwright/test';
import { dayLabel } from './server.ts';

export async function pickDate(
  page: Page,
  isoDate: string,
  click: (target: Locator) => Promise<void> = (target) => target.click(),
): Promise<void> {
  const next = page.getByRole('button', { name: 'Next month' });
  await expect(next).toBeVisible();
  const day = page.getByRole('button', { name: dayLabel(isoDate), exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) await click(next);
  await click(day);
}
