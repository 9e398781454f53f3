// Issue 13 part B in the browser: a buyer books and answers the feedback page enthusiastically; the agent's
// Reports page shows the booking in its charts and tables (booked → showed → feedback → hot), and the
// Enterprise sections (benchmarks, CRM export); Settings → Webhooks registers an endpoint and shows its
// secret once. Screenshots at 375 and 1280 px go to test-results for a person to look at.
import { FIGURES } from '@keyturn/domain/figures';
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { api, DEMO, newAgent, nextWeekday, query } from '../support/server.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'rejected'), CONSENT_STORAGE_KEY);
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('a booking with enthusiastic feedback appears in the Reports charts; Enterprise sections work', async ({
  page,
}, testInfo) => {
  const agent = await newAgent('Rowan');
  await query("update agents set plan = 'enterprise' where id = $1", [agent.id]);
  const bookingDate = nextWeekday(2);
  const booked = await api<{ booking: { id: string } }>('POST', '/booking', {
    property_id: null,
    agent_id: agent.id,
    client_name: 'Jordan Keen',
    client_email: `keen.${Date.now()}@example.com`,
    client_phone: '+1 312 555 0177',
    buyer_type: 'investor',
    budget_min: 300000,
    budget_max: 400000,
    income_range: null,
    booking_purpose: 'property_valuation',
    custom_purpose: null,
    booking_date: bookingDate,
    booking_time: '10:00',
    message: null,
  });
  expect(booked.status).toBe(201);
  const [row] = await query<{ public_id: string }>('select public_id from bookings where id = $1', [
    booked.json.booking.id,
  ]);
  const feedback = await api('PUT', `/feedback/public/${row!.public_id}`, {
    rating: 5,
    interest_level: 'very_interested',
    price_opinion: 'good_value',
    second_showing: true,
    liked: 'The light and the garden',
    disliked: null,
    comments: 'We love it and want to see it again this week!',
  });
  expect(feedback.status).toBe(201);

  await signIn(page, agent.email, agent.password);
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/reports/);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO.timeZone }).format(new Date());
  await page.goto(`/dashboard/reports?from=${today}&to=${bookingDate}`);

  const funnel = page.getByRole('table', { name: 'Funnel' });
  // The step's name from the one list of figures (issue 39: "Booked showings (by showing date)").
  await expect(funnel.getByRole('row', { name: `${FIGURES.booked.label} 1 100%` })).toBeVisible();
  await expect(funnel.getByRole('row', { name: /Showings of hot buyers 1 100%/ })).toBeVisible();
  const overTime = page.getByRole('table', { name: 'Bookings over time' });
  await expect(overTime.getByRole('row', { name: new RegExp(`^${bookingDate} `) })).toContainText('1');
  // The charts are drawn (recharts' SVG surfaces), next to their tables.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'By buyer type' })).toContainText('Investor');
  await expect(page.getByRole('table', { name: 'Benchmarks' })).toContainText('Conversion (booked → hot)');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Leads (CSV)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^keyturn-leads-\d{4}-\d\d-\d\d\.csv$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('reports-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('table', { name: 'Funnel' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('reports-375.png'), fullPage: true });
  for (const [i, y] of [0, 1400, 2800].entries()) {
    const clip = { x: 0, y, width: 375, height: 1400 };
    await page.screenshot({
      path: testInfo.outputPath(`reports-375-part${i + 1}.png`),
      fullPage: true,
      clip,
    });
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/settings?tab=webhooks');
  await page.getByLabel('Endpoint URL').fill('https://crm.example.com/hooks/keyturn');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(/whsec_/)).toBeVisible();
  await expect(page.getByText('https://crm.example.com/hooks/keyturn')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('webhooks-1280.png'), fullPage: true });
});
