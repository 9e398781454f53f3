// Issue 44 "Held times": the agent sets 10 minutes on Settings → Availability (1280 px); then at 375 px, two
// buyers on two phones: the first chooses a time and, on the details step, sees that it is held for them and for
// how long; the second, meanwhile, is not offered that time; the first books it with the hold, which is then used
// up.
import { expect, test } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import { pickDate } from '../support/calendar.ts';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { api, CONSENT_DECIDED, freeSlot, newAgent, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test('a chosen time is held for its buyer: the other buyer is not offered it; the holder books it', async ({
  browser,
  page,
}, testInfo) => {
  const agent = await newAgent('Holds');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, agent);
  await page.goto('/dashboard/settings?tab=availability');
  const minutes = page.getByLabel(HOLD_TEXTS.setting.label);
  await expect(minutes).toHaveValue('5');
  await minutes.selectOption({ label: '10 minutes' });
  await expect(page.getByText(HOLD_TEXTS.setting.saved)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('held-times-settings-1280.png'), fullPage: true });
  const listing = await api<{ data: { id: number; public_id: string } }>(
    'POST',
    '/properties',
    {
      address: '7 Orchard Lane',
      city: 'Brooklyn',
      state: 'NY',
      zip_code: '11201',
      price: 640000,
      bedrooms: 2,
      bathrooms: 1,
      property_type: 'Residential',
      images: [],
      is_public: true,
    },
    agent.token,
  );
  expect(listing.status).toBe(201);
  const home = listing.json.data;
  const { date, label } = await freeSlot(agent.id, 2);
  const path = propertyBookingPath(agent.username, '7 Orchard Lane', home.public_id);
  const phone = () =>
    browser.newContext({ viewport: { width: 375, height: 812 }, storageState: CONSENT_DECIDED });
  const time = new RegExp(`^${label.replace(/ /g, '\\s')}`);

  const first = await (await phone()).newPage();
  await first.goto(path);
  await pickDate(first, date);
  await first.getByRole('button', { name: time }).first().click();
  await first.getByRole('button', { name: 'Continue to Details' }).click();
  const notice = first.getByTestId('hold-notice');
  await expect(notice).toContainText(new RegExp(`We’re holding ${label} .* for you for (10:00|9:\\d\\d)`));
  expect(await first.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await first.screenshot({ path: testInfo.outputPath('held-time-details-375.png'), fullPage: true });

  const second = await (await phone()).newPage();
  await second.goto(path);
  await pickDate(second, date);
  await expect(second.getByRole('button', { name: /^\d{1,2}:\d\d\s[AP]M/ }).first()).toBeVisible();
  await expect(second.getByRole('button', { name: time })).toHaveCount(0);
  await second.screenshot({ path: testInfo.outputPath('held-time-other-buyer-375.png'), fullPage: true });

  await first.getByLabel('Full name').fill('Harper Holder');
  await first.getByLabel('Email', { exact: true }).fill(`harper.${Date.now()}@example.com`);
  await first.getByLabel('Phone', { exact: true }).fill('+1 718 555 0142');
  await first.getByLabel('Buyer type').selectOption('first_time_buyer');
  await first.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(first.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const booked = await query<{ client_name: string }>(
    'select client_name from bookings where property_id = $1',
    [home.id],
  );
  expect(booked.map((b) => b.client_name)).toEqual(['Harper Holder']);
  const holds = await query('select id from slot_holds where agent_id = $1', [agent.id]);
  expect(holds).toHaveLength(0);
});
