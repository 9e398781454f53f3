// Issue 44 "Daily caps for the agent": the agent chooses "1 showing a day" on Settings → Availability (1280 px);
// once a buyer has booked a day, another buyer's phone (390 px) offers no time that day on another listing (the
// calendar does not mark it; the date's answer says why).
import { expect, test } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import { agentDayFullWhy, DAILY_CAP_UI } from '@keyturn/domain/slots/agentDailyCap';
import { pickDate } from '../support/calendar.ts';
import { api, bookAsBuyer, CONSENT_DECIDED, freeSlot, newAgent } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test('a daily showing limit of one: a booked day offers no time on any listing', async ({
  page,
  browser,
}, testInfo) => {
  const agent = await newAgent('Cap');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, agent);
  await page.goto('/dashboard/settings?tab=availability');
  const limit = page.getByLabel(DAILY_CAP_UI.label);
  await expect(limit).toHaveValue('none');
  await limit.selectOption({ label: '1 showing a day' });
  await expect(page.getByText(DAILY_CAP_UI.saved)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('daily-cap-settings-1280.png'), fullPage: true });

  const listing = await api<{ data: { public_id: string } }>(
    'POST',
    '/properties',
    {
      address: '15 Pierrepont Street',
      city: 'Brooklyn',
      state: 'NY',
      zip_code: '11201',
      price: 990000,
      bedrooms: 3,
      bathrooms: 2,
      property_type: 'Residential',
      images: [],
      is_public: true,
    },
    agent.token,
  );
  expect(listing.status).toBe(201);
  const { date, time } = await freeSlot(agent.id, 2);
  expect((await bookAsBuyer(agent.id, date, time)).status).toBe(201);

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: CONSENT_DECIDED,
  });
  const buyer = await phone.newPage();
  await buyer.goto(propertyBookingPath(agent.username, '15 Pierrepont Street', listing.json.data.public_id));
  await pickDate(buyer, date);
  await expect(buyer.getByText('No available time slots for this date')).toBeVisible();
  await expect(buyer.getByRole('button', { name: /^\d{1,2}:\d\d\s[AP]M/ })).toHaveCount(0);
  const answer = await api<{ slots: unknown[]; removed_why: string[] }>(
    'GET',
    `/booking/availability/${listing.json.data.public_id}/${date}`,
  );
  expect(answer.json).toMatchObject({ slots: [], removed_why: [agentDayFullWhy(1)] });
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await buyer.screenshot({ path: testInfo.outputPath('daily-cap-buyer-390.png'), fullPage: true });
  await phone.close();
});
