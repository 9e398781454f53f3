// Issue 16 in the browser: a Professional agent's My day — the map on tiles served from 127.0.0.1 (generated
// PNGs), numbered markers and the route line, the drive-longer-than-gap warning, Optimise with the saving
// shown and each buyer named, Apply proposing the new times (issue 29: nothing moves), the buyer accepting from
// the e-mail's link on a phone, and the day reordered. A Basic agent's call is refused (403). Screenshots at 375 and 1280 px.
import { createServer, type Server } from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { ROUTE_MESSAGES } from '@keyturn/domain/messages';
import { TIME_PROPOSAL_MESSAGES, TIME_PROPOSAL_STATUS_LABELS } from '@keyturn/domain/routes/proposals';
import { api, BASE_URL, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

const tilePort = Number(process.env.E2E_TILE_PORT ?? Number(process.env.E2E_PORT ?? 5123) + 1100);
let tiles: Server;
const tileRequests: string[] = [];

/** A 256 × 256 tile: light grey with a darker border, so the map is visibly tiled in the screenshots. */
function tilePng(): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      const edge = x === 0 || y === 0;
      const i = (y * 256 + x) * 4;
      png.data[i] = edge ? 180 : 232;
      png.data[i + 1] = edge ? 190 : 238;
      png.data[i + 2] = edge ? 200 : 228;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

test.beforeAll(async () => {
  const body = tilePng();
  tiles = createServer((req, res) => {
    tileRequests.push(req.url ?? '');
    if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' }).end(body);
  });
  await new Promise<void>((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  tiles.closeAllConnections();
  await new Promise<void>((resolve) => tiles.close(() => resolve()));
});

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
  // The base map's tiles came from the 127.0.0.1 tile server; three markers and the route line are drawn.
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  expect(tileRequests.some((url) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
  await expect(page.locator('path.leaflet-interactive')).toHaveCount(4);
  await expect(page.locator('.leaflet-tooltip span')).toHaveText(['1', '2', '3']);
  expect(
    await page
      .locator('.leaflet-tooltip span')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
  ).toEqual(['1. 1 Elm St', '2. 12 Oak St', '3. 3 Ash Rd']);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('my-day-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.locator('path.leaflet-interactive')).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('my-day-375.png'), fullPage: true });
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
  await page.screenshot({ path: testInfo.outputPath('my-day-proposal-1280.png'), fullPage: true });
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
  await buyer.screenshot({ path: testInfo.outputPath('proposal-390.png'), fullPage: true });
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
  await buyer.screenshot({ path: testInfo.outputPath('proposal-accepted-390.png'), fullPage: true });
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await buyer.screenshot({ path: testInfo.outputPath('proposal-accepted-1280.png'), fullPage: true });
  await buyerContext.close();

  // The agent's day: B moved to 1:00 pm, the proposal accepted, C's still waiting.
  await page.reload();
  await expect(page.getByTestId('total-drive')).toHaveText('41 min');
  await expect(answers.filter({ hasText: 'Buyer B' })).toContainText(TIME_PROPOSAL_STATUS_LABELS.accepted);
  await expect(answers.filter({ hasText: 'Buyer C' })).toContainText(TIME_PROPOSAL_STATUS_LABELS.proposed);
  expect(
    await page
      .locator('.leaflet-tooltip span')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
  ).toEqual(['1. 1 Elm St', '2. 3 Ash Rd', '3. 12 Oak St']);
  await page.getByRole('list', { name: TIME_PROPOSAL_MESSAGES.listHeading }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('my-day-answers-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('list', { name: TIME_PROPOSAL_MESSAGES.listHeading }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('my-day-answers-390.png'), fullPage: true });
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

  // The property form shows the pin on the same tiles (no geocoder here: the form says pins are placed by hand).
  await page.goto('/dashboard/properties');
  await page.getByRole('button', { name: 'Edit 12 Oak St' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit property' });
  await expect(dialog.getByText(ROUTE_MESSAGES.noGeocoderNote)).toBeVisible();
  await expect(dialog.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(dialog.getByLabel('Latitude')).toHaveValue('30.267200');
  await dialog.getByLabel('Latitude').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('property-pin-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await dialog.locator('.leaflet-container').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('property-pin-375.png') });

  // A Basic agent: the server refuses the day (the page shows the upgrade hint instead of calling it).
  const basic = await newAgent('Quinn');
  const refused = await api<{ code: string }>('GET', `/routes/day?date=${date}`, undefined, basic.token);
  expect(refused.status).toBe(403);
  expect(refused.json.code).toBe('PLAN_UPGRADE_REQUIRED');
});
