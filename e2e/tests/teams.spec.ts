// Teams (issue 15) in the browser: an Enterprise owner creates a team in Settings → Team and invites someone
// by e-mail; the invitation goes out through the server's queue (file mode: read back from the outbox); the
// invitee opens its link in a second browser, creates an account, comes back to the invitation and joins;
// the owner sees them in the team. Then a buyer at 390 px opens the team's public page and books a consultation
// with the team; the confirmation names the member round robin gave it to. The owner finds it in the team view
// (members side by side) and reassigns it to the other member. Screenshots of the Team tab, the accept page, the
// team page and the team view.
import { expect, test } from '@playwright/test';
import { teamPagePath } from '@keyturn/domain/links';
import { api, CONSENT_DECIDED, DEMO, newAgent, query } from '../support/server.ts';
import { verifyByMail } from '../support/account-mail.ts';
import { pickDate } from '../support/calendar.ts';
import { firstTeamSlot, memberCell, openTeamView, reassignInTeamView } from '../support/team-view.ts';

test.use({ storageState: CONSENT_DECIDED });

test('an owner invites by e-mail; the invitee signs up from the link in a second browser and joins', async ({
  page,
  browser,
}, testInfo) => {
  const owner = await newAgent('Morgan');
  await query(`update agents set plan = 'enterprise' where id = $1`, [owner.id]);
  const invitee = `avery.${Date.now().toString(36)}@example.com`;

  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/settings?tab=team');
  await page.getByLabel('Team name').fill('Morgan Realty');
  await expect(page.getByLabel('URL name')).toHaveValue('morgan-realty');
  await page.getByRole('button', { name: 'Create team' }).click();
  const members = page.getByRole('region', { name: /Members/ });
  await expect(members.getByText(owner.email)).toBeVisible();

  await page.getByLabel('E-mail').fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const invitations = page.getByRole('region', { name: /Pending invitations/ });
  await expect(invitations.getByText(invitee)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('team-1280.png'), fullPage: true });

  // The worker sent it through the queue; without SMTP its .eml is kept in the outbox.
  let eml = '';
  await expect
    .poll(
      async () => {
        const rows = await query<{ content: Buffer }>(
          `select c.content from notification_messages m join message_copies c on c.file_name = m.file_name
           where m.kind = 'team.invitation' and m.recipient = $1 and m.status = 'sent'`,
          [invitee],
        );
        eml = rows[0]?.content.toString('utf8').replace(/=\r?\n/g, '') ?? '';
        return eml.length > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(eml).toContain('invited you to join Morgan Realty on Keyturn');
  const link = /https?:\/\/[^\s"<>]+\/team-invitation\/[A-Za-z0-9_-]+/.exec(eml)?.[0];
  expect(link).toBeTruthy();

  const second = await browser.newContext({
    storageState: CONSENT_DECIDED,
    viewport: { width: 375, height: 800 },
  });
  try {
    const guest = await second.newPage();
    await guest.goto(new URL(link!).pathname);
    await expect(guest.getByRole('heading', { name: 'Join Morgan Realty' })).toBeVisible();
    await expect(guest.getByText(invitee, { exact: true })).toBeVisible();
    await guest.screenshot({ path: testInfo.outputPath('accept-375.png'), fullPage: true });
    await guest.getByRole('link', { name: 'Create an account' }).click();
    await guest.getByLabel('First name').fill('Avery');
    await guest.getByLabel('Last name').fill('Quinn');
    await guest.getByLabel('Email').fill(invitee);
    await guest.getByLabel('Password').fill('e2e-password-1');
    await guest.getByRole('button', { name: /create|sign up/i }).click();
    // Back on the invitation, now signed in with the invited address, verified from its e-mail (issue 41):
    // one click joins.
    await expect(guest.getByRole('button', { name: 'Join Morgan Realty' })).toBeVisible();
    await verifyByMail(invitee);
    await guest.getByRole('button', { name: 'Join Morgan Realty' }).click();
    // A new account sets up its agent profile first (spec §8), then finds the team in Settings → Team.
    await expect(guest).toHaveURL(/\/(profile|dashboard\/settings)/);
  } finally {
    await second.close();
  }

  await page.reload();
  await expect(members.getByText(invitee)).toBeVisible();
  await expect(members.getByRole('combobox', { name: 'Role of Avery Quinn' })).toHaveValue('member');
  await expect(invitations.getByText('No invitations waiting.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('team-375.png'), fullPage: true });

  // The member sets up their agent profile (what /profile does), so they take team consultations too.
  const signIn = await api<{ token: string }>('POST', '/auth/sign-in/email', {
    email: invitee,
    password: 'e2e-password-1',
  });
  const profile = await api(
    'POST',
    '/agents',
    {
      first_name: 'Avery',
      last_name: 'Quinn',
      phone: '+1 312 555 0101',
      username: `avery-${Date.now().toString(36)}`,
      timeZone: DEMO.timeZone,
    },
    signIn.json.token,
  );
  expect(profile.status).toBe(201);

  // A buyer on a phone books a consultation with the team; the server picks the member.
  const [team] = await query<{ slug: string }>(`select slug from organizations where name = 'Morgan Realty'`);
  const slug = team!.slug;
  const { date, label } = await firstTeamSlot(slug);
  let bookedName = '';
  const buyer = await browser.newContext({
    storageState: CONSENT_DECIDED,
    viewport: { width: 390, height: 844 },
  });
  try {
    const shopper = await buyer.newPage();
    await shopper.goto(teamPagePath(slug));
    await expect(shopper.getByRole('heading', { name: 'Morgan Realty' })).toBeVisible();
    await shopper.screenshot({ path: testInfo.outputPath('team-page-390.png'), fullPage: true });
    await shopper.getByRole('link', { name: 'Book a consultation with our team' }).click();
    await shopper.getByText('Other (Specify)').click();
    await shopper.getByPlaceholder('e.g., Home Inspection, Family Gathering').fill('First meeting');
    await shopper.getByRole('button', { name: 'Continue to Date Selection' }).click();
    await pickDate(shopper, date);
    await shopper.getByRole('button', { name: label, exact: true }).click();
    await shopper.getByRole('button', { name: 'Continue to Details' }).click();
    // Issue 44: the team's time is held for the buyer while they fill in their details (the member picked now).
    await expect(shopper.getByTestId('hold-notice')).toContainText(`We’re holding ${label}`);
    const [held] = await query<{ n: number }>(
      `select count(*)::int as n from slot_holds h join agents a on a.id = h.agent_id
       join members m on m.user_id = a.user_id join organizations o on o.id = m.organization_id where o.slug = $1`,
      [slug],
    );
    expect(held!.n).toBe(1);
    await shopper.screenshot({ path: testInfo.outputPath('team-hold-390.png'), fullPage: true });
    await shopper.getByLabel('Full name').fill('Jess Buyer');
    await shopper.getByLabel('Email').fill('jess.team@example.com');
    await shopper.getByLabel('Phone').fill('+1 312 555 0142');
    await shopper.getByLabel('Buyer type').selectOption('first_time_buyer');
    await shopper.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(shopper.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
    const [booked] = await query<{ name: string }>(
      `select a.first_name || ' ' || a.last_name as name from bookings b join agents a on a.id = b.agent_id
       where b.client_email = 'jess.team@example.com'`,
    );
    bookedName = booked!.name;
    expect(['Morgan Tester', 'Avery Quinn']).toContain(bookedName);
    await expect(shopper.getByText(booked!.name).first()).toBeVisible();
    await shopper.screenshot({ path: testInfo.outputPath('team-confirmation-390.png'), fullPage: true });
  } finally {
    await buyer.close();
  }

  // The owner sees the consultation in the team view and hands it to the other member.
  const other = bookedName === 'Avery Quinn' ? 'Morgan Tester' : 'Avery Quinn';
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await openTeamView(page, date);
  await expect(await memberCell(page, bookedName)).toContainText('Jess Buyer');
  await reassignInTeamView(page, { buyer: 'Jess Buyer', time: label }, other);
  await expect(await memberCell(page, other)).toContainText('Jess Buyer');
  const [moved] = await query<{ name: string }>(
    `select a.first_name || ' ' || a.last_name as name from bookings b join agents a on a.id = b.agent_id
     where b.client_email = 'jess.team@example.com'`,
  );
  expect(moved!.name).toBe(other);
  await page.screenshot({ path: testInfo.outputPath('team-view-1280.png'), fullPage: true });
});
