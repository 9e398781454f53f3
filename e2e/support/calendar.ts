// Picking a date on the booking page's calendar, shared by the booking journeys. The calendar is its own lazily
// loaded chunk (issue 18): wait until it is on screen before deciding whether the date is in this month, or a
// check made while it is still loading pages on past the date.
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { dayLabel } from './server.ts';

/** @param page the booking page, or the frame it is embedded in (embed.spec.ts). */
export async function pickDate(
  page: Page | FrameLocator,
  isoDate: string,
  click: (target: Locator) => Promise<void> = (target) => target.click(),
): Promise<void> {
  const next = page.getByRole('button', { name: 'Next month' });
  await expect(next).toBeVisible();
  // The grid of the date's own month (named by its title, e.g. "December 2026"): a day of the next month is
  // also drawn, not selectable, in the last row of this month's grid, so seeing its button is not enough.
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const title = new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const grid = page.getByRole('grid', { name: title, exact: true });
  for (let i = 0; i < 3 && !(await grid.isVisible()); i++) await click(next);
  await click(grid.getByRole('button', { name: dayLabel(isoDate), exact: true }));
}
