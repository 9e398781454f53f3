// Issue 34 §2 in Chromium at 390 px: Properties → Import listings. Without an MLS on this server the page says so
// in plain words; a CSV file's columns are matched from its headings, the preview lists each row with its line
// number and problems, and the import adds the good rows to Properties. Nothing is wider than the screen.
// Screenshots at 390 and 1280 px under $E2E_SHOTS when set (the test's output folder otherwise).
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_DECIDED, newAgent, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test.use({ storageState: CONSENT_DECIDED, viewport: { width: 390, height: 844 } });

const CSV = [
  'MLS Number,Street Address,City,State,Zip,List Price,Beds,Baths,Property Type',
  'E2E-1,410 Lakeview Drive,Austin,TX,78701,"$615,000",3,2,Single Family',
  'E2E-2,22 Willow Bend,Austin,Texas,78702,480000,2,1.5,Condominium',
  'E2E-3,9 Ridge Court,Austin,TX,78703,530000,4,3,Townhouse',
].join('\n');

async function shot(page: Page, name: string, outputPath: (name: string) => string) {
  const dir = process.env.E2E_SHOTS;
  await page.screenshot({ path: dir ? `${dir}/${name}` : outputPath(name), fullPage: true });
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a CSV file: columns matched, a preview by line number, then the import — at 390 px', async ({
  page,
}, testInfo) => {
  const out = (name: string) => testInfo.outputPath(name);
  const agent = await newAgent('Morgan');
  await signIn(page, agent);

  await page.goto('/dashboard/properties');
  await page.getByRole('link', { name: 'Import listings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/properties\/import$/);
  await expect(page.getByRole('heading', { name: 'Import listings', level: 1 })).toBeVisible();
  // This server has no MLS: said plainly, without a word of configuration.
  await expect(
    page.getByText("Importing from the MLS isn't switched on for this Keyturn server yet", { exact: false }),
  ).toBeVisible();

  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'listings.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  // The headings were recognised: each field shows its column and that column's first value.
  await expect(page.getByLabel('Street address *')).toHaveValue('Street Address');
  await expect(page.getByLabel('Price *')).toHaveValue('List Price');
  await expect(page.getByLabel('MLS number', { exact: true })).toHaveValue('MLS Number');
  await expect(page.getByText('e.g. 410 Lakeview Drive')).toBeVisible();

  await page.getByRole('button', { name: 'Check the file' }).click();
  const rows = page.getByRole('listitem');
  await expect(page.getByText('2 would be added, 0 updated, 0 unchanged, 1 with problems.')).toBeVisible();
  const bad = rows.filter({ hasText: 'Line 3' });
  await expect(bad).toContainText('22 Willow Bend');
  await expect(bad).toContainText('Needs fixing');
  await expect(bad).toContainText('State: Enter the state as its 2-letter code');
  await expect(rows.filter({ hasText: 'Line 2' })).toContainText('Will be added');
  expect(await noSidewaysScroll(page)).toBe(true);
  await shot(page, 'import-preview-390.png', out);

  await page.getByRole('button', { name: 'Import 2 listings' }).click();
  await expect(page.getByText('2 were added, 0 updated, 0 unchanged, 1 with problems.')).toBeVisible();
  await expect(rows.filter({ hasText: 'Line 2' })).toContainText('Added');

  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'import-result-1280.png', out);

  await page.getByRole('link', { name: 'Back to properties' }).click();
  await expect(page.getByText('410 Lakeview Drive')).toBeVisible();
  await expect(page.getByText('9 Ridge Court')).toBeVisible();
  await expect(page.getByText('22 Willow Bend')).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await noSidewaysScroll(page)).toBe(true);
  await shot(page, 'properties-with-import-390.png', out);

  // The MLS took one listing off the market while a showing was booked (the state a sync leaves): Properties asks
  // what to do with it; keeping it leaves the showing booked and the question goes away.
  const [listing] = await query<{ id: number }>(
    `update properties set is_public = false, status_hidden_at = now(), mls_status = 'Pending',
       showings_decision_pending = true where agent_id = $1 and mls_number = 'E2E-1' returning id`,
    [agent.id],
  );
  await query(
    `insert into bookings (agent_id, property_id, client_name, client_email, client_phone, buyer_type,
       booking_purpose, starts_at, ends_at, status, manage_token, public_id)
     values ($1, $2, 'Casey Buyer', 'casey@example.com', '+13125550100', 'first_time_buyer', 'property_viewing',
       now() + interval '3 days', now() + interval '3 days 30 minutes', 'confirmed', md5(random()::text), md5(random()::text))`,
    [agent.id, listing!.id],
  );
  await page.reload();
  const prompt = page.getByRole('region', { name: 'Off the market, with showings booked' });
  await expect(prompt).toContainText('410 Lakeview Drive');
  await expect(prompt).toContainText('Pending');
  await expect(prompt).toContainText('1 showing ahead');
  expect(await noSidewaysScroll(page)).toBe(true);
  await shot(page, 'off-market-question-390.png', out);
  await prompt.getByRole('button', { name: 'Keep them' }).click();
  await expect(page.getByText('The showings stay booked.')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  const [kept] = await query<{ status: string }>(`select status from bookings where property_id = $1`, [
    listing!.id,
  ]);
  expect(kept!.status).toBe('confirmed');
});
