// Numbers that agree (issue 29, decision 046) in the browser: a team member's overview shows his own figures
// as his and the team's as the team's, each named with its window; the Feedback page's buyers by class and
// the Reports headline name theirs. Screenshots at 390 and 1280 px in /work/shots/figures (or test-results).
import { expect, test, type Page } from '@playwright/test';
import { buildBookingRequest } from '@keyturn/domain/bookingSubmit';
import { bookingDetailsFormSchema } from '@keyturn/domain/schemas/booking';
import { api, DEMO, newAgent, nextWeekday, query } from '../support/server.ts';
import { verifyByMail } from '../support/account-mail.ts';
import { signIn } from '../support/sign-in.ts';

const shots = process.env.FIGURES_SHOTS_DIR;

function yesterday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO.timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The agent books a buyer in (POST /api/bookings) with the booking page's own request builder. */
async function book(agent: { id: string; token: string }, date: string, time: string, email: string) {
  const built = buildBookingRequest({
    form: bookingDetailsFormSchema(false).parse({
      name: 'Jordan Keen',
      email,
      phone: '+1 312 555 0177',
      buyerType: 'investor',
    }),
    hasPropertyId: false,
    property: { id: 0 },
    agentId: agent.id,
    date,
    timeSlot: time,
    purpose: 'property_viewing',
    customPurpose: null,
  });
  if (!built.ok) throw new Error(built.error);
  const res = await api<{ data: { id: string } }>('POST', '/bookings', built.request, agent.token);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.id;
}

async function shoot(page: Page, name: string, testInfo: { outputPath: (n: string) => string }) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const file = `${name}-${width}.png`;
    await page.screenshot({ path: shots ? `${shots}/${file}` : testInfo.outputPath(file), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a team member's figures are his own, the team's are labelled the team's; every figure names its window", async ({
  page,
}, testInfo) => {
  const owner = await newAgent('Owen');
  const member = await newAgent('Mira');
  await query("update agents set plan = 'enterprise' where id = $1", [owner.id]);
  const team = await api<{ data: { team: { id: string } } }>(
    'POST',
    '/team',
    { name: 'Figures Realty', slug: `figures-${Date.now().toString(36)}` },
    owner.token,
  );
  expect(team.status).toBe(201);
  const teamId = team.json.data.team.id;
  const invitation = await api<{ data: { id: string } }>(
    'POST',
    '/team/invitations',
    { email: member.email, role: 'member' },
    owner.token,
  );
  expect(invitation.status).toBe(201);
  // Issue 41: an invitation by address is accepted by an account that verified it.
  await verifyByMail(member.email);
  expect(
    (await api('POST', `/team-invitations/${invitation.json.data.id}/accept`, undefined, member.token))
      .status,
  ).toBe(200);

  for (const [agentId, n] of [
    [member.id, 2],
    [owner.id, 1],
  ] as const) {
    for (let i = 0; i < n; i++) {
      await query(
        `insert into properties (agent_id, team_id, address, city, state, zip_code, price, bedrooms, bathrooms, property_type)
         values ($1, $2, $3, 'Austin', 'TX', '78701', 450000, 3, 2, 'Residential')`,
        [agentId, teamId, `${100 + i} Congress Avenue`],
      );
    }
  }
  const date = nextWeekday(2);
  const stamp = Date.now();
  await book(member, date, '10:00', `a.${stamp}@example.com`);
  await book(member, date, '11:00', `b.${stamp}@example.com`);
  await book(owner, date, '10:00', `c.${stamp}@example.com`);
  const past = await book(member, yesterday(), '10:00', `keen.${stamp}@example.com`);
  const [row] = await query<{ public_id: string }>('select public_id from bookings where id = $1', [past]);
  const answered = await api('PUT', `/feedback/public/${row!.public_id}`, {
    rating: 5,
    interest_level: 'very_interested',
    price_opinion: 'good_value',
    second_showing: true,
    liked: 'The light',
    disliked: null,
    comments: null,
  });
  expect(answered.status).toBe(201);

  await signIn(page, member);
  const card = page.getByRole('region', { name: 'Yours and your team’s' });
  await expect(card.getByText('Bookings made, this month', { exact: true })).toBeVisible();
  await expect(card).toContainText('Bookings made, this month3');
  await expect(card).toContainText('Properties, now2');
  await expect(card).toContainText("Team's bookings made, this month4 · Unlimited");
  await expect(card).toContainText("Team's properties, now3 · Unlimited");
  await expect(page.getByRole('heading', { name: 'Pending requests, now' })).toBeVisible();
  await shoot(page, 'overview-member', testInfo);

  await page.goto('/dashboard/feedback');
  const classes = page.getByRole('region', { name: 'Hot, potential and cold buyers' });
  await expect(classes.getByRole('button', { name: 'Hot buyers, all time: 1' })).toBeVisible();
  await classes.getByRole('button', { name: 'Hot buyers, all time: 1' }).click();
  await expect(page.getByText('1 lead', { exact: true })).toBeVisible();
  await shoot(page, 'feedback-member', testInfo);

  await page.goto('/dashboard/reports');
  // The report is one statement over the range; on a loaded machine it takes a while.
  await expect(page.getByText('Hot buyers, last 30 days', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText('Booked showings (by showing date), last 30 days', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Funnel' })).toContainText('Showings of hot buyers');
  await shoot(page, 'reports-member', testInfo);
});
