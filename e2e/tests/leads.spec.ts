// Issue 13 in the browser: a buyer books a viewing, the agent confirms it, the showing happens (its time moved
// into the past in the server's database: the controlled clock), the agent marks it completed on the Bookings
// page, the buyer answers the feedback page enthusiastically — and the agent's Feedback page lists the lead as
// hot with positive sentiment and a recommendation (Professional plan), while a Basic agent sees the class and
// an upgrade hint. Screenshots at 1280 and 375 px go to E2E_SCREENSHOTS_DIR when it is set.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { api, CONSENT_DECIDED, newAgent, nextWeekday, query } from '../support/server.ts';

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'rejected'), CONSENT_STORAGE_KEY);
});

async function choose(radio: Locator) {
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

async function seriousViolations(page: Page) {
  // A toast that is fading out is half transparent for a moment (axe reads it as low contrast): check the
  // page once the agent's last toast ("Booking completed.") has gone.
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 10_000 });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

test('booked → showed → enthusiastic feedback → a hot lead with positive sentiment and a next step', async ({
  page,
  browser,
}) => {
  const agent = await newAgent('Harper');
  await query(`update agents set plan = 'pro' where id = $1`, [agent.id]);
  const property = await api<{ data: { id: number } }>(
    'POST',
    '/properties',
    {
      address: '41 Orchard Lane',
      city: 'Evanston',
      state: 'IL',
      zip_code: '60201',
      price: 615000,
      bedrooms: 4,
      bathrooms: 2.5,
      property_type: 'Residential',
      images: [],
      is_public: true,
    },
    agent.token,
  );
  expect(property.status).toBe(201);

  // The buyer books (the booking page's own call).
  const email = `Jordan.${Date.now()}@Example.com`;
  const booked = await api<{ booking: { id: string; status: string } }>('POST', '/booking', {
    property_id: property.json.data.id,
    agent_id: agent.id,
    client_name: 'Jordan Ellis',
    client_email: email,
    client_phone: '+1 312 555 0142',
    buyer_type: 'first_time_buyer',
    budget_min: 500000,
    budget_max: 600000,
    income_range: '150000-200000',
    booking_purpose: 'property_viewing',
    custom_purpose: null,
    booking_date: nextWeekday(2),
    booking_time: '11:00',
    message: 'Can we see the garden too?',
  });
  expect(booked.status).toBe(201);
  const bookingId = booked.json.booking.id;
  // Confirmed at once, or by the agent when their settings ask for approval.
  if (booked.json.booking.status === 'pending') {
    const confirmed = await api('PUT', `/bookings/${bookingId}`, { action: 'confirm' }, agent.token);
    expect(confirmed.status).toBe(200);
  }
  expect(
    (await query<{ status: string }>('select status from bookings where id = $1', [bookingId]))[0]?.status,
  ).toBe('confirmed');
  // The controlled clock: the showing took place this morning.
  const [{ public_id: publicId } = { public_id: '' }] = await query<{ public_id: string }>(
    `update bookings set starts_at = now() - interval '3 hours', ends_at = now() - interval '150 minutes'
     where id = $1 returning public_id`,
    [bookingId],
  );

  // The agent marks it completed on the Bookings page.
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/bookings?booking=${bookingId}`);
  const details = page.getByRole('dialog');
  await details.getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText('Booking completed.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);

  // The buyer answers the feedback page, enthusiastically, in their own browser.
  const buyer = await browser.newContext({ storageState: CONSENT_DECIDED });
  const buyerPage = await buyer.newPage();
  await buyerPage.goto(`/feedback/${publicId}`);
  await expect(buyerPage.getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
  await choose(buyerPage.getByRole('radio', { name: '5 Excellent' }));
  await choose(buyerPage.getByRole('radio', { name: 'Very interested' }));
  await choose(buyerPage.getByRole('radio', { name: 'Fair', exact: true }));
  await choose(buyerPage.getByRole('radio', { name: 'Yes, I would like to see it again' }));
  await buyerPage
    .getByLabel('What did you like? (optional)')
    .fill('We loved the bright kitchen and the beautiful garden.');
  await buyerPage
    .getByLabel('Anything else you would like to tell your agent? (optional)')
    .fill('A wonderful home, exactly what we hoped for. We are excited!');
  await buyerPage.getByRole('button', { name: 'Send feedback' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await buyer.close();

  // The agent's Feedback page: the lead, hot, positive, with its next step.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Feedback', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/feedback$/);
  const lead = page.getByRole('button', { name: 'Open lead Jordan Ellis' });
  await expect(lead).toBeVisible();
  await expect(lead.getByText('Hot', { exact: true })).toBeVisible();
  await expect(lead.getByText('Positive', { exact: true })).toBeVisible();
  await expect(lead).toContainText('Next: Call within 24 hours');
  await expect(lead).toContainText(/Score\s*\d+/);
  await expect(page.getByRole('link', { name: 'Upgrade to Enterprise' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'leads-1280');

  // Filters live in the URL.
  await page.getByLabel('Class').selectOption('cold');
  await expect(page).toHaveURL(/class=cold/);
  await expect(page.getByText('No leads match these filters')).toBeVisible();
  await page.getByLabel('Class').selectOption('hot');
  await expect(lead).toBeVisible();

  await lead.click();
  const dialog = page.getByRole('dialog', { name: 'Jordan Ellis' });
  await expect(dialog.getByText('Hot: wants a second showing and rated 4+')).toBeVisible();
  await expect(dialog.getByText('Call within 24 hours')).toBeVisible();
  await expect(dialog.getByText('Offer a second showing')).toBeVisible();
  await expect(dialog.getByText('Said they are very interested')).toBeVisible();
  await expect(dialog.getByText(/“We loved the bright kitchen/)).toBeVisible();
  await expect(
    dialog.getByText('Rated 5/5 · Very interested · Price: Fair · Wants a second showing').first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'lead-1280');

  // A note and the outcome.
  await dialog.getByLabel('Add a note').fill('Called back, pre-approved with their bank.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.getByText('Called back, pre-approved with their bank.').first()).toBeVisible();
  await dialog.getByLabel('Outcome').selectOption('offer_made');
  await expect(page.getByText('Outcome set to offer made.')).toBeVisible();
  const [row] = await query<{ outcome: string }>('select outcome from leads where agent_id = $1', [agent.id]);
  expect(row?.outcome).toBe('offer_made');

  await dialog.getByRole('heading', { name: 'Timeline' }).scrollIntoViewIfNeeded();
  await shoot(page, 'lead-timeline-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'lead-375');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await shoot(page, 'leads-375');

  // On Basic the same lead keeps its class; what Professional adds is an upgrade hint, and its call is refused.
  await query(`update agents set plan = 'basic' where id = $1`, [agent.id]);
  await page.reload();
  await expect(lead.getByText('Hot', { exact: true })).toBeVisible();
  await expect(lead.getByText('Positive', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade to Professional' })).toHaveAttribute(
    'href',
    '/dashboard/subscription',
  );
  await shoot(page, 'leads-basic-375');
  const leadId = new URL(page.url()).searchParams.get('lead');
  expect(leadId).toBeNull();
  const [{ id } = { id: '' }] = await query<{ id: string }>('select id from leads where agent_id = $1', [
    agent.id,
  ]);
  const refused = await api<{ code: string }>('GET', `/leads/${id}/insights`, undefined, agent.token);
  expect(refused.status).toBe(403);
  expect(refused.json.code).toBe('PLAN_UPGRADE_REQUIRED');
});
