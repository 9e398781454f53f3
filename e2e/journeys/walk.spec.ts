// Issue 29's "Must show": the five journeys walked as new users in Chromium, each screen photographed at 1280
// and 390 px into /work/shots/journeys (SHOTS_DIR to change it) for a person to look at. A step that fails is
// recorded (the test's annotations and the console) and the walk goes on, so one dead end does not hide the
// screens after it; the test fails at the end if any step failed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { agentBookingPath, teamPagePath } from '@keyturn/domain/links';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { TIME_PROPOSAL_MESSAGES } from '@keyturn/domain/routes/proposals';
import { MAPS_BASE } from '../support/maps.ts';
import { api, BASE_URL, CONSENT_DECIDED, DEMO, newAgent, nextWeekday, query } from '../support/server.ts';
import { pickDate } from '../support/calendar.ts';
import { signIn } from '../support/sign-in.ts';
import { firstTeamSlot, openTeamView, reassignInTeamView } from '../support/team-view.ts';

test.use({ storageState: CONSENT_DECIDED, viewport: { width: 1280, height: 800 } });

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/journeys';
mkdirSync(SHOTS, { recursive: true });
const failures: string[] = [];
// Each journey answers for its own steps.
test.beforeEach(() => {
  failures.length = 0;
});

/** The page at 1280 and at 390 px, full length: <nn>-<step>-<width>.png. */
async function snap(page: Page, name: string): Promise<void> {
  const before = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From the top: a page left scrolled draws its sticky header and sidebar mid-page in a full-page picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

/** One step of a walk: a failure is written down and the walk goes on. */
async function step(name: string, body: () => Promise<void>): Promise<boolean> {
  try {
    await test.step(name, body);
    return true;
  } catch (error) {
    const line = `${name}: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`;
    failures.push(line);
    test.info().annotations.push({ type: 'walk failure', description: line });
    console.log(`WALK FAILURE ${line}`);
    return false;
  }
}

const addPlace = (street: string, lat: number, lon: number) =>
  fetch(`${MAPS_BASE}/__places`, { method: 'POST', body: JSON.stringify({ street, lat, lon }) });

async function tokenOf(email: string, password: string): Promise<string> {
  const res = await api<{ token: string }>('POST', '/auth/sign-in/email', { email, password });
  return res.json.token;
}

async function newProperty(token: string, address: string, lat: number, lng: number): Promise<number> {
  const created = await api<{ data: { id: number } }>(
    'POST',
    '/properties',
    {
      address,
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      price: 450000,
      bedrooms: 3,
      bathrooms: 2,
      property_type: 'Residential',
    },
    token,
  );
  expect(created.status).toBe(201);
  await api('PUT', `/properties/${created.json.data.id}/position`, { lat, lng }, token);
  return created.json.data.id;
}

async function fillBuyer(page: Page, name: string, email: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+1 312 555 0142');
  await page.getByLabel('Buyer type').selectOption('first_time_buyer');
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    storageState: CONSENT_DECIDED,
    viewport: { width: 390, height: 844 },
  });
  return context.newPage();
}

/** The first date from `minDays` ahead with a free time on the agent's public page. */
async function firstFree(agentId: string, minDays: number): Promise<{ date: string; time: string }> {
  for (let skip = 0; skip < 8; skip++) {
    const date = nextWeekday(minDays, skip);
    const { json } = await api<{ availableSlots: string[] }>(
      'GET',
      `/booking/availability/agent/${agentId}/${date}`,
    );
    if (json.availableSlots?.[0]) return { date, time: json.availableSlots[0].slice(0, 5) };
  }
  throw new Error('no free time');
}
const label12 = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};

const stamp = Date.now().toString(36);
const first = { email: `nora.${stamp}@example.com`, password: 'walk-password-1', id: '', username: '' };

