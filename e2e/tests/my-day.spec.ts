// Issue 16 in the browser: a Professional agent's My day — the map on tiles served from 127.0.0.1 (generated
// PNGs), numbered markers and the route line, the drive-longer-than-gap warning, Optimise with the saving
// shown and each buyer named, Apply proposing the new times (issue 29: nothing moves), the buyer accepting from
// the e-mail's link on a phone, and the day reordered. A Basic agent's call is refused (403). Screenshots at 390 and 1280 px.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { TIME_PROPOSAL_MESSAGES, TIME_PROPOSAL_STATUS_LABELS } from '@keyturn/domain/routes/proposals';
import { MAPS_BASE, MAPS_CONTACT } from '../support/maps.ts';
import { api, BASE_URL, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

/** The 127.0.0.1 maps provider the server and the browser use (tiles, Nominatim): playwright.config.ts. */
const mapsBase = MAPS_BASE;
type MapsRequest = {
  path: string;
  query: Record<string, string>;
  userAgent: string | null;
  referer: string | null;
};
const mapsRequests = async () => (await (await fetch(`${mapsBase}/__requests`)).json()) as MapsRequest[];
const addPlace = (street: string, lat: number, lon: number) =>
  fetch(`${mapsBase}/__places`, { method: 'POST', body: JSON.stringify({ street, lat, lon }) });

/** Screenshots go to SHOTS_DIR when set (the review), else to the test's output folder. */
const shot = (testInfo: TestInfo, name: string) =>
  process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);

/** No configuration language on the page: agents never see a variable name. */
async function expectPlainWords(page: Page) {
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/GEOCODER_URL|MAP_TILE_URL|ROUTING_URL|[A-Z]{3,}_[A-Z]{3,}/);
}

// The consent choice is made up front (playwright.config.ts storageState), so no banner covers the map.

// Austin: A, C 1 km east of it, B 15 km east.
const PLACES = {
  a: { address: '1 Elm St', lat: 30.2672, lng: -97.7431 },
  b: { address: '12 Oak St', lat: 30.2672, lng: -97.5871 },
  c: { address: '3 Ash Rd', lat: 30.2672, lng: -97.7327 },
};

