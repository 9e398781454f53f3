// Buyer tours (issue 16): the agent picks properties on My day and gets the server's order and times, saves
// the tour, and the buyer opens the ONE invitation link on a phone (390 px) and books every stop at once.
import { expect, test } from '@playwright/test';
import { api, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

// Austin: A, C 1 km east of it, B 15 km east.
const PLACES = [
  { address: '1 Elm St', lat: 30.2672, lng: -97.7431 },
  { address: '12 Oak St', lat: 30.2672, lng: -97.5871 },
  { address: '3 Ash Rd', lat: 30.2672, lng: -97.7327 },
];

test('a buyer tour: proposed on My day, booked whole by the buyer from the one link at 390 px', async ({
  page,
  browser,
}, testInfo) => {
  const agent = await newAgent('Tess');
  await query("update agents set plan = 'pro' where id = $1", [agent.id]);
  const date = nextWeekday(2);
  for (const place of PLACES) {
    const created = await api<{ data: { id: number } }>(
      'POST',
      '/properties',
      {
        address: place.address,
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        price: 450000,
        bedrooms: 3,
        bathrooms: 2,
        property_type: 'Residential',
      },
      agent.token,
    );
    expect(created.status).toBe(201);
    const placed = await api(
      'PUT',
      `/properties/${created.json.data.id}/position`,
      { lat: place.lat, lng: place.lng },
      agent.token,
    );
    expect(placed.status).toBe(200);
  }

  await signIn(page, agent);
  await page.goto(`/dashboard/day?date=${date}`);
  const builder = page.getByRole('region', { name: 'Buyer tour' });
  for (const place of PLACES) await builder.getByLabel(place.address).check();
  await builder.getByRole('button', { name: 'Propose tour' }).click();
  const proposed = builder.getByRole('list', { name: 'Proposed tour' }).getByRole('listitem');
  await expect(proposed).toHaveCount(3);
  // The neighbours together: 12 Oak St (15 km away) is never in the middle.
  await expect(proposed.nth(1)).not.toContainText('12 Oak St');
  await builder.getByRole('button', { name: 'Save and get the invitation link' }).click();
  const link = await builder.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/tour\/[\w-]+$/);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyer = await phone.newPage();
  await buyer.goto(new URL(link).pathname);
  const stops = buyer.getByRole('list', { name: 'Tour stops' }).getByRole('listitem');
  await expect(stops).toHaveCount(3);
  await buyer.getByLabel('Full name').fill('Tori Tour');
  // Issue 44: filling in the details holds every stop's time for the buyer, with the page's countdown.
  await expect(buyer.getByTestId('hold-notice')).toBeVisible();
  await expect
    .poll(
      async () =>
        (
          await query<{ n: string }>('select count(*) as n from slot_holds where agent_id = $1', [agent.id])
        )[0]?.n,
    )
    .toBe('3');
  await buyer.screenshot({ path: testInfo.outputPath('tour-hold-390.png'), fullPage: true });
  await buyer.getByLabel('Email').fill(`tori.${Date.now()}@example.com`);
  await buyer.getByLabel('Phone').fill('+1 512 555 0142');
  await buyer.getByLabel('Buyer type').selectOption('investor');
  await buyer.getByRole('button', { name: 'Book all 3 showings' }).click();
  await expect(buyer.getByRole('heading', { name: 'Your tour is booked' })).toBeVisible();
  const rows = await query<{ n: string; tours: string }>(
    'select count(*) as n, count(distinct tour_id) as tours from bookings where agent_id = $1 and tour_id is not null',
    [agent.id],
  );
  expect(rows[0]).toEqual({ n: '3', tours: '1' });
  await phone.close();
});
