// The team view (issue 15) in the browser: an owner whose team (set up through the API) has a member with a
// booking opens Dashboard → Team, sees both members' columns and the booking in the member's, and reassigns
// it to themself; the booking moves column. Screenshots at 1280 and 375 px.
import { expect, test } from '@playwright/test';
import { api, CONSENT_DECIDED, newAgent, nextWeekday, query } from '../support/server.ts';
import { signIn } from '../support/sign-in.ts';
import { memberCell, openTeamView, reassignInTeamView } from '../support/team-view.ts';

test.use({ storageState: CONSENT_DECIDED });

test('an owner sees two members side by side and reassigns a booking', async ({ page }, testInfo) => {
  const [owner, member] = [await newAgent('Olive'), await newAgent('Milo')];
  await query(`update agents set plan = 'enterprise' where id = $1`, [owner.id]);
  const made = await api(
    'POST',
    '/team',
    { name: 'Olive Homes', slug: `olive-${Date.now().toString(36)}` },
    owner.token,
  );
  expect(made.status).toBe(201);
  const invited = await api<{ data: { id: string } }>(
    'POST',
    '/team/invitations',
    { email: member.email, role: 'member' },
    owner.token,
  );
  expect(invited.status).toBe(201);
  expect(
    (await api('POST', `/team-invitations/${invited.json.data.id}/accept`, undefined, member.token)).status,
  ).toBe(200);
  const date = nextWeekday(2);
  const booked = await api(
    'POST',
    '/bookings',
    {
      property_id: null,
      client_name: 'Casey Buyer',
      client_email: `casey.${Date.now().toString(36)}@example.com`,
      client_phone: '+1 646 555 0199',
      buyer_type: 'first_time_buyer',
      budget_min: 300000,
      budget_max: 400000,
      income_range: '100000-125000',
      booking_purpose: 'property_viewing',
      custom_purpose: null,
      booking_date: date,
      booking_time: '10:00',
      message: null,
    },
    member.token,
  );
  expect(booked.status).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner);
  await openTeamView(page, date);
  await expect(await memberCell(page, 'Milo Tester')).toContainText('Casey Buyer');
  await expect(await memberCell(page, 'Olive Tester')).toContainText('Free');
  await page.screenshot({ path: testInfo.outputPath('team-view-1280.png'), fullPage: true });

  await reassignInTeamView(page, { buyer: 'Casey Buyer', time: '10:00 AM' }, 'Olive Tester');
  await expect(await memberCell(page, 'Olive Tester')).toContainText('Casey Buyer');
  await expect(await memberCell(page, 'Milo Tester')).toContainText('Free');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('team-view-375.png'), fullPage: true });
});
