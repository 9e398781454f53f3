// Buyer pages, WCAG 2.2 AA at 390 px (issue 29): 2.4.11 focus not obscured — walking the booking page with
// Tab, every focused element is the thing at its own centre, not the Scroll to top button or the cookie
// banner over it; 2.5.8 target size — every control a buyer presses is at least 24 × 24 px; Scroll to top in
// the agent's colour; a real 404 for an unknown address; the agent's Settings tab row fully on screen.
import { MESSAGES } from '@keyturn/domain/messages';
import { expect, test, type Page } from '@playwright/test';
import { agentBookingPath } from '@keyturn/domain/links';
import { DEMO, demoAgent, freeSlot, query } from '../support/server.ts';
import { pickDate } from '../support/calendar.ts';
import { signIn } from '../support/sign-in.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The demo agent's booking page, on the calendar step with a date chosen (its times listed). */
async function openCalendarWithTimes(page: Page) {
  const agent = await demoAgent();
  const slot = await freeSlot(agent.id, 5);
  await page.goto(agentBookingPath(agent.id, DEMO.username));
  await page.getByText('Property Viewing', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Continue to Property' }).click();
  await page
    .getByRole('button', { name: new RegExp(agent.properties[0]!.address) })
    .first()
    .click();
  await pickDate(page, slot.date);
  await expect(page.getByRole('button', { name: slot.label, exact: true })).toBeVisible();
  return slot;
}

/** Tabs through the page; for each focused element, what covers its centre instead of it (null: nothing). */
async function obscuredWhileTabbing(page: Page, presses: number): Promise<string[]> {
  const covered: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    // Let a smooth focus scroll and the Scroll to top check settle.
    await page.waitForTimeout(120);
    const found = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return null;
      const box = active.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null;
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      const own =
        hit !== null &&
        (active.contains(hit) || hit.contains(active) || (active.closest('label')?.contains(hit) ?? false));
      if (own) return null;
      const coverName = (hit?.closest('[aria-label]')?.getAttribute('aria-label') ?? hit?.tagName) || '?';
      return `${active.textContent?.trim().slice(0, 30) || active.tagName} under ${coverName}`;
    });
    if (found) covered.push(found);
  }
  return covered;
}

/** Every visible control a buyer presses that is smaller than 24 × 24 px (inline links in text excepted). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, textarea, input:not([type=hidden]), [role=tab], a[href]',
    );
    const small: string[] = [];
    for (const control of Array.from(controls)) {
      if (control.closest('p, li > span, dd')) continue; // a link inside a sentence (2.5.8's inline exception)
      const box = control.getBoundingClientRect();
      // Hidden, or a visually hidden input whose label is the target.
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(control).visibility === 'hidden') continue;
      if (control instanceof HTMLInputElement && control.labels?.length && control.offsetWidth <= 1) continue;
      if (box.width < 24 || box.height < 24)
        small.push(
          `${control.tagName} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return small;
  });
}

test('booking page at 390 px: Tab never lands under Scroll to top; every target is 24 px or more', async ({
  page,
}) => {
  const slot = await openCalendarWithTimes(page);
  await page.getByRole('button', { name: slot.label, exact: true }).click();
  // Scrolled down: the Scroll to top button is offered.
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(300);
  expect(await smallTargets(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await obscuredWhileTabbing(page, 70)).toEqual([]);
  await page.getByRole('button', { name: 'Continue to Details' }).click();
  await expect(page.getByLabel('Full name')).toBeVisible();
  expect(await smallTargets(page)).toEqual([]);
  expect(await obscuredWhileTabbing(page, 20)).toEqual([]);
});

test("Scroll to top is drawn in the agent's colour and never sits on a time slot", async ({ page }) => {
  await openCalendarWithTimes(page);
  const [row] = await query<{ primary_color: string }>(
    'select primary_color from agents where username = $1',
    [DEMO.username],
  );
  const expected = await page.evaluate((hex) => {
    const probe = document.createElement('span');
    probe.style.color = hex;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }, row!.primary_color);
  const toTop = page.getByRole('button', { name: 'Scroll to top' });
  // Scroll step by step; wherever the button shows, nothing pressable lies under it.
  let seen = 0;
  for (let y = 320; y < 2400; y += 60) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(60);
    if (!(await toTop.isVisible())) continue;
    seen++;
    expect(await toTop.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(expected);
    const under = await toTop.evaluate((button) => {
      const box = button.getBoundingClientRect();
      button.style.visibility = 'hidden';
      const hits = [
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
        [box.left + box.width / 2, box.top + box.height / 2],
      ].map(([x, y]) => document.elementFromPoint(x!, y!));
      button.style.visibility = '';
      return hits
        .map((hit) => hit?.closest('a[href], button, input, select, textarea, label'))
        .filter(Boolean)
        .map((hit) => hit!.textContent?.trim().slice(0, 30) ?? '');
    });
    expect(under, `at scrollY ${y}`).toEqual([]);
  }
  expect(seen, 'the button showed somewhere on the way down').toBeGreaterThan(0);
});

test.describe('with the cookie banner open', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('Tab never lands under the banner on the booking page', async ({ page }) => {
    await openCalendarWithTimes(page);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await obscuredWhileTabbing(page, 70)).toEqual([]);
  });
});

test('an unknown address answers 404 with the landing page and a "not found" line; the app\'s pages still answer 200', async ({
  page,
}) => {
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.addressNotFound })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /Showings that book themselves/ })).toBeVisible();
  expect((await page.goto('/pricing'))?.status()).toBe(200);
});

test("the agent's Settings tab row is fully on screen at 390 px", async ({ page }) => {
  await signIn(page, DEMO);
  await page.goto('/dashboard/settings');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    const name = (await tab.textContent()) ?? '';
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(24);
  }
});
