// Issue 19, tried as a buyer on a 390 px phone and as an agent after setup: the booking flow's steps survive
// back, forward and reload; a request that awaits approval says "Request sent" with a tentative .ics; letters
// in the phone are refused on screen and by the API; an agent renames themself, changes username and time
// zone, and the old booking link still reaches their page.
import { expect, test } from '@playwright/test';
import { PHONE_CHARACTERS_MESSAGE } from '@keyturn/domain/phone';
import { propertyBookingPath } from '@keyturn/domain/links';
import { WHO_DECIDES } from '@keyturn/domain/listing/whoDecides';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { api, CONSENT_DECIDED, newAgent, nextWeekday, query } from '../support/server.ts';
import { pickDate } from '../support/calendar.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED, viewport: { width: 390, height: 844 } });

async function newProperty(token: string, address: string) {
  const res = await api<{ data?: { id: number }; id?: number }>(
    'POST',
    '/properties',
    {
      address,
      city: 'Boston',
      state: 'MA',
      zip_code: '02110',
      price: 650000,
      bedrooms: 1,
      bathrooms: 1,
      property_type: 'Condo',
      images: [],
      is_public: true,
    },
    token,
  );
  expect(res.status).toBe(201);
  return (res.json.data?.id ?? res.json.id) as number;
}

test('back, forward and reload at every step keep the buyer’s choices (390 px)', async ({ page }) => {
  const agent = await newAgent('Walker');
  await newProperty(agent.token, '5 Elm Court');
  const date = nextWeekday(2);
  await page.goto(`/bookme/${agent.id}/${agent.username}`);

  // Purpose.
  await page.getByRole('radio', { name: 'Property Viewing' }).check();
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Property Viewing' })).toBeChecked();

  // Property selection.
  await page.getByRole('button', { name: 'Continue to Property' }).click();
  await expect(page.getByRole('heading', { name: 'Select a Property' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Select a Property' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('radio', { name: 'Property Viewing' })).toBeChecked();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Select a Property' })).toBeVisible();

  // Calendar: the chosen property, date and time.
  await page.getByRole('button', { name: /5 Elm Court/ }).click();
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await pickDate(page, date);
  await page.getByRole('button', { name: '10:00 AM', exact: true }).click();
  await expect(page.getByText('Selected: 10:00 AM')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Selected: 10:00 AM')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'About this booking' })).toContainText('5 Elm Court');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Select a Property' })).toBeVisible();
  await page.goForward();
  await expect(page.getByText('Selected: 10:00 AM')).toBeVisible();

  // Details: what was typed survives a reload and a trip back to the calendar.
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await page.getByLabel('Full name').fill('Robin Walker');
  await page.getByLabel('Email').fill('robin.walker@example.com');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Enter Your Details' })).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Robin Walker');
  await page.goBack();
  await expect(page.getByText('Selected: 10:00 AM')).toBeVisible();
  await page.goForward();
  await expect(page.getByLabel('Email')).toHaveValue('robin.walker@example.com');

  // Letters in the phone are refused on screen; nothing is booked.
  await page.getByLabel('Phone').fill('call me');
  await page.getByLabel('Buyer type').selectOption('investor');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText(PHONE_CHARACTERS_MESSAGE)).toBeVisible();
  expect(await query('select id from bookings where agent_id = $1', [agent.id])).toHaveLength(0);

  // Confirmation: a reload shows it again, without a second booking.
  await page.getByLabel('Phone').fill('(617) 555-0142');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  const rows = await query<{ client_phone: string }>(
    'select client_phone from bookings where agent_id = $1',
    [agent.id],
  );
  expect(rows).toEqual([{ client_phone: '+1 617 555 0142' }]);
});

test('the API refuses letters in the phone', async () => {
  const agent = await newAgent('Phoneless');
  const res = await api<{ code: string; fields: Record<string, string> }>('POST', '/booking', {
    property_id: null,
    agent_id: agent.id,
    client_name: 'Call Me',
    client_email: 'call.me@example.com',
    client_phone: 'call me',
    buyer_type: 'investor',
    booking_purpose: 'property_valuation',
    booking_date: nextWeekday(2),
    booking_time: '10:00',
  });
  expect(res.status).toBe(400);
  expect(res.json.fields.client_phone).toBe(PHONE_CHARACTERS_MESSAGE);
});

