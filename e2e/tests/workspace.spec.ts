// An agent's day in Chromium (issue "agent workspace"): sign up → profile → dashboard; add a property with a
// photo; turn Wednesday off and see it on the public page in a second browser; a buyer books; the booking
// shows in Bookings and the overview; the agent cancels it and the slot is free again; a 4th property on
// Basic shows the limit; every dashboard page is photographed at 375 and 1280 px.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import { api, BASE_URL, CONSENT_DECIDED } from '../support/server.ts';
import { pickDate } from '../support/calendar.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED });

// A 20×20 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAIAAAAC64paAAAAGElEQVR4nGNgGAWjYBSMglEwCkbBKBgFAA1sAAE7iGbvAAAAAElFTkSuQmCC',
  'base64',
);

// A zone where it is daytime now, so "later today" exists for the agent's own booking.
const ZONES = [
  'America/Los_Angeles',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Pacific/Auckland',
];
const localHour = (zone: string) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
const zone = ZONES.find((z) => localHour(z) >= 6 && localHour(z) <= 19) ?? 'UTC';
const todayIn = (days = 0) => {
  const d = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const weekday = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();

const stamp = Date.now().toString(36);
const agent = {
  first: 'Taylor',
  last: 'Brooks',
  email: `taylor.brooks.${stamp}@example.com`,
  password: 'showings-2026',
  username: `taylor-brooks-${stamp}`,
};
const address = '27 Willow Creek Road';
let token = '';
let propertyId = 0;
// The buyer books the first day from tomorrow that is not a Wednesday (weekends are switched on below).
const bookingDate = [1, 2].map((d) => todayIn(d)).find((d) => weekday(d) !== 3)!;
const nextWednesday = [1, 2, 3, 4, 5, 6, 7].map((d) => todayIn(d)).find((d) => weekday(d) === 3)!;

async function signIn(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openPublicPage(browser: Browser, path: string) {
  const context = await browser.newContext({ storageState: CONSENT_DECIDED });
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

test('sign up → /profile → fill → dashboard', async ({ page }) => {
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill(agent.first);
  await page.getByLabel('Last name').fill(agent.last);
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('Phone').fill('+1 415 555 0123');
  await page.getByLabel('Company name').fill('Brooks & Co Realty');
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Time zone').selectOption(zone);
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  const signIn = await api<{ token: string }>('POST', '/auth/sign-in/email', {
    email: agent.email,
    password: agent.password,
  });
  token = signIn.json.token;
  const profile = await api<{ data: { timeZone: string } }>('GET', '/agents/profile', undefined, token);
  expect(profile.json.data.timeZone).toBe(zone);
});

test('add a property with a photo', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Properties', exact: true }).first().click();
  await page.getByRole('button', { name: 'Add property' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Address').fill(address);
  await dialog.getByLabel('City').fill('Portland');
  await dialog.getByLabel('State').fill('OR');
  await dialog.getByLabel('ZIP code').fill('97201');
  await dialog.getByLabel('Price (USD)').fill('615000');
  await dialog.getByLabel('Bedrooms').fill('3');
  await dialog.getByLabel('Bathrooms').fill('2.5');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('list', { name: 'Photos in order' }).getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Add property' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(address).first()).toBeVisible();

  const list = await api<{ data: { id: number; images: string[] }[] }>(
    'GET',
    '/properties',
    undefined,
    token,
  );
  expect(list.json.data).toHaveLength(1);
  propertyId = list.json.data[0]!.id;
  expect(list.json.data[0]!.images[0]).toMatch(/^\/uploads\/[0-9a-f]+\.png$/);
  const image = await fetch(`${BASE_URL}${list.json.data[0]!.images[0]}`);
  expect(image.status).toBe(200);
});

test('turn Wednesday off (weekends on); the public page in a second browser shows Wednesday without slots', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/dashboard/settings?tab=availability');
  await page.getByRole('switch', { name: 'Wednesday' }).uncheck();
  await page.getByRole('switch', { name: 'Saturday' }).check();
  await page.getByRole('switch', { name: 'Sunday' }).check();
  await page.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Availability saved.')).toBeVisible();
  const stored = await api<{ data: { days: { day_of_week: number; is_available: boolean }[] } }>(
    'GET',
    '/availability',
    undefined,
    token,
  );
  expect(stored.json.data.days.map((d) => d.is_available)).toEqual([
    true,
    true,
    true,
    false,
    true,
    true,
    true,
  ]);

  const buyer = await openPublicPage(browser, propertyBookingPath(agent.username, address, propertyId));
  await expect(buyer.page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await pickDate(buyer.page, nextWednesday);
  await expect(buyer.page.getByText('No available time slots for this date')).toBeVisible();
  await buyer.close();
});

test('a buyer books; the booking appears in Bookings and the overview; the agent cancels; the slot is free again', async ({
  page,
  browser,
}) => {
  const buyer = await openPublicPage(browser, propertyBookingPath(agent.username, address, propertyId));
  await pickDate(buyer.page, bookingDate);
  await buyer.page.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await buyer.page.getByRole('button', { name: 'Continue to Details' }).click();
  await buyer.page.getByLabel('Full name').fill('Quinn Harper');
  await buyer.page.getByLabel('Email').fill('quinn.harper@example.com');
  await buyer.page.getByLabel('Phone').fill('+1 503 555 0177');
  await buyer.page.getByLabel('Buyer type').selectOption('home_owner');
  await buyer.page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(buyer.page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

  // The agent also books someone in for later today, for "today's schedule".
  const later = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    hourCycle: 'h23',
  }).format(new Date());
  const todayTime = `${String(Math.min(Number(later) + 2, 23)).padStart(2, '0')}:30`;
  const own = await api(
    'POST',
    '/bookings',
    {
      property_id: null,
      client_name: 'Rowan Today',
      client_email: 'rowan@example.com',
      client_phone: '+1 503 555 0100',
      buyer_type: 'investor',
      booking_purpose: 'property_valuation',
      booking_date: todayIn(0),
      booking_time: todayTime,
    },
    token,
  );
  expect(own.status).toBe(201);

  await signIn(page);
  await expect(page.getByRole('region', { name: "Today's schedule" }).getByText('Rowan Today')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next 3 days' }).getByText('Quinn Harper')).toBeVisible();

  await page.getByRole('link', { name: 'Bookings', exact: true }).first().click();
  await page
    .getByRole('link', { name: /Quinn Harper/ })
    .first()
    .click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('Home Owner').or(details.getByText('Home owner'))).toBeVisible();
  await details.getByRole('button', { name: 'Cancel booking' }).click();
  const reason = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await reason.getByLabel('Reason').fill('Seller withdrew the listing');
  await reason.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Booking details' }).getByText('Cancelled', { exact: true }),
  ).toBeVisible();

  const slots = await api<{ availableSlots: string[] }>(
    'GET',
    `/booking/availability/${propertyId}/${bookingDate}`,
  );
  expect(slots.json.availableSlots).toContain('10:00:00');
  await buyer.page.goto(propertyBookingPath(agent.username, address, propertyId));
  await pickDate(buyer.page, bookingDate);
  await expect(buyer.page.getByRole('button', { name: '10:00 AM', exact: true })).toBeEnabled();
  await buyer.close();
});

test('a 4th property on Basic shows the limit message with an upgrade hint', async ({ page }) => {
  for (const n of [2, 3]) {
    const res = await api(
      'POST',
      '/properties',
      {
        address: `${n} Second Street`,
        city: 'Portland',
        state: 'OR',
        zip_code: '97201',
        price: 400000,
        bedrooms: 2,
        bathrooms: 1,
        property_type: 'Condo',
        images: [],
        is_public: true,
      },
      token,
    );
    expect(res.status).toBe(201);
  }
  await signIn(page);
  await page.goto('/dashboard/properties');
  await page.getByRole('button', { name: 'Add property' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Address').fill('4 One Too Many Lane');
  await dialog.getByLabel('City').fill('Portland');
  await dialog.getByLabel('State').fill('OR');
  await dialog.getByLabel('ZIP code').fill('97201');
  await dialog.getByLabel('Price (USD)').fill('300000');
  await dialog.getByLabel('Bedrooms').fill('1');
  await dialog.getByLabel('Bathrooms').fill('1');
  await dialog.getByRole('button', { name: 'Add property' }).click();
  await expect(
    page.getByText('Your Basic plan includes up to 3 properties. Upgrade your plan to add more.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /upgrade/i }).first()).toHaveAttribute(
    'href',
    '/dashboard/subscription',
  );
});

test('screenshots of every dashboard page at 375 and 1280 px', async ({ browser }) => {
  // Every dashboard page, twice, with a sign-in each: 60 s was its whole run on an idle machine (a fresh-clone
  // run timed out at 60 s); the waits inside keep their own limits.
  test.setTimeout(150_000);
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      storageState: CONSENT_DECIDED,
    });
    const page = await context.newPage();
    await signIn(page);
    for (const [name, path] of [
      ['overview', '/dashboard'],
      ['properties', '/dashboard/properties'],
      ['bookings', '/dashboard/bookings'],
      ['reports', '/dashboard/reports'],
      ['feedback', '/dashboard/feedback'],
      ['subscription', '/dashboard/subscription'],
      ['settings-availability', '/dashboard/settings?tab=availability'],
      ['settings-branding', '/dashboard/settings?tab=branding'],
      ['profile', '/profile'],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByText('Loading page...')).toHaveCount(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${name} @${width}`,
      ).toBe(true);
      await page.screenshot({ path: `artifacts/dashboard-${name}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
});
