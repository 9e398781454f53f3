// Issue 32 §2 in the browser at 375 px: a buyer books a listing the seller approves ("Waiting for the seller's
// confirmation"); the seller opens the Approve link of their e-mail (the .eml copy the server kept, file mode)
// on a phone and approves; the buyer's confirmation goes out and their manage page says Confirmed. The agent's
// "Sellers and occupants" and the seller's page are screenshotted at 390 and 1280 px.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import { MESSAGES } from '@keyturn/domain/messages';
import { SELLER_APPROVAL_MESSAGES as M } from '@keyturn/domain/listing/sellerApprovalTexts';
import { pickDate } from '../support/calendar.ts';
import { api, CONSENT_DECIDED, freeSlot, newAgent, query } from '../support/server.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED, viewport: { width: 375, height: 812 } });

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/seller';
const address = '18 Larkspur Court';
const stamp = Date.now().toString(36);
const sellerEmail = `pat.seller.${stamp}@example.com`;
const buyerEmail = `casey.${stamp}@example.com`;

/** A sent message's kept .eml (file mode), its text part decoded from quoted-printable. */
async function sentMail(kind: string, to: string): Promise<string> {
  let fileName: string | null = null;
  await expect
    .poll(
      async () => {
        const [row] = await query<{ file_name: string | null; status: string }>(
          `select file_name, status from notification_messages where kind = $1 and recipient = $2 order by created_at desc limit 1`,
          [kind, to],
        );
        fileName = row?.status === 'sent' ? row.file_name : null;
        return fileName !== null;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const [copy] = await query<{ content: Buffer }>('select content from message_copies where file_name = $1', [
    fileName,
  ]);
  return copy!.content
    .toString('utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

test('a buyer books a seller-approved listing → the seller approves from the e-mail’s link → the buyer is confirmed', async ({
  page,
}) => {
  const agent = await newAgent('Sellwood');
  await query(`update agents set plan = 'pro' where id = $1`, [agent.id]);
  const created = await api<{ data: { id: number; public_id: string } }>(
    'POST',
    '/properties',
    {
      address,
      city: 'Evanston',
      state: 'IL',
      zip_code: '60201',
      price: 525000,
      bedrooms: 3,
      bathrooms: 2,
      property_type: 'Residential',
      images: [],
      is_public: true,
    },
    agent.token,
  );
  expect(created.status).toBe(201);
  const property = created.json.data;
  await query(`insert into property_showing_rules (property_id, approval) values ($1, 'seller')`, [
    property.id,
  ]);
  const contact = await api(
    'POST',
    `/properties/${property.id}/contacts`,
    {
      name: 'Pat Seller',
      email: sellerEmail,
      role: 'seller',
      gets: { approvals: true, notices: true, feedback: false, weeklyReport: false },
    },
    agent.token,
  );
  expect(contact.status).toBe(201);

  // The buyer books on their phone.
  const { date, label } = await freeSlot(agent.id, 2);
  await page.goto(propertyBookingPath(agent.username, address, property.public_id));
  await pickDate(page, date);
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await page.getByLabel('Full name').fill('Casey Buyer');
  await page.getByLabel('Email').fill(buyerEmail);
  await page.getByLabel('Phone').fill('+1 312 555 0142');
  await page.getByLabel('Buyer type').selectOption('first_time_buyer');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByRole('heading', { name: MESSAGES.bookingRequestSentTitle })).toBeVisible();
  await expect(page.getByText(M.buyerWaiting, { exact: false })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/buyer-request-sent-375.png`, fullPage: true });

  // The seller's e-mail: one link per action; Approve opens their page (no account).
  const mail = await sentMail('seller.approval.request', sellerEmail);
  const approve = /Approve: (http\S+\/seller-approval\?token=\S+)/.exec(mail)?.[1];
  expect(approve, 'the Approve link in the seller’s e-mail').toBeTruthy();
  const url = new URL(approve!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: M.pageTitle })).toBeVisible();
  await expect(page.getByText(address, { exact: false })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'seller-approve');
  await page.getByRole('button', { name: M.approve }).click();
  await expect(page.getByRole('status').filter({ hasText: M.approved })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/seller-approved-375.png`, fullPage: true });

  // The link works once.
  await page.reload();
  await expect(page.getByText(M.linkUsed)).toBeVisible();

  // The buyer's confirmation e-mail, and their manage page.
  const confirmation = await sentMail('booking_approved.buyer.email', buyerEmail);
  const manage = /(\/booking\/manage\?token=[^\s"<>]+)/.exec(confirmation)?.[1];
  expect(manage).toBeTruthy();
  await page.goto(manage!);
  await expect(page.getByRole('heading', { name: 'Manage your booking' })).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();

  // The other links of the e-mail: the seller's block page, screenshotted.
  const block = /Block times: (http\S+\/seller-approval\?token=\S+)/.exec(mail)?.[1];
  const blockUrl = new URL(block!);
  await page.goto(blockUrl.pathname + blockUrl.search);
  await expect(page.getByRole('button', { name: M.notTonight })).toBeVisible();
  await shot(page, 'seller-block');

  // The agent's "Sellers and occupants".
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The booking details say who answered.
  const [booking] = await query<{ id: string }>('select id from bookings where client_email = $1', [
    buyerEmail,
  ]);
  await page.goto(`/dashboard/bookings?booking=${booking!.id}`);
  const details = page.getByRole('dialog', { name: 'Booking details' });
  await expect(details).toContainText('Pat Seller approved');
  await shot(page, 'booking-details-seller-answer');

  await page.goto('/dashboard/properties');
  await page.getByRole('button', { name: `Sellers and occupants of ${address}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Pat Seller')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a contact' }).click();
  await shot(page, 'sellers-and-occupants');
});