test('a request awaiting approval shows "Request sent" and its .ics is tentative', async ({ page }) => {
  const agent = await newAgent('Approver');
  const propertyId = await newProperty(agent.token, '8 Mill Lane');
  const saved = await api(
    'PUT',
    '/availability',
    { ...DEFAULT_AVAILABILITY, requires_approval: true },
    agent.token,
  );
  expect(saved.status).toBe(200);
  const date = nextWeekday(2);

  await page.goto(propertyBookingPath(agent.username, '8 Mill Lane', propertyId));
  await pickDate(page, date);
  await page.getByRole('button', { name: '11:00 AM', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await page.getByLabel('Full name').fill('Sam Pending');
  await page.getByLabel('Email').fill('sam.pending@example.com');
  await page.getByLabel('Phone').fill('+1 617 555 0177');
  await page.getByLabel('Buyer type').selectOption('first_time_buyer');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();

  await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toHaveCount(0);
  // Who decides, in the one wording of issue 39 (the agent here: no seller on this listing).
  await expect(page.getByText(WHO_DECIDES.waiting('agent', 'Approver Tester'))).toBeVisible();
  const href = await page.getByRole('link', { name: 'Download .ics file' }).getAttribute('href');
  const ics = decodeURIComponent(href ?? '');
  expect(ics).toContain('STATUS:TENTATIVE');
  expect(ics).not.toContain('STATUS:CONFIRMED');
  const [row] = await query<{ status: string }>('select status from bookings where agent_id = $1', [
    agent.id,
  ]);
  expect(row?.status).toBe('pending');
});

test.describe('the agent at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an agent changes name, username and time zone after setup; the old booking link still reaches the page', async ({
    page,
  }) => {
    const agent = await newAgent('Renamer');
    const propertyId = await newProperty(agent.token, '3 Birch Road');
    const oldLink = propertyBookingPath(agent.username, '3 Birch Road', propertyId);
    const newUsername = `${agent.username}-homes`;

    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(agent.email);
    await page.getByLabel('Password').fill(agent.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/settings?tab=account');

    await page.getByLabel('First name').fill('Rowan');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Username').fill(newUsername);
    await page.getByLabel('Time zone').selectOption('America/Denver');
    const note = page.getByRole('note', { name: 'What changes' });
    await expect(note).toContainText(`Links you already shared, with ${agent.username}, keep working`);
    await expect(note).toContainText('Bookings already made keep their moment');
    await expect(page.getByLabel('Time zone').locator('option:checked')).toHaveText(
      /^Mountain Time \(Denver\) — GMT-[67]$/,
    );
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Your account details are saved.')).toBeVisible();

    const [saved] = await query<{ first_name: string; username: string; time_zone: string }>(
      'select first_name, username, time_zone from agents where id = $1',
      [agent.id],
    );
    expect(saved).toEqual({ first_name: 'Rowan', username: newUsername, time_zone: 'America/Denver' });

    // The link shared before the change opens the booking page, which moves to the new username.
    await page.goto(oldLink);
    await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${newUsername}/3-birch-road/${propertyId}/book$`));
    await expect(page.getByRole('complementary', { name: 'About this booking' })).toContainText(
      'Rowan Reyes',
    );
  });
});

test('Settings → Branding does not scroll sideways at 390 px with a long company name', async ({ page }) => {
  const agent = await newAgent('Widename');
  const long = 'Supercalifragilisticexpialidocious-Realty-and-Property-Management-Group';
  const saved = await api(
    'PUT',
    '/agents/branding',
    { companyName: long, primaryColor: '#0F766E', logoUrl: null, profilePictureUrl: null },
    agent.token,
  );
  expect(saved.status).toBe(200);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings?tab=branding');
  await expect(page.getByTestId('branding-preview')).toContainText('Supercalifragilistic');
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
});
