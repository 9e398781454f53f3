// Issue 45's journey in the browser at 390 px: a buyer's agent (any account) finds three homes listed by two other
// agents, builds a tour of them and sends it (one request per home); the seller of one home approves it from the
// Approve link of their e-mail (the .eml the server kept, file mode); the listing agent writes in that showing's
// conversation from their booking's details; the buyer's agent, on their request's page, taps "Running 10 minutes
// late" and the listing agent is e-mailed it. Each step is screenshotted at 390 and 1280 px.
import { expect, test } from '@playwright/test';
import { NETWORK_TEXTS as T } from '@keyturn/domain/listing/network';
import { SELLER_APPROVAL_MESSAGES as M } from '@keyturn/domain/listing/sellerApprovalTexts';
import { THREAD_TEXTS } from '@keyturn/domain/listing/threads';
import { NETWORK_TOUR_TEXTS } from '@keyturn/domain/routes/networkTour';
import { api, CONSENT_DECIDED, newAgent, newListing, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';
import { shooter } from '../support/shots.ts';
import { sentMail } from '../support/mail.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED, viewport: { width: 390, height: 844 } });

const SHOTS = process.env.SHOTS_DIR ?? 'artifacts/showing-network';
const P = NETWORK_TOUR_TEXTS.page;
const stamp = Date.now().toString(36);
const street = `Tourmaline ${stamp}`;
const sellerEmail = `pat.seller.${stamp}@example.com`;

const shot = shooter(SHOTS);

test('a buyer’s agent tours three homes of two agents: seller approves by e-mail, a thread, “Running 10 minutes late”', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const lister = await newAgent('Lister');
  const other = await newAgent('Otherly');
  const scout = await newAgent('Scout');
  // Sellers and occupants are the Professional plan's; the buyer's agent needs no plan.
  await query(`update agents set plan = 'pro' where id = $1`, [lister.id]);
  const homes = [
    {
      ...(await newListing(lister, `1 ${street} Street`)),
      address: `1 ${street} Street`,
      lat: 40.6702,
      lng: -73.9846,
    },
    {
      ...(await newListing(lister, `3 ${street} Street`)),
      address: `3 ${street} Street`,
      lat: 40.6712,
      lng: -73.9846,
    },
    {
      ...(await newListing(other, `9 ${street} Street`)),
      address: `9 ${street} Street`,
      lat: 40.6802,
      lng: -73.9746,
    },
  ];
  for (const h of homes)
    await query('update properties set lat = $2, lng = $3 where id = $1', [h.id, h.lat, h.lng]);
  // The first home's seller approves its showings, by e-mail.
  await query(`insert into property_showing_rules (property_id, approval) values ($1, 'seller')`, [
    homes[0]!.id,
  ]);
  const contact = await api(
    'POST',
    `/properties/${homes[0]!.id}/contacts`,
    {
      name: 'Pat Seller',
      email: sellerEmail,
      role: 'seller',
      gets: { approvals: true, notices: false, feedback: false, weeklyReport: false },
    },
    lister.token,
  );
  expect(contact.status).toBe(201);

  // The buyer's agent finds the three homes and plans a day of them.
  await signIn(page, scout);
  await page.goto('/dashboard/network');
  await page.getByLabel(T.searchLabel).fill(street);
  await page.getByRole('button', { name: T.searchAction }).click();
  for (const h of homes) await page.getByLabel(`${P.addToTour}: ${h.address}`).check();
  await expect(page.getByRole('status').filter({ hasText: P.tray(3) })).toBeVisible();
  await shot(page, 'find-homes');
  await page.getByRole('button', { name: P.planTour, exact: true }).click();
  await page.getByLabel(P.date).fill(nextWeekday(3));
  await page.getByRole('button', { name: P.plan }).click();
  await expect(page.getByText(/min drive/).first()).toBeVisible();
  for (const h of homes) await expect(page.getByText(h.address).first()).toBeVisible();
  await page.getByLabel(T.clientName).fill('Casey Client');
  await page.getByLabel(T.clientEmail).fill(`casey.${stamp}@example.com`);
  await page.getByLabel(T.clientPhone).fill('+1 312 555 0142');
  await page.getByLabel(T.brokerageLabel).fill('Oak Realty');
  await page.getByLabel(T.licenceLabel).fill('NY-10203040');
  await page.getByRole('button', { name: P.send }).click();
  await expect(page.getByText(P.sent)).toBeVisible();
  await shot(page, 'tour-sent');
  const sent = await query<{ id: string; property_id: number; status: string }>(
    'select id, property_id, status from bookings where buyer_agent_account_id = $1 and network_tour_id is not null',
    [scout.id],
  );
  expect(sent.map((b) => b.property_id).sort()).toEqual(homes.map((h) => h.id).sort());
  const first = sent.find((b) => b.property_id === homes[0]!.id)!;

  // The seller approves from their e-mail, on a phone, with no account.
  const mail = await sentMail('seller.approval.request', sellerEmail);
  const approve = /Approve: (http\S+\/seller-approval\?token=\S+)/.exec(mail)?.[1];
  expect(approve, 'the Approve link in the seller’s e-mail').toBeTruthy();
  const seller = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const url = new URL(approve!);
  await seller.goto(url.pathname + url.search);
  await seller.getByRole('button', { name: M.approve }).click();
  await expect(seller.getByRole('status').filter({ hasText: M.approved })).toBeVisible();
  await seller.close();
  await expect
    .poll(
      async () =>
        (await query<{ status: string }>('select status from bookings where id = $1', [first.id]))[0]?.status,
    )
    .toBe('confirmed');

  // The listing agent writes in that showing's conversation from its details.
  const agentContext = await browser.newContext({
    storageState: CONSENT_DECIDED,
    viewport: { width: 390, height: 844 },
  });
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, lister);
  await agentPage.goto(`/dashboard/bookings?booking=${first.id}`);
  const note = 'The side gate is open; park on the street, please.';
  await agentPage.getByLabel(THREAD_TEXTS.panel.label).fill(note);
  await agentPage.getByRole('button', { name: THREAD_TEXTS.panel.send, exact: true }).click();
  await expect(agentPage.getByText(note)).toBeVisible();
  await agentPage.screenshot({ path: `${SHOTS}/agent-thread-390.png`, fullPage: true });
  await agentContext.close();

  // On the day, the buyer's agent reads it on their request's page and taps "Running 10 minutes late".
  await page.goto(`/dashboard/network/requests/${first.id}`);
  await expect(page.getByText(note)).toBeVisible();
  await expect(page.getByText(T.states.confirmed)).toBeVisible();
  await page.getByRole('button', { name: THREAD_TEXTS.statuses.late_10 }).click();
  await expect(page.getByText(THREAD_TEXTS.statuses.late_10).last()).toBeVisible();
  await shot(page, 'request-late');
  const told = await sentMail('thread.message', lister.email);
  expect(told).toContain(THREAD_TEXTS.statuses.late_10);
});
