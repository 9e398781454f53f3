// Issue 33, the outbound side, in the browser: a showing whose buyer did not confirm after the second text is
// marked "Not confirmed" in the agent's bookings; Reports shows the no-show rates by confirmation state with
// their window; Settings → Notifications offers the second text's time once texts are on. Screenshots at
// 390 and 1280 px go to /work/shots/reconfirm for a person to look at.
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { api, bookAsBuyer, DEMO, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

const SHOTS = '/work/shots/reconfirm';

test.beforeEach(async ({ page }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'rejected'), CONSENT_STORAGE_KEY);
});

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function book(agentId: string, date: string, time: string, name: string): Promise<string> {
  const res = await bookAsBuyer(agentId, date, time, { client_name: name });
  expect(res.status).toBe(201);
  return res.json.booking.id;
}

test('Not confirmed on the bookings list, no-show rates by confirmation in Reports, the setting', async ({
  page,
}) => {
  const agent = await newAgent('Quinn');
  await query("update agents set plan = 'pro' where id = $1", [agent.id]);
  const date = nextWeekday(2);
  const unconfirmed = await book(agent.id, date, '10:00', 'Morgan Late');
  await book(agent.id, date, '11:00', 'Riley Sure');
  // The alert went and the buyer never replied (what the notifications worker records, decision 056).
  await query('update bookings set unconfirmed_alert_at = now() where id = $1', [unconfirmed]);
  // Past showings with outcomes: confirmed by text and came; not confirmed and did not.
  for (const [i, status, via] of [
    [0, 'completed', 'text'],
    [1, 'completed', 'text'],
    [2, 'no_show', null],
    [3, 'completed', null],
  ] as const) {
    const id = await book(agent.id, nextWeekday(3, i + 1), '14:00', `Past Buyer${i}`);
    await query(
      `update bookings set status = $2, starts_at = now() - interval '2 days' - ($3 || ' hours')::interval,
         ends_at = now() - interval '2 days' - ($3 || ' hours')::interval + interval '30 minutes',
         buyer_confirmed_at = case when $4::text is null then null else now() - interval '3 days' end,
         buyer_confirmed_via = $4::text
       where id = $1`,
      [id, status, String(i), via],
    );
  }

  await signIn(page, agent);
  await page.goto('/dashboard/bookings');
  await expect(page.getByText('Riley Sure').first()).toBeVisible();
  await expect(page.getByText('Morgan Late').first()).toBeVisible();
  // One badge: Morgan's showing; Riley's (no alert) has none.
  await expect(page.getByText('Not confirmed', { exact: true })).toHaveCount(1);
  await shots(page, 'bookings-not-confirmed');

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO.timeZone }).format(new Date());
  const from = new Date(Date.parse(`${today}T12:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/dashboard/reports?from=${from}&to=${today}`);
  const section = page.getByRole('region', { name: 'Confirmations and no-shows' });
  await expect(section.getByText('No-show rate when confirmed by text, last 8 days')).toBeVisible();
  await expect(section.getByText('0%', { exact: true })).toBeVisible();
  await expect(section.getByText('50%', { exact: true })).toBeVisible();
  await shots(page, 'reports-confirmations');

  await api(
    'PUT',
    '/agents/notifications',
    {
      buyer_confirmation_email: true,
      agent_new_booking_email: true,
      reminder_emails: true,
      reminder_offsets_minutes: [1440, 60],
      sms_reminders: true,
      feedback_request_email: true,
    },
    agent.token,
  );
  await page.goto('/dashboard/settings?tab=notifications');
  await expect(page.getByLabel('Ask again when the buyer has not confirmed')).toHaveValue('360');
  await shots(page, 'settings-second-text');

  // The buyer's manage page: "Confirm I'm coming", then the confirmation with its time; the mark goes.
  const [row] = await query<{ manage_token: string }>('select manage_token from bookings where id = $1', [
    unconfirmed,
  ]);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(`/booking/manage?token=${row!.manage_token}`);
  await shots(page, 'manage-confirm-button');
  await page.getByRole('button', { name: 'Confirm I’m coming' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You confirmed you' })).toBeVisible();
  await shots(page, 'manage-confirmed');
  await page.goto('/dashboard/bookings');
  await expect(page.getByText('Morgan Late').first()).toBeVisible();
  await expect(page.getByText('Not confirmed', { exact: true })).toHaveCount(0);
});
