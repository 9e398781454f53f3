// Issue 33 in the browser: a buyer who ticked "Text me about this showing" replied Y (the booking shows
// "Confirmed by text" with the time, on the dashboard and in its details) and asked a question (the dashboard's
// "Messages from buyers", answered by text from there). The webhook itself is covered by the API tests
// (apps/api/test/texts-inbound.test.ts); this server has no SMS account, so the buyer's consent and the replies'
// results are written to its database as a server with texts and the webhook write them. Screenshots at 375 and 1280 px go to /work/shots/texts/.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { api, CONSENT_DECIDED, DEMO, newAgent, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';

test.use({ storageState: CONSENT_DECIDED });

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/texts';
const buyer = { name: 'Marisol Ortega', phone: '+1 312 555 0177' };

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('Messages from buyers and "Confirmed by text" on the dashboard and the booking, at 375 and 1280 px', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const agent = await newAgent('Texter');
  // The showing is tomorrow, so the dashboard's "Next 3 days" shows it whatever the weekday (a Friday's next
  // weekday, Monday, is past its 72 hours): every day of the week open, 9:00 to 17:00.
  await query(
    `insert into availability_days (agent_id, day_of_week, is_available, intervals)
     select $1, d, true, '[{"start":"09:00","end":"17:00"}]'::jsonb from generate_series(0, 6) d
     on conflict (agent_id, day_of_week) do update set is_available = true, intervals = excluded.intervals`,
    [agent.id],
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO.timeZone }).format(new Date());
  const tomorrow = new Date(`${today}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const booked = await api<{ booking: { id: string } }>('POST', '/booking', {
    property_id: null,
    agent_id: agent.id,
    client_name: buyer.name,
    client_email: `marisol.${Date.now()}@example.com`,
    client_phone: buyer.phone,
    buyer_type: 'first_time_buyer',
    budget_min: null,
    budget_max: null,
    income_range: null,
    booking_purpose: 'property_viewing',
    custom_purpose: null,
    booking_date: tomorrow.toISOString().slice(0, 10),
    booking_time: '11:00',
    message: null,
    sms_consent: true,
  });
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);
  const id = booked.json.booking.id;
  // Decision 075: this server has no SMS account, so texts are not offered and the tick is no consent.
  const offered = await api<{ data: { offered: boolean } }>('GET', `/booking/texts/${agent.id}`);
  expect(offered.json.data.offered).toBe(false);
  const ledger = () =>
    query<{ event: string; wording_version: string }>(
      'select event, wording_version from sms_consent_ledger where booking_id = $1',
      [id],
    );
  expect(await ledger()).toEqual([]);

  // What a server with texts records for the tick (the API tests book through one: texts-journey.test.ts), and
  // what the webhook writes for "Y" and for a question.
  await query(`update bookings set sms_consent_version = '2026-11-1', sms_consent_at = now() where id = $1`, [
    id,
  ]);
  await query(
    `insert into sms_consent_ledger (phone, agent_id, booking_id, event, wording_version)
     values ('+13125550177', $1, $2, 'consent', '2026-11-1')`,
    [agent.id, id],
  );
  expect(await ledger()).toEqual([{ event: 'consent', wording_version: '2026-11-1' }]);
  await query(`update bookings set buyer_confirmed_at = now(), buyer_confirmed_via = 'text' where id = $1`, [
    id,
  ]);
  await query(
    `insert into sms_inbound_messages (message_sid, from_phone, to_phone, body, action, agent_id, booking_id, reply)
     values ($1, '+13125550177', '+15005550006', $2, 'other', $3, $4, 'Thanks, your message was passed on.')`,
    [`SMe2e${Date.now()}`, 'Is there parking on the street, or should we use the garage?', agent.id, id],
  );

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 375) await signIn(page, agent);
    else await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Messages from buyers' });
    await expect(section).toContainText('Is there parking on the street');
    await expect(section).toContainText(buyer.name);
    await expect(page.getByText('Confirmed by text').first()).toBeVisible();
    await fitsWidth(page);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });
  }

  // Reply by text from the dashboard (sent once through the queue).
  const section = page.getByRole('region', { name: 'Messages from buyers' });
  await section.getByRole('button', { name: 'Reply by text' }).click();
  await section.getByRole('button', { name: 'Send text' }).click();
  await expect(section.getByText('Write a reply')).toBeVisible();
  await section.getByLabel(`Reply to ${buyer.name} by text`).fill('Street parking is free after 10 AM.');
  await section.getByRole('button', { name: 'Send text' }).click();
  await expect(section).toContainText('You replied: Street parking is free after 10 AM.');
  await expect
    .poll(
      async () =>
        (
          await query<{ status: string }>(
            `select status from notification_messages where kind = 'texts.agent_reply' and agent_id = $1`,
            [agent.id],
          )
        ).map((r) => r.status),
      { timeout: 30_000 },
    )
    .toEqual(['sent']);

  // The booking's details: "Confirmed by text" with the time, and the buyer's consent.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/dashboard/bookings?booking=${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Confirmed by text');
    await expect(dialog).toContainText('Agreed to texts about this showing');
    await page.screenshot({ path: `${SHOTS}/booking-details-${width}.png` });
  }
});
