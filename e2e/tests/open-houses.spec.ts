// Issue 44 "Open houses with capacity": the agent schedules an open house on Bookings (1280 px) — a property, a
// date, 1:00–2:00 PM, 2 groups per 30 minutes; on a phone (375 px) the property's booking page lists its times
// with the places left, a buyer registers for one and gets her booking; the agent sees her registered.
import { expect, test } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import { OPEN_HOUSE_TEXTS } from '@keyturn/domain/slots/openHouse';
import { CONSENT_DECIDED, newListing, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test('an open house scheduled by the agent, registered for by a buyer on a phone', async ({
  browser,
  page,
}, testInfo) => {
  const agent = await newAgent('Openhouse');
  const home = await newListing(agent, '8 Willow Court');
  const date = nextWeekday(3);
  const words = OPEN_HOUSE_TEXTS.agent;

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, agent);
  await page.goto('/dashboard/bookings');
  await page.getByRole('button', { name: words.create }).click();
  const dialog = page.getByRole('dialog', { name: words.create });
  await dialog.getByLabel(words.property).selectOption({ label: '8 Willow Court' });
  await dialog.getByLabel(words.date).fill(date);
  await dialog.getByLabel(words.from).fill('13:00');
  await dialog.getByLabel(words.to).fill('14:00');
  await dialog.getByLabel(words.groups).fill('2');
  await dialog.getByRole('button', { name: words.save }).click();
  await expect(page.getByText(words.saved)).toBeVisible();
  await expect(page.getByText(words.registrations(0, 4))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('open-house-agent-1280.png'), fullPage: true });

  const buyer = await (
    await browser.newContext({ viewport: { width: 375, height: 812 }, storageState: CONSENT_DECIDED })
  ).newPage();
  await buyer.goto(propertyBookingPath(agent.username, '8 Willow Court', home.public_id));
  const panel = buyer.getByRole('region', { name: OPEN_HOUSE_TEXTS.public.heading });
  await panel.getByRole('button', { name: `1:30 PM ${OPEN_HOUSE_TEXTS.public.left(2)}` }).click();
  await buyer.getByLabel('Full name').fill('Orla Open');
  await buyer.getByLabel('Email', { exact: true }).fill(`orla.${Date.now()}@example.com`);
  await buyer.getByLabel('Phone', { exact: true }).fill('+1 718 555 0160');
  await buyer.getByLabel('Buyer type').selectOption('first_time_buyer');
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await buyer.screenshot({ path: testInfo.outputPath('open-house-register-375.png'), fullPage: true });
  await buyer.getByRole('button', { name: OPEN_HOUSE_TEXTS.public.submit }).click();
  await expect(buyer.getByText(/You’re registered for .*1:30 PM/)).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Manage your booking' })).toBeVisible();
  await buyer.screenshot({ path: testInfo.outputPath('open-house-registered-375.png'), fullPage: true });
  const rows = await query<{ client_name: string; booking_purpose: string }>(
    "select client_name, booking_purpose from bookings where property_id = $1 and status = 'confirmed'",
    [home.id],
  );
  expect(rows).toEqual([{ client_name: 'Orla Open', booking_purpose: 'open_house' }]);

  await page.reload();
  await expect(page.getByText(words.registrations(1, 4))).toBeVisible();
  await expect(page.getByText(/Orla Open/).first()).toBeVisible();
});
