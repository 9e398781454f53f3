// A buyer books on the real page, as issue "public booking flow" lists: (a) property link, validation, confirmed
// and stored; (b) agent link: Other (Specify), and an agent without properties; (c) ?date=&time= preselect;
// (d) manage link → reschedule; (e) cancel; (f) a slot taken between page load and submit; (g) a property link
// by its unguessable public id (issue 11).
import { expect, test, type Page } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import {
  api,
  CONSENT_DECIDED,
  dayLabel,
  DEMO,
  demoAgent,
  freeSlot,
  newAgent,
  nextWeekday,
  query,
} from '../support/server.ts';
import { pickDate } from '../support/calendar.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED });

async function fillDetails(page: Page, name: string, email: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1 312 555 0142');
  await page.getByLabel('Buyer type').selectOption('first_time_buyer');
}

async function bookViaApi(
  agentId: string,
  date: string,
  time: string,
  email: string,
  propertyId: number | null = null,
) {
  const res = await api<{ booking: { id: string; manage_url: string; manage_token: string } }>(
    'POST',
    '/booking',
    {
      property_id: propertyId,
      agent_id: agentId,
      client_name: 'Jordan Rivera',
      client_email: email,
      client_phone: '+1 312 555 0199',
      buyer_type: 'investor',
      budget_min: null,
      budget_max: null,
      income_range: null,
      booking_purpose: 'property_viewing',
      custom_purpose: null,
      booking_date: date,
      booking_time: time,
      message: null,
    },
  );
  expect(res.status).toBe(201);
  return res.json.booking;
}

