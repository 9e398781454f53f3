// Issue 29, the team's main path in Chromium: an Enterprise agent with two listings creates a team in
// Settings → Team choosing one listing to bring and the office as the consultation place, moves the other
// listing later; the Properties page at 1280 px lays each team property row out within its row (the
// "Assigned to" picker and the actions fit); the public team page shows each property's photo and the
// consultation's place; the consultation offers no "Property Viewing" and presents the team as no person.
// Screenshots under /work/shots/teams when E2E_SHOTS is set (the test's output folder otherwise).
import { expect, test, type Page } from '@playwright/test';
import { teamPagePath } from '@keyturn/domain/links';
import { pickDate } from '../support/calendar.ts';
import { api, CONSENT_DECIDED, newAgent, query } from '../support/server.ts';
import { firstTeamSlot } from '../support/team-view.ts';
import { signIn } from '../support/sign-in.ts';

test.use({ storageState: CONSENT_DECIDED, viewport: { width: 1280, height: 800 } });

const OFFICE = '500 Congress Ave, Austin, TX 78701';

async function shot(page: Page, name: string, outputPath: (name: string) => string) {
  const dir = process.env.E2E_SHOTS;
  await page.screenshot({ path: dir ? `${dir}/${name}` : outputPath(name), fullPage: true });
}

test('listings moved into a new team, laid out at 1280 px, with photos and a place on the team page', async ({
  page,
}, testInfo) => {
  const out = (name: string) => testInfo.outputPath(name);
  const owner = await newAgent('Rowan');
  const member = await newAgent('Sasha');
  await query(`update agents set plan = 'enterprise' where id = $1`, [owner.id]);
  const [photo] = await query<{ url: string }>(
    `select images->>0 as url from properties where jsonb_array_length(images) > 0 order by id limit 1`,
  );
  const listing = async (address: string) => {
    const res = await api<{ data: { id: number } }>(
      'POST',
      '/properties',
      {
        address,
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        price: 615000,
        bedrooms: 3,
        bathrooms: 2,
        property_type: 'Residential',
        images: photo ? [photo.url] : [],
        is_public: true,
      },
      owner.token,
    );
    expect(res.status).toBe(201);
    return res.json.data.id;
  };
  const first = await listing('1201 Barton Springs Road');
  const second = await listing('77 Rainey Street');

  await signIn(page, owner);

  // Creating the team: the office as the place, the first listing brought along.
  await page.goto('/dashboard/settings?tab=team');
  await page.getByLabel('Team name').fill('Rowan Austin Group');
  await page.getByLabel('At our office').check();
  await page.getByLabel('Office address').fill(OFFICE);
  await page.getByLabel(/1201 Barton Springs Road/).check();
  await page.getByRole('button', { name: 'Create team' }).click();
  const moveCard = page.getByRole('region', { name: 'Move your listings into the team' });
  await expect(moveCard.getByLabel(/77 Rainey Street/)).toBeVisible();
  await expect(moveCard.getByLabel(/1201 Barton Springs Road/)).toHaveCount(0);
  // Later: the second one.
  await moveCard.getByLabel(/77 Rainey Street/).check();
  await moveCard.getByRole('button', { name: 'Move to the team' }).click();
  await expect(moveCard).toHaveCount(0);
  const moved = await query<{ id: number; team_id: string | null }>(
    `select id, team_id from properties where id = any($1) order by id`,
    [[first, second]],
  );
  expect(moved.every((row) => row.team_id !== null)).toBe(true);
  await shot(page, 'settings-team-1280.png', out);

  // A member joins; the second listing is assigned to them.
  const [team] = await query<{ id: string; slug: string }>(
    `select id, slug from organizations where name = 'Rowan Austin Group'`,
  );
  await query(
    `insert into members (id, organization_id, user_id, role, created_at)
     select gen_random_uuid()::text, $1, user_id, 'member', now() from agents where id = $2`,
    [team!.id, member.id],
  );
  const assigned = await api('PUT', `/properties/${second}/agent`, { agent_id: member.id }, owner.token);
  expect(assigned.status).toBe(200);

  // The Properties page at 1280 px: every part of each team row inside its row.
  await page.goto('/dashboard/properties');
  const rows = page.getByRole('list', { name: 'Properties' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('combobox', { name: 'Assigned to' }).first()).toBeVisible();
  await shot(page, 'properties-1280.png', out);
  for (const row of await rows.all()) {
    const layout = await row.evaluate((li) => {
      const box = li.getBoundingClientRect();
      // What a reader sees: the texts, badges, picture and controls of the row, each a box.
      const parts = Array.from(li.querySelectorAll('p, span.rounded-full, img, button, select, label'))
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && r.height > 0);
      const overlaps: string[] = [];
      for (const a of parts) {
        for (const b of parts) {
          if (a === b || a.el.contains(b.el) || b.el.contains(a.el)) continue;
          const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
          const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
          if (x > 1 && y > 1) overlaps.push(`${a.el.textContent?.trim()} × ${b.el.textContent?.trim()}`);
        }
      }
      const outside = parts.filter(({ r }) => r.left < box.left - 0.5 || r.right > box.right + 0.5);
      // The picker shows the whole of the chosen member's name.
      const picker = li.querySelector('select');
      return {
        overlaps,
        outside: outside.map(({ el }) => el.textContent),
        pickerCut: picker ? picker.scrollWidth > picker.clientWidth || picker.clientWidth < 150 : false,
      };
    });
    expect(layout).toEqual({ overlaps: [], outside: [], pickerCut: false });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('combobox', { name: 'Assigned to' }).first()).toBeVisible();
  await shot(page, 'properties-390.png', out);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The public team page: photos and the consultation's place, at 1280 and 390 px.
  await page.goto(teamPagePath(team!.slug));
  await expect(page.getByRole('img', { name: 'Photo of 77 Rainey Street' })).toBeVisible();
  await expect(page.getByText(OFFICE)).toBeVisible();
  await shot(page, 'team-page-1280.png', out);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'team-page-390.png', out);

  // The consultation: no property viewing to choose, the team not presented as a person, its place shown.
  await page.getByRole('link', { name: 'Book a consultation with our team' }).click();
  await expect(page.getByRole('radio', { name: 'Property Valuation' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Property Viewing' })).toHaveCount(0);
  await expect(page.getByText('Real Estate Agent')).toHaveCount(0);
  await expect(
    page.getByRole('complementary', { name: 'About this booking' }).getByText(OFFICE),
  ).toBeVisible();
  await shot(page, 'consultation-390.png', out);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'consultation-1280.png', out);

  // Booked: the confirmation names the place (the office's address) and the member it went to.
  const { date, label } = await firstTeamSlot(team!.slug);
  await page.getByRole('radio', { name: 'Property Valuation' }).check();
  await page.getByRole('button', { name: 'Continue to Date Selection' }).click();
  await pickDate(page, date);
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await page.getByLabel('Full name').fill('Quinn Buyer');
  await page.getByLabel('Email').fill(`quinn.${Date.now().toString(36)}@example.com`);
  await page.getByLabel('Phone').fill('+1 312 555 0143');
  await page.getByLabel('Buyer type').selectOption('investor');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: /Booking Confirmed!|Request sent/ })).toBeVisible();
  await expect(main.getByText(OFFICE)).toBeVisible();
  await expect(page.getByText('Real Estate Agent')).toHaveCount(0);
  await shot(page, 'confirmation-1280.png', out);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'confirmation-390.png', out);
});