test('My day: map, route and warning; Optimise names the buyers, Apply proposes their times, a buyer accepts from the e-mail', async ({
  page,
}, testInfo) => {
  const agent = await newAgent('Morgan');
  await query("update agents set plan = 'pro' where id = $1", [agent.id]);
  const date = nextWeekday(2);
  const ids: Record<string, number> = {};
  for (const [key, place] of Object.entries(PLACES)) {
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
    ids[key] = created.json.data.id;
    const placed = await api(
      'PUT',
      `/properties/${ids[key]}/position`,
      { lat: place.lat, lng: place.lng },
      agent.token,
    );
    expect(placed.status).toBe(200);
  }
  // Booked by three buyers: A 10:00, B 11:00, C 12:00; A is confirmed, B and C await the agent.
  const emails: Record<string, string> = {};
  for (const [key, time] of [
    ['a', '10:00'],
    ['b', '11:00'],
    ['c', '12:00'],
  ] as const) {
    const booked = await api<{ booking: { id: string } }>('POST', '/booking', {
      property_id: ids[key],
      agent_id: agent.id,
      client_name: `Buyer ${key.toUpperCase()}`,
      client_email: (emails[key] = `buyer.${key}.${Date.now()}@example.com`),
      client_phone: '+1 312 555 0177',
      buyer_type: 'investor',
      budget_min: 300000,
      budget_max: 400000,
      income_range: null,
      booking_purpose: 'property_viewing',
      custom_purpose: null,
      booking_date: date,
      booking_time: time,
      message: null,
    });
    expect(booked.status).toBe(201);
    await query('update bookings set status = $2 where id = $1', [
      booked.json.booking.id,
      key === 'a' ? 'confirmed' : 'pending',
    ]);
  }

  await signIn(page, agent);
  await page.getByRole('link', { name: /My day/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/day/);
  await page.getByLabel('Date').fill(date);

  const warnings = page.getByRole('alert', { name: 'Warnings' });
  await expect(warnings).toContainText("You can't be at 12 Oak St by 11:00 am: 41 min drive, 30 min gap");
  await expect(page.getByTestId('total-drive')).toHaveText('79 min');
  // The base map's tiles came from the 127.0.0.1 tile server, straight to the browser with the page's origin
  // as Referer (OpenStreetMap's tile policy); three markers and the route line are drawn; the map is
  // attributed, linked to OpenStreetMap's copyright page.
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  // (The browser's: the test runner's own readiness check asks for a tile too.)
  const tileRequests = (await mapsRequests()).filter(
    (r) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(r.path) && /Chrom/.test(r.userAgent ?? ''),
  );
  expect(tileRequests.length).toBeGreaterThan(0);
  expect(tileRequests.every((r) => r.referer === `${BASE_URL}/`)).toBe(true);
  // Every map on the page (the day's and the office's) carries it.
  const attribution = page.locator('.leaflet-control-attribution a');
  await expect(attribution).toHaveCount(2);
  const dayAttribution = page.getByRole('region', { name: 'Map' }).locator('.leaflet-control-attribution a');
  await expect(dayAttribution).toHaveText('© OpenStreetMap contributors');
  await expect(dayAttribution).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
  // Road routing is not set here: the page says the drive times are estimated, in plain words.
  await expect(page.getByText(ROUTE_MESSAGES.estimatedNote)).toBeVisible();
  await expectPlainWords(page);
  await expect(page.locator('path.leaflet-interactive')).toHaveCount(4);
  await expect(page.locator('.leaflet-tooltip span')).toHaveText(['1', '2', '3']);
  expect(
    await page
      .locator('.leaflet-tooltip span')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
  ).toEqual(['1. 1 Elm St', '2. 12 Oak St', '3. 3 Ash Rd']);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shot(testInfo, 'my-day-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('path.leaflet-interactive')).toHaveCount(4);
  await page.screenshot({ path: shot(testInfo, 'my-day-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();

  await page.getByRole('button', { name: 'Optimise' }).click();
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toContainText('Saves 38 min of driving (48%): 79 → 41 min');
  // Issue 29: each stop names its buyer; the confirmed showing stays, the requests get proposed times that
  // are free while the others keep theirs (decision 042).
  const order = proposal.getByRole('list', { name: 'Proposed order' }).getByRole('listitem');
  await expect(order).toHaveText([
    '1. Buyer A · 1 Elm St10:00 am (confirmed, stays)',
    '2. Buyer C · 3 Ash Rd12:00 pm → 11:30 am (proposed to the buyer)',
    '3. Buyer B · 12 Oak St11:00 am → 1:00 pm (proposed to the buyer)',
  ]);
  await page.screenshot({ path: shot(testInfo, 'my-day-proposal-1280.png'), fullPage: true });
  await page.getByRole('button', { name: TIME_PROPOSAL_MESSAGES.applyButton }).click();
  await expect(page.getByRole('status').filter({ hasText: TIME_PROPOSAL_MESSAGES.applied(2) })).toBeVisible();
  // Nothing moved: the day is as booked until a buyer accepts.
  await expect(page.getByTestId('total-drive')).toHaveText('79 min');
  const answers = page.getByRole('list', { name: TIME_PROPOSAL_MESSAGES.listHeading }).getByRole('listitem');
  await expect(answers).toHaveCount(2);
  await expect(answers.filter({ hasText: 'Buyer B' })).toContainText(TIME_PROPOSAL_STATUS_LABELS.proposed);

  // Buyer B's e-mail (file mode: the .eml the server's worker wrote) carries the proposal's link.
  type Sent = { id: string; kind: string; status: string; recipient: string };
  let mail: Sent | undefined;
  await expect
    .poll(
      async () => {
        const list = await api<{ data: Sent[] }>('GET', '/agents/messages', undefined, agent.token);
        mail = list.json.data.find((m) => m.kind === 'time.proposal' && m.recipient === emails.b);
        return mail?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('sent');
  const raw = await fetch(`${BASE_URL}/api/agents/messages/${mail!.id}/raw`, {
    headers: { authorization: `Bearer ${agent.token}` },
  }).then((r) => r.text());
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /\/booking\/proposal\?token=[A-Za-z0-9_-]+/.exec(decoded)?.[0];
  expect(link, 'the proposal link in the e-mail').toBeTruthy();

  // The buyer opens it on a phone: their requested time, the proposed one (the zone named), in the agent's brand.
  // Their own browser (a new context: axe needs one), the cookie choice made as in playwright.config.ts.
  const buyerContext = await page
    .context()
    .browser()!
    .newContext({
      viewport: { width: 390, height: 844 },
      storageState: {
        cookies: [],
        origins: [{ origin: BASE_URL, localStorage: [{ name: 'cookie-consent', value: 'rejected' }] }],
      },
    });
  const buyer = await buyerContext.newPage();
  await buyer.goto(`${BASE_URL}${link!}`);
  await expect(buyer.getByRole('heading', { name: TIME_PROPOSAL_MESSAGES.pageTitle })).toBeVisible();
  await expect(buyer.getByText(/11:00 AM Central Time/)).toBeVisible();
  await expect(buyer.getByText(/1:00 PM Central Time/)).toBeVisible();
  await buyer.screenshot({ path: shot(testInfo, 'proposal-390.png'), fullPage: true });
  // WCAG 2.2 AA as the other buyer pages are held to (a11y.spec.ts): no serious or critical violation.
  const { violations } = await new AxeBuilder({ page: buyer })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  // Keyboard: the first control after the links above is "Accept the new time", and Enter answers.
  await buyer.getByRole('button', { name: TIME_PROPOSAL_MESSAGES.accept }).focus();
  await expect(buyer.getByRole('button', { name: TIME_PROPOSAL_MESSAGES.accept })).toBeFocused();
  await buyer.keyboard.press('Enter');
  await expect(buyer.getByRole('status')).toContainText(TIME_PROPOSAL_MESSAGES.accepted);
  await buyer.screenshot({ path: shot(testInfo, 'proposal-accepted-390.png'), fullPage: true });
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await buyer.screenshot({ path: shot(testInfo, 'proposal-accepted-1280.png'), fullPage: true });
  await buyerContext.close();

  // The agent's day: B moved to 1:00 pm, the proposal accepted, C's still waiting.
  await page.reload();
  await expect(page.getByTestId('total-drive')).toHaveText('41 min');
  await expect(answers.filter({ hasText: 'Buyer B' })).toContainText(TIME_PROPOSAL_STATUS_LABELS.accepted);
  await expect(answers.filter({ hasText: 'Buyer C' })).toContainText(TIME_PROPOSAL_STATUS_LABELS.proposed);
  // The map (a lazy chunk) draws its labels after the list: read them until they are there, not once.
  await expect
    .poll(() =>
      page
        .locator('.leaflet-tooltip span')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    )
    .toEqual(['1. 1 Elm St', '2. 3 Ash Rd', '3. 12 Oak St']);
  await page.getByRole('list', { name: TIME_PROPOSAL_MESSAGES.listHeading }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(testInfo, 'my-day-answers-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('list', { name: TIME_PROPOSAL_MESSAGES.listHeading }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(testInfo, 'my-day-answers-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The agent turns on "cluster showings by area" (travel-aware public slots); it is saved.
  await page.getByLabel('Cluster showings by area').check();
  await expect
    .poll(
      async () =>
        (await api<{ data: { cluster_by_area: boolean } }>('GET', '/routes/settings', undefined, agent.token))
          .json.data.cluster_by_area,
    )
    .toBe(true);

  // The property form shows the pin on the same tiles, attributed; addresses can be found (a geocoder is set).
  await page.goto('/dashboard/properties');
  await page.getByRole('button', { name: 'Edit 12 Oak St' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit property' });
  await expect(dialog.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(dialog.getByRole('button', { name: ROUTE_MESSAGES.findOnMap })).toBeVisible();
  await expect(dialog.locator('.leaflet-control-attribution a')).toHaveText('© OpenStreetMap contributors');
  await dialog.getByText(ROUTE_MESSAGES.enterCoordinates).click();
  await expect(dialog.getByLabel('Latitude')).toHaveValue('30.267200');
  await page.keyboard.press('Escape');

  // A Basic agent: the server refuses the day (the page shows the upgrade hint instead of calling it).
  const basic = await newAgent('Quinn');
  const refused = await api<{ code: string }>('GET', `/routes/day?date=${date}`, undefined, basic.token);
  expect(refused.status).toBe(403);
  expect(refused.json.code).toBe('PLAN_UPGRADE_REQUIRED');
});

test('the office and a property placed by address and by dragging the pin, on the default-style maps', async ({
  page,
}, testInfo) => {
  await addPlace('500 Congress Ave', 30.2686, -97.7425);
  await addPlace('77 Rainey St', 30.2589, -97.7386);
  const agent = await newAgent('Rowan');
  await query("update agents set plan = 'pro' where id = $1", [agent.id]);
  // A property saved with an address the geocoder knows is placed on save, asked once.
  const created = await api<{ data: { id: number } }>(
    'POST',
    '/properties',
    {
      address: '77 Rainey St',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      price: 450000,
      bedrooms: 2,
      bathrooms: 2,
      property_type: 'Residential',
    },
    agent.token,
  );
  expect(created.status).toBe(201);
  const position = async () =>
    (
      await api<{ data: { lat: number | null; lng: number | null } }>(
        'GET',
        `/properties/${created.json.data.id}/position`,
        undefined,
        agent.token,
      )
    ).json.data;
  expect(await position()).toMatchObject({ lat: 30.2589, lng: -97.7386 });
  // The geocoding request named this server and its contact (Nominatim's usage policy).
  const searches = (await mapsRequests()).filter((r) => r.path === '/search');
  const rainey = searches.find((r) => r.query.street === '77 Rainey St')!;
  expect(rainey.userAgent).toBe(`Keyturn showing scheduler (+${BASE_URL}; ${MAPS_CONTACT})`);
  expect(rainey.query.email).toBe(MAPS_CONTACT);

  await signIn(page, agent);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/day');
  const office = page.getByRole('form', { name: 'Office (start of your day)' });
  await expect(office.getByText(ROUTE_MESSAGES.enterCoordinates)).toBeVisible();
  await expect(office.getByLabel('Office latitude')).toBeHidden();
  await office.getByLabel('Office address').fill('500 Congress Ave');
  await office.getByLabel('City').fill('Austin');
  await office.getByLabel('State').fill('TX');
  await office.getByLabel('ZIP code').fill('78701');
  await office.getByRole('button', { name: ROUTE_MESSAGES.findOnMap }).click();
  await expect(office.getByRole('status')).toContainText('Pin placed at the address');
  await expect(office.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(office.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(office.locator('.leaflet-control-attribution a')).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/copyright',
  );
  await expectPlainWords(page);
  await office.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(testInfo, 'office-placement-1280.png'), fullPage: true });
  await office.getByRole('button', { name: 'Save office' }).click();
  await expect(office.getByRole('status').filter({ hasText: 'Office saved.' })).toBeVisible();
  const saved = await api<{ data: { office: { lat: number; lng: number } } }>(
    'GET',
    '/routes/settings',
    undefined,
    agent.token,
  );
  expect(saved.json.data.office).toMatchObject({ lat: 30.2686, lng: -97.7425 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(office.locator('.leaflet-marker-icon')).toBeVisible();
  await office.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(testInfo, 'office-placement-390.png'), fullPage: true });

  // The property's pin dragged in the browser: the new place is saved by "Save changes".
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/properties');
  await page.getByRole('button', { name: 'Edit 77 Rainey St' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit property' });
  const pin = dialog.locator('.leaflet-marker-icon');
  await expect(pin).toBeVisible();
  await expect(dialog.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await pin.scrollIntoViewIfNeeded();
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 + 10, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  await page.screenshot({ path: shot(testInfo, 'property-placement-1280.png') });
  await dialog.getByText(ROUTE_MESSAGES.enterCoordinates).click();
  const lng = Number(await dialog.getByLabel('Longitude').inputValue());
  const lat = Number(await dialog.getByLabel('Latitude').inputValue());
  // Dragged right and down: east and south of the geocoded place.
  expect(lng).toBeGreaterThan(-97.7386);
  expect(lat).toBeLessThan(30.2589);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  expect(await position()).toMatchObject({ lat, lng });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Edit 77 Rainey St' }).click();
  await expect(dialog.locator('.leaflet-marker-icon')).toBeVisible();
  await dialog.locator('.leaflet-container').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(testInfo, 'property-placement-390.png') });
});
