// Issue 46 in the browser: a buyer opens the "Your data" link of their confirmation e-mail on a phone (390 px), sees
// their showing, downloads it as CSV and asks for deletion; the agent (Enterprise, 1280 px) sees the request with its
// clock, deletes the buyer's data, and finds both the booking and the deletion in the audit log. Each step is
// screenshotted at 390 and 1280 px.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PRIVACY_TEXTS as T } from '@keyturn/domain/privacy';
import { AUDIT_TEXTS } from '@keyturn/domain/audit';
import { bookAsBuyer, CONSENT_DECIDED, freeSlot, newAgent, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';
import { shooter } from '../support/shots.ts';
import { sentMail } from '../support/mail.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED, viewport: { width: 390, height: 844 } });

const SHOTS = process.env.SHOTS_DIR ?? 'artifacts/buyers-data';
const stamp = Date.now().toString(36);
const buyerEmail = `dana.privacy.${stamp}@example.com`;
const buyerName = `Dana Privacy${stamp}`;

const shot = shooter(SHOTS);

test('a buyer sees, downloads and asks to delete their data; the agent deletes it; the audit log shows both', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const agent = await newAgent('Privy');
  await query(`update agents set plan = 'enterprise' where id = $1`, [agent.id]);
  const slot = await freeSlot(agent.id, 3);
  const booked = await bookAsBuyer(agent.id, slot.date, slot.time, {
    client_name: buyerName,
    client_email: buyerEmail,
  });
  expect(booked.status).toBe(201);

  // The buyer's confirmation carries the signed link.
  let kind = '';
  await expect
    .poll(
      async () => {
        const [row] = await query<{ kind: string }>(
          `select kind from notification_messages where recipient = $1 and channel = 'email' order by created_at limit 1`,
          [buyerEmail],
        );
        kind = row?.kind ?? '';
        return kind;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  const mail = await sentMail(kind, buyerEmail);
  const url = new RegExp(`${T.linkLabel}: (\\S+)`).exec(mail)?.[1];
  expect(url).toBeTruthy();

  await page.goto(url!);
  await expect(page.getByRole('heading', { level: 1, name: T.page.title })).toBeVisible();
  await expect(page.getByText(buyerName).first()).toBeVisible();
  await shot(page, '1-your-data');

  const download = page.waitForEvent('download');
  await page
    .getByRole('link', { name: T.page.downloadCsv })
    .or(page.getByRole('button', { name: T.page.downloadCsv }))
    .click();
  const file = await download;
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain(buyerEmail);
  expect(csv.split('\r\n')[0]).toBe('section,date,field,value');

  await page.getByRole('button', { name: T.page.deleteAction }).click();
  const dialog = page.getByRole('dialog', { name: T.page.confirmTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: T.page.confirmAction }).click();
  await expect(page.getByText(/has your request and will delete your details by/)).toBeVisible();
  await shot(page, '2-requested');

  // The agent, at 1280 px.
  const ctx = await browser.newContext({
    storageState: CONSENT_DECIDED,
    viewport: { width: 1280, height: 900 },
  });
  const desk = await ctx.newPage();
  await signIn(desk, agent);
  await desk.goto('/dashboard/privacy-requests');
  await expect(desk.getByRole('heading', { level: 1, name: T.dashboard.title })).toBeVisible();
  await expect(desk.getByText(buyerEmail)).toBeVisible();
  await expect(desk.getByText(/^Due .*left\)$/).first()).toBeVisible();
  await shot(desk, '3-agent-requests');
  await desk.getByRole('button', { name: T.dashboard.deleteAction }).click();
  const confirm = desk.getByRole('dialog', { name: T.dashboard.confirmTitle });
  await confirm.getByRole('button', { name: T.dashboard.confirmAction }).click();
  await expect(desk.getByText(T.dashboard.done)).toBeVisible();
  await expect(desk.getByText(buyerEmail)).toHaveCount(0);
  await shot(desk, '4-agent-deleted');

  // Nothing of the buyer is left in the bookings; the buyer's link now shows nothing about them.
  const [row] = await query<{ client_name: string; client_email: string }>(
    'select client_name, client_email from bookings where id = $1',
    [booked.json.booking.id],
  );
  expect(row!.client_name).not.toContain('Dana');
  expect(row!.client_email).not.toContain(buyerEmail);

  await desk.goto('/dashboard/audit-log');
  await expect(desk.getByRole('heading', { level: 1, name: AUDIT_TEXTS.title })).toBeVisible();
  await expect(desk.getByRole('table')).toBeVisible();
  await expect(desk.getByRole('table').getByRole('row')).not.toHaveCount(1);
  await shot(desk, '5-audit-log');
  expect(await desk.content()).not.toContain(buyerEmail);
  await ctx.close();
});