test('(a) property link → calendar → time → details with validation errors fixed → Booking Confirmed!, stored', async ({
  page,
}) => {
  const agent = await demoAgent();
  const property = agent.properties[0]!;
  // The demo agent's diary holds seeded bookings: the first time still free.
  const { date, time, label } = await freeSlot(agent.id, 2);
  await page.goto(propertyBookingPath(DEMO.username, property.address, property.id));
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await expect(page.getByText(/^All times shown in Central Time \(Chicago\) — GMT-[56]$/)).toBeVisible();
  await pickDate(page, date);
  await page.getByRole('button', { name: label, exact: true }).click();
  await expect(page.getByText(`Selected: ${label}`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Details' }).click();

  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  for (const message of [
    'Full name is required',
    'Email is required',
    'Phone number is required',
    'Buyer type is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await fillDetails(page, 'Avery Buyer', 'avery.buyer@');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill('avery.buyer@example.com');
  await page.getByLabel('Budget range').selectOption('1000000+');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  await expect(page.getByText('Booking request submitted successfully!')).toBeVisible();
  await expect(page.getByRole('link', { name: /google calendar/i })).toBeVisible();
  const rows = await query<{
    status: string;
    property_id: number;
    budget_min: number;
    budget_max: number | null;
    t: string;
  }>(
    `select status, property_id, budget_min, budget_max, to_char(starts_at at time zone $2, 'YYYY-MM-DD HH24:MI') as t
       from bookings where client_email = $1`,
    ['avery.buyer@example.com', DEMO.timeZone],
  );
  expect(rows).toEqual([
    {
      status: 'confirmed',
      property_id: property.id,
      budget_min: 1000000,
      budget_max: null,
      t: `${date} ${time}`,
    },
  ]);
});

test('(g) a property link by its unguessable public id (the one the dashboard hands out) books that property', async ({
  page,
}) => {
  const agent = await demoAgent();
  const property = agent.properties[1] ?? agent.properties[0]!;
  expect(property.public_id).toMatch(/^[0-9a-f]{32}$/);
  // A time the demo's generated showings (relative to today) leave free: a fixed 1:30 PM was taken on some dates.
  const { date, label } = await freeSlot(agent.id, 4);
  await page.goto(propertyBookingPath(DEMO.username, property.address, property.public_id));
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await expect(page.getByText(property.address).first()).toBeVisible();
  await pickDate(page, date);
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await fillDetails(page, 'Parker Public', 'parker.public@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const rows = await query<{ property_id: number }>(
    'select property_id from bookings where client_email = $1',
    ['parker.public@example.com'],
  );
  expect(rows).toEqual([{ property_id: property.id }]);
});

test('(b) agent link: purpose Other (Specify) with custom text → date → booked; an agent without properties', async ({
  page,
}) => {
  const agent = await demoAgent();
  const { date, label } = await freeSlot(agent.id, 3);
  // Decision 034: the first screen is in the HTML itself; the app takes it over without drawing it again.
  const address = `/bookme/${agent.id}/${DEMO.username}`;
  const intro = 'This will be a 30-minute consultation session with Dana Whitfield.';
  const html = await (await page.request.get(address)).text();
  // (React DOM's markup: the page's Suspense boundary opens with <!--$-->.)
  expect(html).toMatch(/<div id="root"><!--\$--><div/);
  expect(html).toContain(intro);
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await page.goto(address);
  await page.getByText('Other (Specify)').click();
  await page.getByPlaceholder('e.g., Home Inspection, Family Gathering').fill('Home Inspection');
  await expect(page.getByText(intro)).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'What would you like to book?' })).toHaveCount(1);
  expect(cspErrors).toEqual([]);
  await page.getByRole('button', { name: 'Continue to Date Selection' }).click();
  await pickDate(page, date);
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await expect(page.getByText('Consultation with agent')).toBeVisible();
  await fillDetails(page, 'Morgan Custom', 'morgan.custom@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const [row] = await query<{ booking_purpose: string; custom_purpose: string; property_id: number | null }>(
    'select booking_purpose, custom_purpose, property_id from bookings where client_email = $1',
    ['morgan.custom@example.com'],
  );
  expect(row).toEqual({ booking_purpose: 'custom', custom_purpose: 'Home Inspection', property_id: null });

  const bare = await newAgent('Nolisting');
  await page.goto(`/bookme/${bare.id}`);
  await page.getByText('Property Viewing', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Continue to Property' }).click();
  await expect(page.getByText('No properties available for this agent.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue without property selection' }).click();
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await pickDate(page, date);
  await page.getByRole('button', { name: '9:00 AM', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await fillDetails(page, 'Riley Noprop', 'riley.noprop@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
});

test('(c) ?date=&time= preselect the date and the time', async ({ page }) => {
  const agent = await demoAgent();
  const property = agent.properties[1]!;
  const { date, time, label } = await freeSlot(agent.id, 4);
  await page.goto(
    `${propertyBookingPath(DEMO.username, property.address, property.id)}?date=${date}&time=${time}`,
  );
  await expect(page.getByText(`Selected: ${label}`)).toBeVisible();
  // The side panel's subtitle is the selected date, formatted 'EEEE, MMMM d' (spec §2.8).
  await expect(page.getByText(dayLabel(date).replace(/, \d{4}$/, ''), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await expect(page.getByText(label).first()).toBeVisible();
});

test('(d) manage link → reschedule with a reason → Booking Rescheduled!, the old slot is free again', async ({
  page,
}) => {
  const agent = await newAgent('Mover');
  const date = nextWeekday(2);
  const booking = await bookViaApi(agent.id, date, '10:00', 'mover.buyer@example.com');
  await page.goto(new URL(booking.manage_url).pathname + new URL(booking.manage_url).search);
  await expect(page.getByRole('heading', { name: 'Manage your booking' })).toBeVisible();
  await page
    .getByRole('link', { name: 'Reschedule' })
    .or(page.getByRole('button', { name: 'Reschedule' }))
    .click();

  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await pickDate(page, date);
  await page.getByRole('button', { name: '2:30 PM', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  // The booking's buyer details are shown, not asked again (issue 19): only the reason is.
  await expect(page.getByText('Jordan Rivera')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(page.getByText('Please provide a reason for rescheduling')).toBeVisible();
  await page.getByLabel('Reason for rescheduling').fill('My flight moved');
  await page.getByRole('button', { name: 'Confirm Reschedule' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Rescheduled!' })).toBeVisible();
  await expect(page.getByText('Booking rescheduled successfully!')).toBeVisible();

  const slots = await api<{ availableSlots: string[] }>(
    'GET',
    `/booking/availability/agent/${agent.id}/${date}`,
  );
  expect(slots.json.availableSlots).toContain('10:00:00');
  expect(slots.json.availableSlots).not.toContain('14:30:00');
  const rows = await query<{ status: string; reschedule_reason: string | null }>(
    'select status, reschedule_reason from bookings where agent_id = $1 order by created_at',
    [agent.id],
  );
  expect(rows).toEqual([
    { status: 'rescheduled', reschedule_reason: null },
    { status: 'confirmed', reschedule_reason: 'My flight moved' },
  ]);
});

test('(e) cancel from the manage page → /booking/cancelled, the slot is free', async ({ page }) => {
  const agent = await newAgent('Canceller');
  const date = nextWeekday(2);
  const booking = await bookViaApi(agent.id, date, '11:30', 'cancel.buyer@example.com');
  await page.goto(`/booking/manage?token=${booking.manage_token}`);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason (optional)').fill('Found another home');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page).toHaveURL(/\/booking\/cancelled/);
  // The agent's branding stays, and the page says what was cancelled (issue 19).
  await expect(page.getByText(/This appointment is cancelled/)).toBeVisible();
  await expect(page.getByText(/11:30 AM/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a new time' })).toHaveAttribute(
    'href',
    `/bookme/${agent.id}/${agent.username}`,
  );
  const [row] = await query<{ status: string; cancel_reason: string }>(
    'select status, cancel_reason from bookings where id = $1',
    [booking.id],
  );
  expect(row).toEqual({ status: 'cancelled', cancel_reason: 'Found another home' });
  const slots = await api<{ availableSlots: string[] }>(
    'GET',
    `/booking/availability/agent/${agent.id}/${date}`,
  );
  expect(slots.json.availableSlots).toContain('11:30:00');
});

test('(f) a slot taken between page load and submit → the server message in a toast, another time works', async ({
  page,
}) => {
  const agent = await newAgent('Racer');
  const date = nextWeekday(2);
  await page.goto(`/bookme/${agent.id}`);
  await page.getByText('Property Valuation').click();
  await page.getByRole('button', { name: 'Continue to Date Selection' }).click();
  await pickDate(page, date);
  await page.getByRole('button', { name: '3:00 PM', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await fillDetails(page, 'Slow Buyer', 'slow.buyer@example.com');
  // Issue 44: the time is held for this buyer while they type; once the hold has ended, another buyer books it.
  await expect(page.getByTestId('hold-notice')).toBeVisible();
  await query(`update slot_holds set expires_at = now() - interval '1 second' where agent_id = $1`, [
    agent.id,
  ]);

  await bookViaApi(agent.id, date, '15:00', 'fast.buyer@example.com');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(
    page.getByText('This time was just booked by someone else. Please pick another time.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await expect(page.getByRole('button', { name: '3:00 PM', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '3:30 PM', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('Slow Buyer');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const rows = await query<{ client_email: string }>(
    'select client_email from bookings where agent_id = $1 order by starts_at',
    [agent.id],
  );
  expect(rows.map((r) => r.client_email)).toEqual(['fast.buyer@example.com', 'slow.buyer@example.com']);
});

test('the booking page is comfortable at 375 px: no horizontal scroll on any step', async ({ browser }) => {
  const agent = await demoAgent();
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(`/bookme/${agent.id}/${DEMO.username}`);
  await page.getByText('Property Viewing', { exact: true }).first().click();
  const noOverflow = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await noOverflow();
  await page.getByRole('button', { name: 'Continue to Property' }).click();
  await noOverflow();
  await page
    .getByRole('button', { name: new RegExp(agent.properties[0]!.address) })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await noOverflow();
  await page.screenshot({ path: 'artifacts/booking-375-calendar.png', fullPage: true });
  await context.close();
});
