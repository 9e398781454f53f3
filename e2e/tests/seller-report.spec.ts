// Issue 32 §3–§4 in the browser at 375 px: a confirmed showing of a listing with access details, 60 minutes
// before it (the showing is put an hour ahead, as the other specs move time) → the access message is sent (read
// from the server's sent messages, its raw e-mail) and the buyer's manage page shows the code → the buyer
// leaves feedback → the seller's report (their own link, no login) shows the showing, the feedback and its
// sentiment. Screenshots of the seller report at 375 and 1280 px and in print emulation.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { wallClockInZone } from '@keyturn/domain/time';
import { api, CONSENT_DECIDED, newAgent, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED, viewport: { width: 375, height: 812 } });

const SHOTS = process.env.SHOTS_DIR ?? 'artifacts';
const CODE = '4729#';
const buyer = { name: 'Riley Lindqvist', email: `riley.access.${Date.now()}@example.com` };
type SentMessage = { id: string; kind: string; status: string; subject: string | null };

test('access opens an hour before the showing; the feedback reaches the seller’s live report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const agent = await newAgent('Lister');
  await query(`update agents set plan = 'pro' where id = $1`, [agent.id]);
  const [property] = await query<{ id: number }>(
    `insert into properties (agent_id, address, city, state, zip_code, price, bedrooms, bathrooms, property_type)
     values ($1, '27 Larkspur Court', 'Chicago', 'IL', '60614', 489000, 3, 2, 'Residential') returning id`,
    [agent.id],
  );
  const saved = await api(
    'PUT',
    `/properties/${property!.id}/access`,
    {
      lockboxCode: CODE,
      alarm: 'Disarm with 1188 on the panel by the door',
      parking: 'Driveway, left side',
      pets: null,
      entryNotes: 'Use the side door',
      releaseMinutes: 60,
    },
    agent.token,
  );
  expect(saved.status).toBe(200);
  const [contact] = await query<{ report_token: string }>(
    `insert into property_contacts (property_id, name, email, role, gets)
     values ($1, 'Sam Seller', 'sam.seller@example.com', 'seller',
             '{"approvals":false,"notices":false,"feedback":true,"weeklyReport":true}') returning report_token`,
    [property!.id],
  );

  // The clock at 60 minutes before the showing: the agent books the buyer in 59 minutes from now.
  const startsAt = new Date(Math.ceil((Date.now() + 59 * 60_000) / 60_000) * 60_000);
  const wall = wallClockInZone(startsAt, 'America/Chicago');
  const booked = await api<{ data: { id: string } }>(
    'POST',
    '/bookings',
    {
      property_id: property!.id,
      agent_id: agent.id,
      client_name: buyer.name,
      client_email: buyer.email,
      client_phone: '+1 312 555 0177',
      buyer_type: 'first_time_buyer',
      budget_min: 400000,
      budget_max: 500000,
      income_range: null,
      booking_purpose: 'property_viewing',
      custom_purpose: null,
      booking_date: wall.date,
      booking_time: wall.time,
      message: null,
    },
    agent.token,
  );
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);
  const bookingId = booked.json.data.id;

  // The access message goes out at once (its release time has come), once.
  let release: SentMessage | undefined;
  await expect
    .poll(
      async () => {
        const list = await api<{ data: SentMessage[] }>('GET', '/agents/messages', undefined, agent.token);
        release = list.json.data.find((m) => m.kind === 'access.release' && m.status === 'sent');
        return release?.subject ?? null;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^Getting in: 27 Larkspur Court at /);
  expect(release!.subject).not.toContain(CODE);
  const raw = await fetch(
    `${process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 5123}`}/api/agents/messages/${release!.id}/raw`,
    { headers: { authorization: `Bearer ${agent.token}` } },
  );
  expect(raw.status).toBe(200);
  expect(await raw.text()).toContain('4729');
  const [row] = await query<{ manage_token: string; public_id: string }>(
    'select manage_token, public_id from bookings where id = $1',
    [bookingId],
  );

  // The buyer's manage page shows how to get in.
  await page.goto(`/booking/manage?token=${row!.manage_token}`);
  const access = page.getByRole('region', { name: 'Getting in' });
  await expect(access).toBeVisible();
  await expect(access.getByText(CODE)).toBeVisible();
  await expect(access.getByText('Use the side door')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/manage-access-375.png`, fullPage: true });
  const releases = await api<{ data: { channel: string }[] }>(
    'GET',
    `/bookings/${bookingId}/access-releases`,
    undefined,
    agent.token,
  );
  expect(releases.json.data.map((r) => r.channel).sort()).toEqual(['email', 'page']);

  // After the showing the buyer leaves feedback.
  await query(
    `update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '90 minutes' where id = $1`,
    [bookingId],
  );
  await page.goto(`/feedback/${row!.public_id}`);
  await expect(page.getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
  const choose = async (name: string) => {
    const radio = page.getByRole('radio', { name });
    await radio.check({ force: true });
  };
  await choose('4 Very good');
  await choose('Very interested');
  await choose('Too high');
  await choose('Yes, I would like to see it again');
  await page.getByLabel('What did you like? (optional)').fill('The kitchen is wonderful and bright');
  await page.getByLabel('What did you not like? (optional)').fill('The street is noisy');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();

  // The seller's report, from their own link.
  await page.goto(`/seller/${contact!.report_token}`);
  await expect(page.getByRole('heading', { name: 'Showing report: 27 Larkspur Court' })).toBeVisible();
  const weeks = page.getByRole('region', { name: 'Showings by week' });
  await expect(weeks.getByRole('definition').first()).toHaveText('1');
  const said = page.getByRole('region', { name: 'What buyers said' });
  await expect(said.getByText('Buyer 1', { exact: false })).toBeVisible();
  await expect(said.getByText('The kitchen is wonderful and bright')).toBeVisible();
  await expect(page.getByText(buyer.name)).toHaveCount(0);
  const feeling = page.getByRole('region', { name: /Overall feeling/ });
  await expect(feeling.getByText('“The kitchen is wonderful and bright”')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What buyers think of the price' })).toContainText(
    'Too high',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: `${SHOTS}/seller-report-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/seller-report-1280.png`, fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/seller-report-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The agent's side: Properties → Access (details, the seller's link, notes), at 390 and 1280 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, agent);
  await page.goto('/dashboard/properties');
  await page.getByRole('button', { name: 'Access and seller report of 27 Larkspur Court' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access and seller report: 27 Larkspur Court' });
  await expect(dialog.getByLabel('Lockbox or keypad code')).toHaveValue(CODE);
  await expect(dialog.getByRole('button', { name: 'Copy the report link for Sam Seller' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/agent-access-dialog-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/agent-access-dialog-1280.png`, fullPage: true });
  // Revoking the link closes the seller's report.
  await dialog.getByRole('button', { name: 'Revoke the report link of Sam Seller' }).click();
  await expect(dialog.getByText('Link revoked')).toBeVisible();
  expect((await api('GET', `/seller/${contact!.report_token}`)).status).toBe(404);
});
