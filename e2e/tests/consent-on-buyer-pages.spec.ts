// Issue 12: the cookie banner never covers the buyer's actions. At 375 px, as a first-time visitor (no consent
// stored, unlike every other test), the banner shows and stays unanswered while the buyer books through every
// step — purpose → property → date and time → details → confirmation — and every button they press can be
// brought clear of the banner and clicked; the manage and feedback pages' buttons too. The banner's own
// behaviour (appears after 1 s, Accept All / Reject All / Close) is tested in public-site.spec.ts.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, demoAgent, freeSlot, query } from '../support/server.ts';
import { pickDate } from '../support/calendar.ts';

test.use({
  storageState: { cookies: [], origins: [] },
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
});

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

/**
 * Scrolls `target` into view as a browser does for a tap or focus, checks that the point at its centre is the
 * target itself (not the banner), then clicks it — with the banner still showing and unanswered.
 */
async function clickClear(page: Page, target: Locator) {
  await expect(banner(page)).toBeVisible();
  await target.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const found = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return found !== null && (found === el || el.contains(found));
  });
  expect(hit, `${await target.textContent()} is under the cookie banner`).toBe(true);
  await target.click();
}

test('at 375 px with the banner open, a buyer books through every step, each button clear of it', async ({
  page,
}) => {
  const agent = await demoAgent();
  const property = agent.properties[0]!;
  const slot = await freeSlot(agent.id, 5);
  await page.goto(`/bookme/${agent.id}/${DEMO.username}`);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toHaveAttribute('data-variant', 'compact');
  // The banner sits over the bottom of the viewport: it is what a careless layout would cover with.
  const box = (await banner(page).boundingBox())!;
  expect(box.y + box.height).toBeGreaterThanOrEqual(739);

  // 1. Purpose.
  await clickClear(page, page.getByText('Property Viewing', { exact: true }).first());
  await clickClear(page, page.getByRole('button', { name: 'Continue to Property' }));
  // 2. Property.
  await clickClear(page, page.getByRole('button', { name: new RegExp(property.address) }).first());
  // 3. Date and time.
  await pickDate(page, slot.date, (target) => clickClear(page, target));
  await clickClear(page, page.getByRole('button', { name: slot.label, exact: true }));
  await clickClear(page, page.getByRole('button', { name: 'Continue to Details' }));
  // 4. Details.
  await page.getByLabel('Full name').fill('Casey Consent');
  await page.getByLabel('Email').fill('casey.consent@example.com');
  await page.getByLabel('Phone').fill('+1 512 555 0177');
  await page.getByLabel('Buyer type').selectOption('first_time_buyer');
  await clickClear(page, page.getByRole('button', { name: 'Confirm Booking' }));
  // 5. Confirmation, the banner still unanswered.
  await expect(page.getByRole('heading', { name: 'Booking Confirmed!' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('cookie-consent'))).toBeNull();

  // The manage page: Reschedule and Cancel booking are clear of the banner.
  const [booked] = await query<{ manage_token: string }>(
    'select manage_token from bookings where client_email = $1',
    ['casey.consent@example.com'],
  );
  await page.goto(`/booking/manage?token=${booked!.manage_token}`);
  await expect(page.getByRole('heading', { name: 'Manage your booking' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await clickClear(page, page.getByRole('button', { name: 'Cancel booking' }));
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // The feedback page of one of the demo's past showings: Send feedback is clear of the banner.
  const [shown] = await query<{ public_id: string }>(
    `select b.public_id from bookings b join agents a on a.id = b.agent_id
      where a.username = $1 and b.status = 'completed'
        and not exists (select 1 from feedback f where f.booking_id = b.id)
      order by b.starts_at desc limit 1`,
    [DEMO.username],
  );
  await page.goto(`/feedback/${shown!.public_id}`);
  await expect(banner(page)).toBeVisible();
  await clickClear(page, page.getByRole('button', { name: 'Send feedback' }));
  await expect(page.getByText('Please rate the property from 1 to 5')).toBeVisible();
});
