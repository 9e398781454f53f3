// Issue 44 "Cut-offs": an agent sets, on Settings → Availability at 1280 px, that buyers may change a showing only
// up to 72 hours before; a buyer whose showing is two days away opens the manage link on a phone (390 px) and sees
// no Reschedule or Cancel but who decided and how to reach the agent; the reschedule link says the same; the
// server refuses the cancel; the agent still cancels it from the dashboard.
import { expect, test } from '@playwright/test';
import { changeClosedMessage, CHANGE_CUTOFF_UI } from '@keyturn/domain/changeCutoff';
import { MESSAGES } from '@keyturn/domain/messages';
import { api, bookAsBuyer, freeSlot, newAgent, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test('an agent’s 72-hour cut-off: the buyer’s phone says why and whom to call; the server refuses; the agent still can', async ({
  page,
  browser,
}) => {
  const agent = await newAgent('Cutoff');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, agent);
  await page.goto('/dashboard/settings?tab=availability');
  const choice = page.getByLabel(CHANGE_CUTOFF_UI.label);
  await expect(choice).toHaveValue('0');
  await choice.selectOption({ label: 'Up to 72 hours before' });
  await expect(page.getByText(CHANGE_CUTOFF_UI.saved)).toBeVisible();
  await page.screenshot({ path: 'artifacts/change-cutoff-settings-1280.png', fullPage: true });
  const stored = await api<{ data: { hours: number } }>(
    'GET',
    '/agents/change-cutoff',
    undefined,
    agent.token,
  );
  expect(stored.json.data.hours).toBe(72);

  // The first free slot (the next weekday's first time); the cut-off is 72 hours, or — when a weekend puts that
  // slot further away — set through the API to just over the time left, so the showing is inside it.
  const { date, time } = await freeSlot(agent.id, 1);
  const booked = await bookAsBuyer(agent.id, date, time);
  expect(booked.status).toBe(201);
  const [row] = await query<{ manage_token: string; starts_at: Date }>(
    'select manage_token, starts_at from bookings where id = $1',
    [booked.json.booking.id],
  );
  const hours = Math.max(72, Math.ceil((row!.starts_at.getTime() - Date.now()) / 3_600_000) + 1);
  if (hours !== 72) {
    expect((await api('PUT', '/agents/change-cutoff', { hours }, agent.token)).status).toBe(200);
  }

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyer = await phone.newPage();
  await buyer.goto(`/booking/manage?token=${row!.manage_token}`);
  const why = changeClosedMessage(hours, 'Cutoff Tester');
  await expect(buyer.getByText(why)).toBeVisible();
  await expect(buyer.getByRole('link', { name: 'Reschedule' })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await expect(buyer.getByText(/Questions\? Contact Cutoff Tester/)).toBeVisible();
  await buyer.screenshot({ path: 'artifacts/change-cutoff-manage-390.png', fullPage: true });

  await buyer.goto(`/booking/reschedule?token=${row!.manage_token}`);
  await expect(buyer.getByRole('heading', { name: MESSAGES.changesClosedTitle })).toBeVisible();
  await expect(buyer.getByText(why)).toBeVisible();
  await phone.close();

  const refused = await api<{ code: string }>('POST', '/booking/cancel', { token: row!.manage_token });
  expect(refused.status).toBe(409);
  expect(refused.json.code).toBe('CHANGE_CUTOFF_PASSED');

  const byAgent = await api('DELETE', `/bookings/${booked.json.booking.id}`, undefined, agent.token);
  expect(byAgent.status).toBe(200);
});
