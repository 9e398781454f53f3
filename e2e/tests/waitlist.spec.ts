// Issue 44's journey at 375 px: a buyer chooses the day's only time, sees it held with its countdown and books it;
// a second buyer finds no time that day and joins the waiting list; the agent sees her in line (1280 px); the
// first buyer cancels from their manage page; the second is offered the time by e-mail (the server's outbox) and
// books it from the offer's link in one tap.
import { expect, test } from '@playwright/test';
import { propertyBookingPath } from '@keyturn/domain/links';
import { WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import { pickDate } from '../support/calendar.ts';
import { api, CONSENT_DECIDED, newListing, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test('a held time booked, a waiting buyer offered it when it is cancelled, and booking it from the link', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const agent = await newAgent('Waitlist');
  const home = await newListing(agent, '19 Linden Row');
  // The day's one time: 10:00 (the agent's hours for that date).
  const date = nextWeekday(3);
  const hours = await api<{ data: Record<string, unknown> }>('GET', '/availability', undefined, agent.token);
  const saved = await api(
    'PUT',
    '/availability',
    {
      ...hours.json.data,
      overrides: [{ date, is_available: true, intervals: [{ start: '10:00', end: '10:30' }] }],
    },
    agent.token,
  );
  expect(saved.status).toBe(200);
  const path = propertyBookingPath(agent.username, '19 Linden Row', home.public_id);
  const phone = () =>
    browser.newContext({ viewport: { width: 375, height: 812 }, storageState: CONSENT_DECIDED });

  // The first buyer: the time held while they type, the countdown shown, booked.
  const first = await (await phone()).newPage();
  await first.goto(path);
  await pickDate(first, date);
  await first.getByRole('button', { name: /^10:00\sAM/ }).click();
  await first.getByRole('button', { name: 'Continue to Details' }).click();
  await expect(first.getByTestId('hold-notice')).toContainText(
    /We’re holding 10:00 AM .* for you for (5:00|4:\d\d)/,
  );
  await first.getByLabel('Full name').fill('Fern First');
  await first.getByLabel('Email', { exact: true }).fill(`fern.${Date.now()}@example.com`);
  await first.getByLabel('Phone', { exact: true }).fill('+1 718 555 0150');
  await first.getByLabel('Buyer type').selectOption('first_time_buyer');
  await first.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(first.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();

  // The second buyer: no time that day, so she joins the waiting list.
  const second = await (await phone()).newPage();
  await second.goto(path);
  await pickDate(second, date);
  await expect(second.getByText(WAITLIST_TEXTS.join.offerNoTimes)).toBeVisible();
  await second.getByRole('button', { name: WAITLIST_TEXTS.join.button }).click();
  const email = `wren.${Date.now()}@example.com`;
  const form = second.getByRole('region', { name: /Join the waiting list for/ });
  await form.getByLabel('Full name').fill('Wren Waiting');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone', { exact: true }).fill('+1 718 555 0151');
  await form.getByLabel('Buyer type').selectOption('first_time_buyer');
  await form.getByLabel(WAITLIST_TEXTS.join.consent).check();
  expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await second.screenshot({ path: testInfo.outputPath('waitlist-join-375.png'), fullPage: true });
  await form.getByRole('button', { name: WAITLIST_TEXTS.join.submit }).click();
  await expect(second.getByText(/You’re on the waiting list for .* You’re number 1 in line\./)).toBeVisible();
  await second.screenshot({ path: testInfo.outputPath('waitlist-joined-375.png'), fullPage: true });

  // The agent sees her in line.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, agent);
  await page.goto('/dashboard/bookings');
  const lists = page.getByRole('region', { name: WAITLIST_TEXTS.agent.heading });
  await expect(lists.getByText('Wren Waiting')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('waitlist-agent-1280.png'), fullPage: true });

  // The first buyer cancels from their manage page.
  const [booked] = await query<{ manage_token: string }>(
    "select manage_token from bookings where property_id = $1 and status = 'confirmed'",
    [home.id],
  );
  await first.goto(`/booking/manage?token=${booked!.manage_token}`);
  await first.getByRole('button', { name: 'Cancel booking' }).click();
  await first.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
  await expect(first).toHaveURL(/\/booking\/cancelled/);

  // The offer reaches her by e-mail (kept in the server's outbox without SMTP), with the link that books it.
  let link = '';
  await expect
    .poll(
      async () => {
        const rows = await query<{ content: Buffer }>(
          `select content from message_copies where position($1 in convert_from(content, 'UTF8')) > 0
           and position('A time opened' in convert_from(content, 'UTF8')) > 0 limit 1`,
          [email],
        );
        const eml =
          rows[0]?.content
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=') ?? '';
        const match = /https?:\/\/[^\s"<>]+\/booking\/waitlist\?token=[^\s"<>&]+/.exec(eml);
        link = match ? new URL(match[0]).pathname + new URL(match[0]).search : '';
        return link;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .not.toBe('');
  await second.goto(link);
  await expect(second.getByRole('heading', { name: WAITLIST_TEXTS.page.offered })).toBeVisible();
  await expect(second.getByText(/We’re holding 10:00 AM/)).toBeVisible();
  await expect(second.getByRole('timer')).toHaveText(/^1?\d:\d\d$/);
  expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await second.screenshot({ path: testInfo.outputPath('waitlist-offer-375.png'), fullPage: true });
  await second.getByRole('button', { name: WAITLIST_TEXTS.page.book }).click();
  await expect(second.getByText(WAITLIST_TEXTS.page.booked)).toBeVisible();
  await second.screenshot({ path: testInfo.outputPath('waitlist-booked-375.png'), fullPage: true });
  const now = await query<{ client_name: string }>(
    "select client_name from bookings where property_id = $1 and status = 'confirmed'",
    [home.id],
  );
  expect(now.map((b) => b.client_name)).toEqual(['Wren Waiting']);
});
