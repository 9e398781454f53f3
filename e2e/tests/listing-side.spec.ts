// Issue 32's journey in the browser at 375 px: a buyer books a listing the seller approves ("Waiting for the
// seller's confirmation"); the seller opens the Approve link of their e-mail (the .eml copy the server kept, file
// mode) on a phone and approves; the buyer's confirmation goes out and their manage page says Confirmed. Then 60
// minutes before the showing (the agent moves it to an hour ahead — the server's clock cannot move, so the
// showing does, as the other specs move time) the access message goes out and the manage page shows the code;
// after the showing the buyer leaves feedback, and the seller's live report (their own link, no login) shows the
// showing, the feedback and its sentiment. The seller's pages, the agent's "Sellers and occupants" and Access
// dialog are screenshotted at 390 and 1280 px, the report also in print emulation.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import { MESSAGES } from '@keyturn/domain/messages';
import { SELLER_APPROVAL_MESSAGES as M, spentLinkNote } from '@keyturn/domain/listing/sellerApprovalTexts';
import { pickDate } from '../support/calendar.ts';
import { api, CONSENT_DECIDED, freeSlot, newAgent, query } from '../support/server.ts';
import { sentMail } from '../support/mail.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED, viewport: { width: 375, height: 812 } });

const SHOTS = process.env.SHOTS_DIR ?? 'artifacts/listing-side';
const CODE = '4729#';
const accessDetails = {
  lockboxCode: CODE,
  alarm: 'Disarm with 1188 on the panel by the door',
  parking: 'Driveway, left side',
  pets: null,
  entryNotes: 'Use the side door',
  releaseMinutes: 60,
};
const address = '18 Larkspur Court';
const stamp = Date.now().toString(36);
const sellerEmail = `pat.seller.${stamp}@example.com`;
const buyerEmail = `casey.${stamp}@example.com`;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

test('a seller-approved listing: booked → approved from the e-mail → access an hour before → feedback → the seller’s report', async ({
  page,
}) => {
  test.setTimeout(150_000);
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
      gets: { approvals: true, notices: true, feedback: true, weeklyReport: true },
    },
    agent.token,
  );
  expect(contact.status).toBe(201);
  const access = await api('PUT', `/properties/${property.id}/access`, accessDetails, agent.token);
  expect(access.status).toBe(200);

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

  // The link works once; the spent link says what the answer was and who gave it (issue 39 §10).
  await page.reload();
  const spent = spentLinkNote({
    action: 'approve',
    status: 'approved',
    linkUsed: true,
    answeredBy: 'Pat Seller',
    bookingStatus: 'confirmed',
  });
  await expect(page.getByText(spent!)).toBeVisible();

  // The buyer's confirmation e-mail, and their manage page.
  const confirmation = await sentMail('booking_approved.buyer.email', buyerEmail);
  const manage = /(\/booking\/manage\?token=[^\s"<>]+)/.exec(confirmation)?.[1];
  expect(manage).toBeTruthy();
  await page.goto(manage!);
  await expect(page.getByRole('heading', { name: 'Manage your booking' })).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();

  // 60 minutes before the showing. The server's clock cannot move, so the showing does (as the other specs move
  // time): it is put 59 minutes ahead, and the agent saves the access details again, which queues the release of
  // every showing ahead — due now, it goes out at once.
  const [approved] = await query<{ id: string }>(
    `select id from bookings where client_email = $1 and status = 'confirmed'`,
    [buyerEmail],
  );
  await query(
    `update bookings set starts_at = date_trunc('minute', now()) + interval '59 minutes',
       ends_at = date_trunc('minute', now()) + interval '89 minutes' where id = $1`,
    [approved!.id],
  );
  expect((await api('PUT', `/properties/${property.id}/access`, accessDetails, agent.token)).status).toBe(
    200,
  );
  const accessMail = await sentMail('access.release', buyerEmail);
  expect(accessMail).toContain('4729');
  const [now] = await query<{ id: string; manage_token: string; public_id: string }>(
    'select id, manage_token, public_id from bookings where id = $1',
    [approved!.id],
  );
  await page.goto(`/booking/manage?token=${now!.manage_token}`);
  const gettingIn = page.getByRole('region', { name: 'Getting in' });
  await expect(gettingIn.getByText(CODE)).toBeVisible();
  await expect(gettingIn.getByText('Use the side door')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/manage-access-375.png`, fullPage: true });

  // After the showing the buyer leaves feedback.
  await query(
    `update bookings set starts_at = now() - interval '2 hours', ends_at = now() - interval '90 minutes' where id = $1`,
    [now!.id],
  );
  await page.goto(`/feedback/${now!.public_id}`);
  await expect(page.getByRole('heading', { name: 'How was your visit?' })).toBeVisible();
  for (const name of ['4 Very good', 'Very interested', 'Too high', 'Yes, I would like to see it again'])
    await page.getByRole('radio', { name }).check({ force: true });
  await page.getByLabel('What did you like? (optional)').fill('The kitchen is wonderful and bright');
  await page.getByLabel('What did you not like? (optional)').fill('The street is noisy');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();

  // The seller's live report, from their own link: the showing, the feedback (no buyer's name), its sentiment.
  const [{ report_token: reportToken }] = (await query<{ report_token: string }>(
    'select report_token from property_contacts where email = $1',
    [sellerEmail],
  )) as [{ report_token: string }];
  await page.goto(`/seller/${reportToken}`);
  await expect(page.getByRole('heading', { name: `Showing report: ${address}` })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Showings by week' }).getByRole('definition').first(),
  ).toHaveText('1');
  const said = page.getByRole('region', { name: 'What buyers said' });
  await expect(said.getByText('Buyer 1', { exact: false })).toBeVisible();
  await expect(said.getByText('The kitchen is wonderful and bright')).toBeVisible();
  await expect(page.getByText('Casey Buyer')).toHaveCount(0);
  const feeling = page.getByRole('region', { name: /Overall feeling/ });
  await expect(feeling.getByText('“The kitchen is wonderful and bright”')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What buyers think of the price' })).toContainText(
    'Too high',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'seller-report');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/seller-report-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

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
  await page.goto(`/dashboard/bookings?booking=${approved!.id}`);
  const details = page.getByRole('dialog', { name: 'Booking details' });
  await expect(details).toContainText('Pat Seller approved');
  await shot(page, 'booking-details-seller-answer');

  await page.goto('/dashboard/properties');
  await page.getByRole('button', { name: `Sellers and occupants of ${address}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Pat Seller')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a contact' }).click();
  await shot(page, 'sellers-and-occupants');

  await page.keyboard.press('Escape');

  // The agent's Access dialog: the details, the seller's report link — revoked, the report is gone.
  await page.getByRole('button', { name: `Access and seller report of ${address}` }).click();
  const accessDialog = page.getByRole('dialog', { name: `Access and seller report: ${address}` });
  await expect(accessDialog.getByLabel('Lockbox or keypad code')).toHaveValue(CODE);
  await shot(page, 'agent-access-dialog');
  await accessDialog.getByRole('button', { name: 'Revoke the report link of Pat Seller' }).click();
  await expect(accessDialog.getByText('Link revoked')).toBeVisible();
  expect((await api('GET', `/seller/${reportToken}`)).status).toBe(404);
});
