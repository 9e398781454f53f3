// Server settings in the browser (issue 30): the administrator enters an SMTP server on 127.0.0.1 (a real one,
// the smtp-server package, started here), saves, sends a test, and the message arrives there. An agent who is
// not the administrator sees no entry and is refused the page. Screenshots at 390 and 1280 px.
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { SERVER_SETTINGS_TEXTS } from '@keyturn/domain/schemas/serverSettings';
import { CONSENT_DECIDED, newAgent, query } from '../support/server.ts';
import { ensureServerOwner, SERVER_OWNER } from '../support/server-owner.ts';
import { signIn } from '../support/sign-in.ts';

test.describe.configure({ mode: 'serial' });
test.use({ storageState: CONSENT_DECIDED });

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/server-settings-shots';
const OWNER = SERVER_OWNER;

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  await ensureServerOwner();
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  // The suite's server is shared: the specs after this one send their mail where they did before (file mode),
  // not to this spec's SMTP server, which closes now.
  await query('delete from server_settings');
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test('the administrator points e-mail at an SMTP server on 127.0.0.1, sends a test, and it arrives', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, OWNER);
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Server settings' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/server-settings$/);
  await expect(page.getByRole('heading', { name: 'Server settings', level: 1 })).toBeVisible();

  // The calendar apps come from this server's environment (playwright.config.ts): read-only, and said so.
  const google = page.getByRole('region', { name: 'Google Calendar app' });
  await expect(google.getByLabel('Client ID')).toBeDisabled();
  await expect(google.getByText(SERVER_SETTINGS_TEXTS.fromEnvironment).first()).toBeVisible();

  const mail = page.getByRole('region', { name: 'E-mail' });
  await mail.getByLabel('SMTP server').fill('127.0.0.1');
  await mail.getByLabel('Port').fill(String(smtpPort));
  await mail.getByLabel('Sender').fill('Keyturn Office <office@keyturn.test>');
  await mail.getByRole('button', { name: 'Save E-mail' }).click();
  await expect(page.getByText(SERVER_SETTINGS_TEXTS.saved)).toBeVisible();

  await mail.getByRole('button', { name: 'Check' }).click();
  await expect(mail.getByRole('status')).toHaveText(/Connected to 127\.0\.0\.1\./);
  await mail.getByRole('button', { name: 'Send a test' }).click();
  await expect(mail.getByRole('status')).toHaveText(
    new RegExp(`A test message was sent to ${OWNER.email.replace('.', '\\.')}`),
  );
  await expect.poll(() => received.filter((m) => m.to.includes(OWNER.email)).length).toBe(1);
  const [message] = received;
  expect(message?.from).toBe('office@keyturn.test');
  expect(message?.raw).toContain('Subject: Keyturn test message');
  expect(message?.raw).toContain('E-mail is working.');

  await page.screenshot({ path: `${SHOTS}/server-settings-1280.png`, fullPage: true });

  // After a reload the saved values are there.
  await page.reload();
  await expect(page.getByRole('region', { name: 'E-mail' }).getByLabel('SMTP server')).toHaveValue(
    '127.0.0.1',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Server settings', level: 1 })).toBeVisible();
  // The page fits the phone's width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/server-settings-390.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/server-settings-390-first-screen.png` });
});

test('an agent who is not the administrator has no entry and is refused the page', async ({ page }) => {
  const agent = await newAgent('Casey');
  await signIn(page, agent);
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Server settings' })).toHaveCount(0);
  await page.goto('/dashboard/server-settings');
  await expect(page.getByRole('alert')).toHaveText(SERVER_SETTINGS_TEXTS.forbidden);
  await expect(page.getByRole('region', { name: 'E-mail' })).toHaveCount(0);
});
