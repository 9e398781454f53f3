// Server settings in the browser (issue 30): the administrator enters an SMTP server on 127.0.0.1 (a real one,
// the smtp-server package, started here), saves, sends a test, and the message arrives there. An agent who is
// not the administrator sees no entry and is refused the page. Issue 43: a visitor's accessibility report reaches
// the administrator, by e-mail and on the page. Screenshots at 390 and 1280 px.
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { SERVER_SETTINGS_TEXTS } from '@keyturn/domain/schemas/serverSettings';
import { ACCESSIBILITY_TEXTS } from '@keyturn/domain/schemas/accessibility';
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

test('a visitor reports an accessibility problem from the footer’s statement; the administrator gets it by e-mail and on the page', async ({
  page,
}) => {
  // Issue 43: the statement is linked from the public footer; its form reaches whoever runs the server.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pricing');
  await page
    .getByRole('navigation', { name: 'Footer: Support' })
    .getByRole('link', { name: 'Accessibility' })
    .click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Booking a showing should work for everyone',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const email = `reporter.${Date.now()}@example.com`;
  await page.getByLabel('Your name (optional)').fill('Rosa Díaz');
  await page.getByLabel('Your e-mail (for our answer)').fill(email);
  // Came from /pricing: the page is filled in, and can be changed.
  await expect(page.getByLabel('Page where it happened (optional)')).toHaveValue('/pricing');
  await page
    .getByLabel('What went wrong?')
    .fill('The plan comparison table is read without its column names.');
  await page.getByRole('button', { name: 'Send the report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you.' })).toHaveText(
    ACCESSIBILITY_TEXTS.received(email),
  );
  await page.screenshot({ path: `${SHOTS}/accessibility-390.png`, fullPage: true });

  // Each administrator gets their own copy (the first account of this run's server may be one too).
  const reportTo = (to: string) =>
    received.filter((m) => m.raw.includes(ACCESSIBILITY_TEXTS.mailSubject) && m.to.includes(to));
  await expect.poll(() => reportTo(OWNER.email).length).toBe(1);
  const mail = reportTo(OWNER.email)[0];
  expect(mail?.raw).toContain(`Reply-To: ${email}`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, OWNER);
  await page.goto('/dashboard/server-settings#accessibility-reports');
  const reports = page.getByRole('region', { name: ACCESSIBILITY_TEXTS.sectionTitle });
  await expect(
    reports.getByText('The plan comparison table is read without its column names.'),
  ).toBeVisible();
  await expect(reports.getByRole('link', { name: email })).toBeVisible();
  await expect(reports.getByText('Page: /pricing')).toBeVisible();
  await reports.screenshot({ path: `${SHOTS}/accessibility-reports-1280.png` });
});
