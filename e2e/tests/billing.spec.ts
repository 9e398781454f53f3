// Issue 30: a Basic agent upgrades through Stripe Checkout — the 127.0.0.1 stand-in's checkout page completes,
// posts the signed webhooks and comes back — and the dashboard shows Professional with its features open; a
// failed payment then shows the banner. Billing needs Stripe's keys, which the suite's shared server must not
// have (its pages keep the launch texts), so this spec runs a second server of its own with them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { BILLING_MESSAGES } from '@keyturn/domain/billing';
import { startTestStripe, type TestStripe } from '../../apps/api/test/support/stripe-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.join(here, '../../apps/api');
const port = Number(process.env.E2E_PORT ?? 5123);
const billingPort = port + 1300;
const base = `http://localhost:${billingPort}`;
const SECRET = 'whsec_test_e2e';
const shots = process.env.E2E_SHOTS_DIR ?? path.join(here, '../screenshots');

let stripe: TestStripe;
let server: ChildProcess;
let dataDir: string;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stripe = await startTestStripe({
    webhookSecret: SECRET,
    webhookUrl: `${base}/api/payments/webhook`,
    port: port + 1200,
  });
  const env = {
    ...process.env,
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stripe.url,
  };
  // The catalogue, made by the setup command as an operator would.
  // Run asynchronously: the Stripe stand-in answering it lives in this process.
  const setup = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('node', ['--import', 'tsx', 'src/cli/admin.ts', 'billing-setup'], {
      cwd: apiDir,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
  expect(setup.status, setup.stderr).toBe(0);
  expect(setup.stdout).toContain('created price keyturn_pro_monthly');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'keyturn-e2e-billing-'));
  // The bundle the suite's own server was started from (playwright.config.ts builds it; decision 080).
  server = spawn('node', ['dist/server.mjs'], {
    cwd: apiDir,
    env: {
      ...env,
      PORT: String(billingPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PUBLIC_WRITE_LIMIT_PER_MINUTE: '200',
      PUBLIC_READ_LIMIT_PER_MINUTE: '10000',
      AUTH_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 200; i += 1) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the billing server did not start');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await stripe?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a Basic agent upgrades through Checkout; the dashboard shows Professional; a failed payment shows the banner', async ({
  page,
  request,
}) => {
  const email = `billing.${Date.now()}@example.com`;
  const password = 'correct-horse-9';
  const signUp = await request.post(`${base}/api/auth/sign-up/email`, {
    data: { firstName: 'Robin', lastName: 'Buyer', email, password },
  });
  expect(signUp.status()).toBe(200);
  const token = (await signUp.json()).token as string;
  const profile = await request.post(`${base}/api/agents`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      first_name: 'Robin',
      last_name: 'Buyer',
      phone: '+1 212 555 0100',
      username: `robin-${Date.now().toString(36)}`,
      timeZone: 'America/New_York',
    },
  });
  expect(profile.status()).toBe(201);

  // The analytics choice made (rejected) on this origin too, so its banner covers nothing.
  await page.addInitScript(() => window.localStorage.setItem('cookie-consent', 'rejected'));
  // Plans on sale: the pricing page's Basic and Professional start (signed out: sign-up first, then Checkout).
  await page.goto(`${base}/pricing`);
  const trial = page.getByRole('link', { name: 'Start 14-day free trial' });
  await expect(trial).toHaveAttribute(
    'href',
    `/sign-up?next=${encodeURIComponent('/dashboard/subscription?plan=pro&interval=monthly')}`,
  );
  await expect(page.getByRole('button', { name: 'Coming Soon' })).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'pricing-on-sale-1280.png') });

  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Basic: My day offers the upgrade.
  await page.goto(`${base}/dashboard/day`);
  await expect(page.getByRole('link', { name: 'See plans' })).toBeVisible();
  await page.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  const pro = page.getByRole('listitem', { name: 'Professional' });
  await pro.getByRole('button', { name: 'Start the 14-day free trial of Professional' }).click();

  // The stand-in's checkout page completes and redirects back to success_url.
  await expect(page).toHaveURL(/\/dashboard\/subscription\?checkout=done$/, { timeout: 20_000 });
  const session = [...stripe.sessions.values()].at(-1)!;
  expect(session.form['subscription_data[trial_period_days]']).toBe('14');
  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current.getByTestId('plan-badge')).toHaveText('Professional', { timeout: 15_000 });
  // Once the plan has changed, the thank-you note says so (never "changes as soon as…" of a changed plan).
  await expect(
    current.getByText(BILLING_MESSAGES.checkoutDone('Professional'), { exact: false }),
  ).toBeVisible();
  await expect(current.getByText(/^Free trial until /)).toBeVisible();
  await expect(current.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  // Already subscribed: another plan is a switch (through the portal), not a second trial.
  await expect(page.getByRole('button', { name: 'Switch to Enterprise' })).toBeVisible();

  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(shots, `subscription-trial-${width}.png`), fullPage: true });
  }

  // The Professional feature opens.
  await page.goto(`${base}/dashboard/day`);
  await expect(page.getByText('Cluster showings by area', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveCount(0);

  // A failed payment: the banner, with the grace period's last day.
  const failed = await stripe.sendEvent('invoice.payment_failed', {
    id: 'in_test_failed',
    object: 'invoice',
    customer: session.customer,
  });
  expect(failed.status).toBe(200);
  await page.goto(`${base}/dashboard`);
  const banner = page.getByTestId('payment-failed-banner');
  await expect(banner).toContainText('Your last payment did not go through. Update your payment method by');
  await expect(banner).toContainText("after that your account moves to Basic's limits. Nothing is deleted.");
  await page.getByRole('link', { name: 'Update payment method' }).click();
  await expect(page.getByTestId('payment-failed-banner')).toBeVisible();
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({
      path: path.join(shots, `subscription-payment-failed-${width}.png`),
      fullPage: true,
    });
  }
});