test('1 · a new agent: sign up, profile, overview, a property placed by address, availability, own page', async ({
  page,
}) => {
  await addPlace('500 Congress Ave', 30.2669, -97.7428);
  await step('sign up', async () => {
    await page.goto('/sign-up');
    await snap(page, '01-sign-up');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Walker');
    await page.getByLabel('Email').fill(first.email);
    await page.getByLabel('Password').fill(first.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/profile/);
  });
  await step('profile', async () => {
    await snap(page, '01-profile');
    await page.getByLabel('Phone').fill('+1 512 555 0100');
    await page.getByLabel('Company name').fill('Walker Homes');
    await page
      .getByLabel('Time zone')
      .selectOption(DEMO.timeZone)
      .catch(() => undefined);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const [row] = await query<{ id: string; username: string }>(
      'select a.id, a.username from agents a join "user" u on u.id = a.user_id where u.email = $1',
      [first.email],
    ).catch(async () =>
      query<{ id: string; username: string }>(
        "select id, username from agents where first_name = 'Nora' order by created_at desc limit 1",
      ),
    );
    first.id = row!.id;
    first.username = row!.username;
  });
  await step('overview', async () => {
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await snap(page, '01-overview');
  });
  await step('add a property by address', async () => {
    await page.goto('/dashboard/properties');
    await page.getByRole('button', { name: 'Add property' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a property' });
    await dialog.getByLabel('Address').fill('500 Congress Ave');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('State').fill('TX');
    await dialog.getByLabel('ZIP code').fill('78701');
    await dialog.getByLabel('Price (USD)').fill('525000');
    await dialog.getByLabel('Bedrooms').fill('3');
    await dialog.getByLabel('Bathrooms').fill('2');
    await snap(page, '01-add-property-dialog');
    await dialog.getByRole('button', { name: 'Add property' }).click();
    await expect(dialog).toBeHidden();
    await snap(page, '01-properties');
  });
  await step('place it on the map (Edit property)', async () => {
    await page.getByRole('button', { name: /edit/i }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Edit property' });
    await expect(dialog).toBeVisible();
    await page.waitForTimeout(1500);
    await snap(page, '01-edit-property-map');
    await dialog.getByRole('button', { name: ROUTE_MESSAGES.findOnMap }).click();
    await expect(dialog.getByLabel('Latitude')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
  });
  await step('availability', async () => {
    await page.goto('/dashboard/settings');
    await page.waitForLoadState('networkidle');
    await snap(page, '01-settings');
    const tab = page.getByRole('tab', { name: /availability/i });
    if (await tab.count()) await tab.first().click();
    await snap(page, '01-availability');
  });
  await step('own public booking page', async () => {
    await page.goto(agentBookingPath(first.id, first.username));
    await page.waitForLoadState('networkidle');
    await snap(page, '01-public-page');
  });
  expect(failures, failures.join('\n')).toEqual([]);
});

test('2 · a phone buyer books, goes back and confirms again, reloads, manages and reschedules', async ({
  browser,
}) => {
  // Journey 1's agent (after a failed journey the worker starts again and this file's state with it).
  const [made] = await query<{ id: string; username: string }>(
    "select id, username from agents where first_name = 'Nora' and last_name = 'Walker' order by created_at desc limit 1",
  );
  test.skip(!made, 'journey 1 made no agent');
  Object.assign(first, made);
  const page = await phone(browser);
  const email = `pat.${stamp}@example.com`;
  const slot = await firstFree(first.id, 2);
  await step('purpose', async () => {
    await page.goto(agentBookingPath(first.id, first.username));
    await snap(page, '02-purpose');
    await page.getByRole('radio', { name: 'Property Viewing' }).check();
    await page.getByRole('button', { name: /^Continue to (Property|Date Selection)$/ }).click();
  });
  await step('property', async () => {
    await page.getByRole('list', { name: 'Properties' }).getByRole('button').first().click();
    await page.waitForTimeout(500);
    await snap(page, '02-property');
    const next = page.getByRole('button', { name: 'Continue to Date Selection' });
    if (await next.isVisible()) await next.click();
  });
  await step('date and time', async () => {
    await pickDate(page, slot.date);
    await page.getByRole('button', { name: label12(slot.time), exact: true }).click();
    await snap(page, '02-date-time');
    await page.getByRole('button', { name: 'Continue to Details' }).click();
  });
  await step('details and confirm', async () => {
    await fillBuyer(page, 'Pat Phone', email);
    await snap(page, '02-details');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(page.getByRole('heading', { name: /Booking Confirmed!|Request sent/ })).toBeVisible();
    await snap(page, '02-confirmed');
  });
  await step('back and confirm again', async () => {
    await page.goBack();
    await page.waitForTimeout(800);
    await snap(page, '02-after-back');
    const confirm = page.getByRole('button', { name: 'Confirm Booking' });
    if (await confirm.isVisible()) {
      await confirm.click();
      await page.waitForTimeout(1500);
    }
    await snap(page, '02-confirm-again');
    await expect(page.getByText(/booked by someone else/i)).toHaveCount(0);
  });
  await step('reload', async () => {
    await page.reload();
    await page.waitForLoadState('networkidle');
    await snap(page, '02-reload');
  });
  let token = '';
  await step('manage link', async () => {
    const [row] = await query<{ manage_token: string }>(
      'select manage_token from bookings where client_email = $1',
      [email],
    );
    token = row!.manage_token;
    await page.goto(`/booking/manage?token=${token}`);
    await page.waitForLoadState('networkidle');
    await snap(page, '02-manage');
  });
  await step('reschedule', async () => {
    await page
      .getByRole('link', { name: /reschedule/i })
      .or(page.getByRole('button', { name: /reschedule/i }))
      .first()
      .click();
    await page.waitForLoadState('networkidle');
    await snap(page, '02-reschedule');
    const later = await firstFree(first.id, 5);
    await pickDate(page, later.date);
    await page.getByRole('button', { name: label12(later.time), exact: true }).click();
    await page.getByRole('button', { name: 'Continue to Details' }).click();
    await page.getByLabel('Reason for rescheduling').fill('A work meeting moved');
    await snap(page, '02-reschedule-details');
    await page.getByRole('button', { name: 'Confirm Reschedule' }).click();
    await page.waitForTimeout(1500);
    await snap(page, '02-rescheduled');
  });
  await page.context().close();
  expect(failures, failures.join('\n')).toEqual([]);
});

test('3 · an Enterprise team: a listing moved in, a member invited and joined, team page, consultation, reassign', async ({
  page,
  browser,
}) => {
  const owner = await newAgent('Morgan');
  await query(`update agents set plan = 'enterprise' where id = $1`, [owner.id]);
  await newProperty(owner.token, '77 Rainey Street', 30.2596, -97.7386);
  const invitee = `avery.${stamp}@example.com`;
  await signIn(page, owner);
  await step('create the team with a listing', async () => {
    await page.goto('/dashboard/settings?tab=team');
    await snap(page, '03-team-tab-empty');
    await page.getByLabel('Team name').fill('Walk Realty');
    const office = page.getByLabel('At our office');
    if (await office.count()) {
      await office.check();
      await page.getByLabel('Office address').fill('100 Congress Ave, Austin, TX 78701');
    }
    const listing = page.getByLabel(/77 Rainey Street/);
    if (await listing.count()) await listing.first().check();
    await snap(page, '03-team-form');
    await page.getByRole('button', { name: 'Create team' }).click();
    await expect(page.getByRole('region', { name: /Members/ })).toBeVisible();
    await snap(page, '03-team-created');
  });
  let link = '';
  await step('invite a member', async () => {
    await page.getByLabel('E-mail').fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByRole('region', { name: /Pending invitations/ }).getByText(invitee)).toBeVisible();
    await snap(page, '03-invited');
    await expect
      .poll(
        async () => {
          const rows = await query<{ content: Buffer }>(
            `select c.content from notification_messages m join message_copies c on c.file_name = m.file_name
             where m.kind = 'team.invitation' and m.recipient = $1 and m.status = 'sent'`,
            [invitee],
          );
          const eml = rows[0]?.content.toString('utf8').replace(/=\r?\n/g, '') ?? '';
          link = /https?:\/\/[^\s"<>]+\/team-invitation\/[A-Za-z0-9_-]+/.exec(eml)?.[0] ?? '';
          return link;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
  });
  await step('the member joins', async () => {
    const guest = await phone(browser);
    await guest.goto(new URL(link).pathname);
    await snap(guest, '03-invitation');
    await guest.getByRole('link', { name: 'Create an account' }).click();
    await guest.getByLabel('First name').fill('Avery');
    await guest.getByLabel('Last name').fill('Quinn');
    await guest.getByLabel('Email').fill(invitee);
    await guest.getByLabel('Password').fill('e2e-password-1');
    await guest.getByRole('button', { name: 'Create account' }).click();
    await guest.getByRole('button', { name: 'Join Walk Realty' }).click();
    await guest.waitForLoadState('networkidle');
    await snap(guest, '03-member-joined');
    await api(
      'POST',
      '/agents',
      {
        first_name: 'Avery',
        last_name: 'Quinn',
        phone: '+1 312 555 0101',
        username: `avery-${stamp}`,
        timeZone: DEMO.timeZone,
      },
      await tokenOf(invitee, 'e2e-password-1'),
    );
    await guest.goto('/dashboard');
    await guest.waitForLoadState('networkidle');
    await snap(guest, '03-member-dashboard');
    await guest.context().close();
  });
  const [team] = await query<{ slug: string }>(`select slug from organizations where name = 'Walk Realty'`);
  await step('team properties (owner)', async () => {
    await page.goto('/dashboard/properties');
    await page.waitForLoadState('networkidle');
    await snap(page, '03-team-properties');
  });
  let booked = { date: '', label: '' };
  await step('team page and a consultation', async () => {
    const buyer = await phone(browser);
    await buyer.goto(teamPagePath(team!.slug));
    await buyer.waitForLoadState('networkidle');
    await snap(buyer, '03-team-page');
    await buyer.getByRole('link', { name: 'Book a consultation with our team' }).click();
    await snap(buyer, '03-consultation-purpose');
    await buyer.getByRole('radio').first().check();
    await buyer.getByRole('button', { name: 'Continue to Date Selection' }).click();
    booked = await firstTeamSlot(team!.slug);
    await pickDate(buyer, booked.date);
    await buyer.getByRole('button', { name: booked.label, exact: true }).click();
    await buyer.getByRole('button', { name: 'Continue to Details' }).click();
    await fillBuyer(buyer, 'Jess Team', `jess.${stamp}@example.com`);
    await buyer.getByRole('button', { name: 'Confirm Booking' }).click();
    await expect(buyer.getByRole('heading', { name: /Booking Confirmed!|Request sent/ })).toBeVisible();
    await snap(buyer, '03-consultation-booked');
    await buyer.context().close();
  });
  await step('reassign in the team view', async () => {
    const [row] = await query<{ name: string }>(
      `select a.first_name || ' ' || a.last_name as name from bookings b join agents a on a.id = b.agent_id
       where b.client_email = $1`,
      [`jess.${stamp}@example.com`],
    );
    await page.goto('/dashboard');
    await openTeamView(page, booked.date);
    await snap(page, '03-team-view');
    const other = row!.name === 'Avery Quinn' ? 'Morgan Tester' : 'Avery Quinn';
    await reassignInTeamView(page, { buyer: 'Jess Team', time: booked.label }, other);
    await snap(page, '03-reassigned');
  });
  expect(failures, failures.join('\n')).toEqual([]);
});

test('4 · a Professional agent with an office: My day, Optimise, a proposal, a tour booked by the buyer', async ({
  page,
  browser,
}) => {
  const agent = await newAgent('Tess');
  await query("update agents set plan = 'pro' where id = $1", [agent.id]);
  const places = [
    { address: '1 Elm St', lat: 30.2672, lng: -97.7431, time: '10:00', key: 'a' },
    { address: '12 Oak St', lat: 30.2672, lng: -97.5871, time: '11:00', key: 'b' },
    { address: '3 Ash Rd', lat: 30.2672, lng: -97.7327, time: '12:00', key: 'c' },
  ];
  const date = nextWeekday(2);
  const emails: Record<string, string> = {};
  for (const place of places) {
    const id = await newProperty(agent.token, place.address, place.lat, place.lng);
    const res = await api<{ booking: { id: string } }>('POST', '/booking', {
      property_id: id,
      agent_id: agent.id,
      client_name: `Buyer ${place.key.toUpperCase()}`,
      client_email: (emails[place.key] = `buyer.${place.key}.${stamp}@example.com`),
      client_phone: '+1 312 555 0177',
      buyer_type: 'investor',
      budget_min: 300000,
      budget_max: 400000,
      income_range: null,
      booking_purpose: 'property_viewing',
      custom_purpose: null,
      booking_date: date,
      booking_time: place.time,
      message: null,
    });
    expect(res.status).toBe(201);
    await query('update bookings set status = $2 where id = $1', [
      res.json.booking.id,
      place.key === 'a' ? 'confirmed' : 'pending',
    ]);
  }
  await addPlace('200 Lavaca St', 30.268, -97.746);
  await signIn(page, agent);
  await step('office by address', async () => {
    await page.goto(`/dashboard/day?date=${date}`);
    await page.waitForLoadState('networkidle');
    const office = page.getByRole('form', { name: /Office/ });
    await office.getByLabel('Office address').fill('200 Lavaca St');
    await office.getByLabel('City').fill('Austin');
    await office.getByLabel('State').fill('TX');
    await office.getByLabel('ZIP code').fill('78701');
    await office.getByRole('button', { name: /save/i }).first().click();
    await page.waitForTimeout(1500);
    await snap(page, '04-office');
  });
  await step('My day', async () => {
    await page.goto(`/dashboard/day?date=${date}`);
    await page.waitForLoadState('networkidle');
    await snap(page, '04-my-day');
  });
  await step('Optimise and propose', async () => {
    await page.getByRole('button', { name: 'Optimise' }).click();
    await expect(page.getByTestId('proposal')).toBeVisible();
    await snap(page, '04-optimise');
    await page.getByRole('button', { name: TIME_PROPOSAL_MESSAGES.applyButton }).click();
    await page.waitForTimeout(1500);
    await snap(page, '04-proposed');
  });
  await step("the buyer's proposal page", async () => {
    let link = '';
    await expect
      .poll(
        async () => {
          type Sent = { id: string; kind: string; status: string; recipient: string };
          const list = await api<{ data: Sent[] }>('GET', '/agents/messages', undefined, agent.token);
          const mail = list.json.data.find((m) => m.kind === 'time.proposal' && m.status === 'sent');
          if (!mail) return '';
          const raw = await fetch(`${BASE_URL}/api/agents/messages/${mail.id}/raw`, {
            headers: { authorization: `Bearer ${agent.token}` },
          }).then((r) => r.text());
          const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          link = /\/booking\/proposal\?token=[A-Za-z0-9_-]+/.exec(decoded)?.[0] ?? '';
          return link;
        },
        { timeout: 30_000 },
      )
      .not.toBe('');
    const buyer = await phone(browser);
    await buyer.goto(link);
    await buyer.waitForLoadState('networkidle');
    await snap(buyer, '04-proposal-page');
    await buyer.context().close();
  });
  await step('a tour of two properties, booked by the buyer', async () => {
    const empty = nextWeekday(4);
    await page.goto(`/dashboard/day?date=${empty}`);
    const builder = page.getByRole('region', { name: 'Buyer tour' });
    await builder.getByLabel('1 Elm St').check();
    await builder.getByLabel('3 Ash Rd').check();
    await builder.getByRole('button', { name: 'Propose tour' }).click();
    await page.waitForTimeout(1500);
    await snap(page, '04-tour-proposed');
    await expect(builder.getByRole('list', { name: 'Proposed tour' }).getByRole('listitem')).toHaveCount(2);
    await builder.getByRole('button', { name: 'Save and get the invitation link' }).click();
    const link = await builder.getByLabel('Invitation link').inputValue();
    const buyer = await phone(browser);
    await buyer.goto(new URL(link).pathname);
    await snap(buyer, '04-tour-page');
    await fillBuyer(buyer, 'Tori Tour', `tori.${stamp}@example.com`);
    await buyer.getByRole('button', { name: /Book all 2 showings/ }).click();
    await page.waitForTimeout(1500);
    await snap(buyer, '04-tour-booked');
    await expect(buyer.getByRole('heading', { name: 'Your tour is booked' })).toBeVisible();
    await buyer.context().close();
  });
  expect(failures, failures.join('\n')).toEqual([]);
});

test('5 · a showing recorded afterwards: completed, feedback asked, its actions', async ({ page }) => {
  const agent = await newAgent('Rowan');
  await newProperty(agent.token, '9 Pine St', 30.27, -97.74);
  await signIn(page, agent);
  const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const email = `quinn.${stamp}@example.com`;
  await step('New booking at a past time', async () => {
    await page.goto('/dashboard/bookings');
    await page.getByRole('button', { name: 'New booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'New booking' });
    await dialog.getByLabel('Date').fill(past);
    await dialog.getByLabel('Time').fill('10:30');
    await dialog.getByLabel('Full name').fill('Quinn Held');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+1 312 555 0177');
    await dialog.getByLabel('Buyer type').selectOption('investor');
    await snap(page, '05-new-booking');
    await dialog.getByRole('button', { name: 'Create booking' }).click();
    await expect(page.getByRole('dialog', { name: 'Booking details' })).toContainText('Completed');
    await snap(page, '05-completed-details');
  });
  await step('feedback request exists', async () => {
    await expect
      .poll(
        async () =>
          (
            await query<{ n: string }>(
              `select count(*) as n from notification_messages where recipient = $1 and kind like '%feedback%'`,
              [email],
            )
          )[0]!.n,
        { timeout: 30_000 },
      )
      .not.toBe('0');
  });
  await step('completed booking actions', async () => {
    const details = page.getByRole('dialog', { name: 'Booking details' });
    await expect(details.getByRole('button', { name: /feedback/i })).toBeVisible();
    await expect(details.getByRole('button', { name: /no-show/i })).toBeVisible();
    await details
      .getByRole('button', { name: /feedback/i })
      .first()
      .click();
    await page.waitForTimeout(1000);
    await snap(page, '05-feedback-asked');
    await details
      .getByRole('button', { name: /no-show/i })
      .first()
      .click();
    await page.waitForTimeout(1000);
    await snap(page, '05-no-show');
  });
  await step('bookings list and feedback page', async () => {
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/bookings');
    await page.waitForLoadState('networkidle');
    await snap(page, '05-bookings');
    await page.goto('/dashboard/feedback');
    await page.waitForLoadState('networkidle');
    await snap(page, '05-feedback');
  });
  expect(failures, failures.join('\n')).toEqual([]);
});
