// Settings → Messages in the browser (file mode: no SMTP_URL, so every e-mail is an .eml in DATA_DIR/mail):
// a buyer books a new agent's property; once the server's workers have sent the buyer's confirmation and the
// agent's new-booking mail, the agent sees both listed, opens one (envelope, HTML body in a sandboxed frame)
// and downloads its .eml. Then a failure: the dashboard notice leads to the failed message, which is sent
// again. Screenshots of the list and the dialog at 375 and 1280 px go to e2e/artifacts/.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { api, CONSENT_DECIDED, newAgent, nextWeekday, query } from '../support/server.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED });

type SentMessage = {
  id: string;
  kind: string;
  status: string;
  subject: string | null;
  transport: string | null;
  file_name: string | null;
};

const address = '41 Juniper Lane';
const buyer = { name: 'Riley Lindqvist', email: `riley.${Date.now()}@example.com` };
let agent: Awaited<ReturnType<typeof newAgent>>;
let confirmation: SentMessage;
let newBooking: SentMessage;

async function signIn(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(agent.email);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function messages(status?: string): Promise<SentMessage[]> {
  const list = await api<{ data: SentMessage[] }>(
    'GET',
    `/agents/messages${status ? `?status=${status}` : ''}`,
    undefined,
    agent.token,
  );
  expect(list.status).toBe(200);
  return list.json.data;
}

/** The row of the list that names `subject`. */
function rowOf(page: Page, subject: string) {
  return page
    .getByRole('list', { name: 'Sent messages' })
    .getByRole('listitem')
    .filter({ has: page.getByText(subject, { exact: true }) });
}

async function noSidewaysScroll(page: Page, what: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${what} fits the width`,
  ).toBe(true);
}

test('a buyer books; the agent sees both e-mails in Settings → Messages, opens one and downloads it', async ({
  page,
}) => {
  agent = await newAgent('Harlow');
  const property = await api<{ data: { id: number } }>(
    'POST',
    '/properties',
    {
      address,
      city: 'Evanston',
      state: 'IL',
      zip_code: '60201',
      price: 489000,
      bedrooms: 3,
      bathrooms: 2,
      property_type: 'Residential',
      images: [],
      is_public: true,
    },
    agent.token,
  );
  expect(property.status).toBe(201);
  const booked = await api<{ booking: { id: string } }>('POST', '/booking', {
    property_id: property.json.data.id,
    agent_id: agent.id,
    client_name: buyer.name,
    client_email: buyer.email,
    client_phone: '+1 312 555 0142',
    buyer_type: 'first_time_buyer',
    budget_min: null,
    budget_max: null,
    income_range: null,
    booking_purpose: 'property_viewing',
    custom_purpose: null,
    booking_date: nextWeekday(2),
    booking_time: '11:00',
    message: null,
  });
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);

  // The server's workers send both within moments; in file mode each becomes an .eml (transport 'file').
  await expect
    .poll(
      async () => {
        const all = await messages();
        confirmation = all.find((m) => m.kind === 'booking_created.buyer.email')!;
        newBooking = all.find((m) => m.kind === 'booking_created.agent.email')!;
        return [confirmation?.status, newBooking?.status];
      },
      { timeout: 30_000 },
    )
    .toEqual(['sent', 'sent']);
  expect(confirmation.transport).toBe('file');
  expect(confirmation.file_name).toMatch(/\.eml$/);
  expect(confirmation.subject).toBeTruthy();
  expect(newBooking.subject).toContain(buyer.name);

  await signIn(page);
  await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await page.getByRole('tab', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=messages$/);
  await expect(page.getByRole('heading', { name: 'Sent messages' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('No mail server is set up');

  const toBuyer = rowOf(page, confirmation.subject!);
  await expect(toBuyer).toContainText('Booking made');
  await expect(toBuyer).toContainText('to the buyer · E-mail');
  await expect(toBuyer).toContainText(buyer.email);
  await expect(toBuyer).toContainText('Saved as a file, not delivered: no mail server is set up.');
  await expect(toBuyer.getByText('Saved as a file', { exact: true })).toBeVisible();
  const toAgent = rowOf(page, newBooking.subject!);
  await expect(toAgent).toContainText('Booking made');
  await expect(toAgent).toContainText('to you · E-mail');
  await expect(toAgent).toContainText(agent.email);

  // The buyer's confirmation, opened: its envelope and the HTML body naming the property.
  await toBuyer.getByRole('button', { name: /^View/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Booking made — to the buyer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(confirmation.subject!, { exact: true })).toBeVisible();
  await expect(dialog.getByText(buyer.email).first()).toBeVisible();
  const frame = dialog.locator('iframe[sandbox=""]');
  await expect(frame).toHaveAttribute('title', `E-mail body: ${confirmation.subject!}`);
  await expect(
    dialog.frameLocator('iframe[sandbox=""]').getByText(address, { exact: false }).first(),
  ).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Attachments' })).toContainText('.ics');

  // Download: fetched with the bearer token, saved under the message's file name.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(confirmation.file_name);
  expect(download.suggestedFilename()).toMatch(/\.eml$/);
  const eml = await readFile((await download.path())!, 'utf8');
  expect(eml).toMatch(new RegExp(`^To: .*${buyer.email.replace(/[.]/g, '\\.')}`, 'm'));
  expect(eml).toMatch(/^Subject: /m);

  // The dialog is a real modal: Escape closes it and focus goes back to "View".
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(toBuyer.getByRole('button', { name: /^View/ })).toBeFocused();

  // The agent's own new-booking mail names the buyer in its body.
  await toAgent.getByRole('button', { name: /^View/ }).click();
  const mine = page.getByRole('dialog', { name: 'Booking made — to you' });
  await expect(
    mine.frameLocator('iframe[sandbox=""]').getByText(buyer.name, { exact: false }).first(),
  ).toBeVisible();
  await mine.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(mine).toHaveCount(0);
});

test('a failed message: the dashboard notice leads to it, and "Send again" sends it', async ({ page }) => {
  // The mail server refused the agent's new-booking mail for good (made so in the database).
  await query(
    `update notification_messages set status = 'failed', attempts = 5, sent_at = null,
       last_error = '550 5.1.1 Mailbox unavailable', updated_at = now()
     where id = $1`,
    [newBooking.id],
  );

  await signIn(page);
  const notice = page.getByRole('alert').filter({ hasText: 'could not be sent' });
  await expect(notice).toContainText('1 message could not be sent.');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(page, `dashboard notice @${width}`);
    await page.screenshot({ path: `artifacts/dashboard-failed-messages-${width}.png` });
  }
  await notice.getByRole('link', { name: 'Review messages' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=messages&status=failed$/);
  await expect(page.getByRole('button', { name: 'Failed', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const failed = rowOf(page, newBooking.subject!);
  await expect(failed).toContainText('Why it failed: 550 5.1.1 Mailbox unavailable');
  await expect(page.getByRole('list', { name: 'Sent messages' }).getByRole('listitem')).toHaveCount(1);

  await failed.getByRole('button', { name: /^Send again/ }).click();
  await expect(page.getByText('The message is on its way again.')).toBeVisible();
  // It leaves the failed list; the workers send it again.
  await expect(page.getByText('No failed messages')).toBeVisible();
  await expect
    .poll(async () => (await messages()).find((m) => m.id === newBooking.id)?.status, {
      timeout: 30_000,
    })
    .toBe('sent');
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=messages$/);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(rowOf(page, newBooking.subject!).getByText('Saved as a file', { exact: true })).toBeVisible();

  // Nothing failed any more: no notice on the dashboard.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/could not be sent/)).toHaveCount(0);
});

test('a dismissed failure notice stays away; the message stays listed as failed', async ({ page }) => {
  await query(
    `update notification_messages set status = 'failed', attempts = 5, sent_at = null,
       last_error = 'Invalid recipient address', dismissed_at = null, updated_at = now()
     where id = $1`,
    [confirmation.id],
  );
  await signIn(page);
  const notice = page.getByRole('alert').filter({ hasText: 'could not be sent' });
  await expect(notice).toContainText('1 message could not be sent.');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(/could not be sent/)).toHaveCount(0);
  expect((await messages('failed')).map((m) => m.id)).toEqual([confirmation.id]);
});

test('screenshots of Settings → Messages and the message dialog at 375 and 1280 px', async ({ browser }) => {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      storageState: CONSENT_DECIDED,
    });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/dashboard/settings?tab=messages');
    await expect(page.getByRole('list', { name: 'Sent messages' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await noSidewaysScroll(page, `messages @${width}`);
    await page.screenshot({ path: `artifacts/settings-messages-${width}.png`, fullPage: true });

    await rowOf(page, newBooking.subject!).getByRole('button', { name: /^View/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.frameLocator('iframe[sandbox=""]').getByText(buyer.name).first()).toBeVisible();
    await noSidewaysScroll(page, `dialog @${width}`);
    await page.screenshot({ path: `artifacts/settings-message-dialog-${width}.png` });
    await context.close();
  }
});
