// Issue 32 §1 in Chromium: an agent opens a property's "Showing rules" at 390 px — every rule reads "Same as your
// settings" until set —, sets a preferred notice and a weekly blocked time with its reason, and saves; the buyer's
// booking page then says why that morning's times are missing and notes the preferred notice. An
// instructions-only property shows its instructions and the agent's contact instead of the calendar.
// Screenshots under /work/shots/rules when E2E_SHOTS is set (the test's output folder otherwise).
import { expect, test, type Page } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import { pickDate } from '../support/calendar.ts';
import { api, CONSENT_DECIDED, newAgent, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test.use({ storageState: CONSENT_DECIDED, viewport: { width: 390, height: 844 } });

async function shot(page: Page, name: string, outputPath: (name: string) => string) {
  const dir = process.env.E2E_SHOTS;
  await page.screenshot({ path: dir ? `${dir}/${name}` : outputPath(name), fullPage: true });
}

/** The next Tuesday at least two days ahead, as the agent's (New York) calendar reads it. */
function nextTuesday(): string {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

test('showing rules set at 390 px change what the buyer page offers, and say why', async ({
  page,
}, testInfo) => {
  const out = (name: string) => testInfo.outputPath(name);
  const agent = await newAgent('Rules');
  const listing = async (address: string) => {
    const res = await api<{ data: { id: number; public_id: string } }>(
      'POST',
      '/properties',
      {
        address,
        city: 'Brooklyn',
        state: 'NY',
        zip_code: '11201',
        price: 825000,
        bedrooms: 3,
        bathrooms: 2,
        property_type: 'Residential',
        images: [],
        is_public: true,
      },
      agent.token,
    );
    expect(res.status).toBe(201);
    return res.json.data;
  };
  const home = await listing('41 Cranberry Street');
  const office = await listing('9 Willow Place');

  await signIn(page, agent);
  await page.goto('/dashboard/properties');
  await page.getByRole('button', { name: 'Showing rules of 41 Cranberry Street' }).click();
  const dialog = page.getByRole('dialog', { name: 'Showing rules' });
  await expect(dialog.getByLabel('How it is shown')).toHaveValue('');
  await expect(dialog.getByLabel('How it is shown').locator('option:checked')).toHaveText(
    /^Same as your settings/,
  );
  await expect(dialog.getByText('Same as your settings: your working hours')).toBeVisible();
  await dialog.getByLabel('Preferred notice (hours)').fill('24');
  await dialog.getByRole('button', { name: 'Add a blocked time' }).click();
  await dialog.getByLabel('Day', { exact: true }).selectOption({ label: 'Tuesday' });
  await dialog.getByLabel('From', { exact: true }).fill('09:00');
  await dialog.getByLabel('To', { exact: true }).fill('12:00');
  await dialog.getByLabel('Reason the buyer sees').fill('the occupants are home');
  // Usable at 390 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'showing-rules-390.png', out);
  await dialog.getByRole('button', { name: 'Save rules' }).click();
  await expect(page.getByText('Showing rules saved.')).toBeVisible();
  const saved = await api<{ data: { rules: { suggestedNoticeMinutes: number; blocks: unknown[] } } }>(
    'GET',
    `/properties/${home.id}/showing-rules`,
    undefined,
    agent.token,
  );
  expect(saved.json.data.rules.suggestedNoticeMinutes).toBe(1440);
  expect(saved.json.data.rules.blocks).toEqual([
    { kind: 'weekly', weekday: 2, start: '09:00', end: '12:00', note: 'the occupants are home', by: 'agent' },
  ]);

  // The same dialog at 1280 px, reopened with what was saved.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Showing rules of 41 Cranberry Street' }).click();
  await expect(dialog.getByLabel('Reason the buyer sees')).toHaveValue('the occupants are home');
  await shot(page, 'showing-rules-1280.png', out);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The buyer's page: Tuesday morning is gone, and the page says why.
  await page.setViewportSize({ width: 390, height: 844 });
  const tuesday = nextTuesday();
  await page.goto(propertyBookingPath(agent.username, '41 Cranberry Street', home.public_id));
  await pickDate(page, tuesday);
  const notes = page.getByRole('list', { name: "About this home's times" });
  await expect(notes).toContainText('Not shown 9 AM–12 PM on Tuesdays: the occupants are home');
  await expect(notes).toContainText("The seller prefers 24 hours' notice");
  await expect(page.getByRole('button', { name: /^9:00 AM/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^12:00 PM/ }).first()).toBeVisible();
  await shot(page, 'buyer-page-why-390.png', out);

  // §5: a buyer's agent books for their client; the agent's booking details show both.
  await page
    .getByRole('button', { name: /^12:00 PM/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await page.getByLabel('Full name').fill('Casey Client');
  await page.getByLabel('Email', { exact: true }).fill(`casey.${Date.now()}@example.com`);
  await page.getByLabel('Phone', { exact: true }).fill('+1 312 555 0142');
  await page.getByLabel('Buyer type').selectOption('first_time_buyer');
  await page.getByLabel("I'm a buyer's agent booking for my client").check();
  await page.getByLabel('Your name').fill('Robin Realtor');
  await page.getByLabel('Brokerage').fill('Harbor Homes');
  await page.getByLabel('Licence number').fill('NY-10492');
  await page.getByLabel('Your phone').fill('+1 212 555 0142');
  await page.getByLabel(/^Your e-mail/).fill('robin@harbor.example');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'buyer-agent-form-390.png', out);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const [booked] = await query<{ id: string; buyer_agent_name: string; client_name: string }>(
    `select id, buyer_agent_name, client_name from bookings where property_id = $1`,
    [home.id],
  );
  expect(booked).toMatchObject({ buyer_agent_name: 'Robin Realtor', client_name: 'Casey Client' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/dashboard/bookings?booking=${booked!.id}`);
  const details = page.getByRole('dialog', { name: 'Booking details' });
  await expect(details.getByRole('heading', { name: "Buyer's agent" })).toBeVisible();
  await expect(details.getByText('NY-10492')).toBeVisible();
  await shot(page, 'booking-details-buyer-agent-1280.png', out);
  await page.setViewportSize({ width: 390, height: 844 });

  // Instructions only: no calendar, the instructions and the agent's contact.
  const put = await api(
    'PUT',
    `/properties/${office.id}/showing-rules`,
    { approval: 'instructions', instructions: 'Shown by the listing office only. Call ahead.' },
    agent.token,
  );
  expect(put.status).toBe(200);
  await page.goto(propertyBookingPath(agent.username, '9 Willow Place', office.public_id));
  await expect(page.getByRole('heading', { name: 'How to see this home' })).toBeVisible();
  await expect(page.getByText('Shown by the listing office only. Call ahead.')).toBeVisible();
  await expect(page.getByRole('link', { name: agent.email })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next month' })).toHaveCount(0);
  // Issue 39 §12: in the page's frame — the listing's address and the agent's brand.
  const about = page.getByRole('complementary', { name: 'About this booking' });
  await expect(about.getByText('9 Willow Place')).toBeVisible();
  await expect(about.getByText('Rules Tester', { exact: true })).toBeVisible();
  await expect(page.getByText(/9 Willow Place, .+ is not booked online\./)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'buyer-page-instructions-390.png', out);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'buyer-page-instructions-1280.png', out);

  // Issue 39 §4: from the agent's own booking page, picking that listing shows the same, not a grey calendar;
  // Back returns to the list, and the other listing still opens its calendar.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/bookme/${agent.id}/${agent.username}`);
  await page.getByText('Property Viewing', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Continue to Property' }).click();
  await page.getByRole('button', { name: /9 Willow Place/ }).click();
  await expect(page.getByRole('heading', { name: 'How to see this home' })).toBeVisible();
  await expect(page.getByText('Shown by the listing office only. Call ahead.')).toBeVisible();
  await expect(page.getByRole('link', { name: agent.email })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next month' })).toHaveCount(0);
  await expect(about.getByText('9 Willow Place')).toBeVisible();
  await shot(page, 'agent-page-instructions-390.png', out);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'agent-page-instructions-1280.png', out);
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: /41 Cranberry Street/ }).click();
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
});
