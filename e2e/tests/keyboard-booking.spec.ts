// Issue 43 (WCAG 2.2 AA): a buyer books with the keyboard alone, at 375 px — no click, no tap — in English and in
// Spanish (the browser asking for it; the page's texts read from the catalogues). Tab moves from
// control to control, the purpose radios and the calendar answer their keys (arrows, Enter), the form is typed
// into, and at every stop the focused control is on screen, not under anything (2.4.11) and drawn with a visible
// focus indicator (2.4.7).
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { agentBookingPath } from '@keyturn/domain/links';
import { DEMO, demoAgent, freeSlot, query } from '../support/server.ts';
import { message } from '../support/spanish.ts';

test.use({ viewport: { width: 375, height: 812 } });

/** What is wrong with the focus now (null: on screen, unobscured, with a visible indicator). */
function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'focus is on the page itself';
    const name =
      (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40) ||
      active.outerHTML.slice(0, 160);
    // A visually hidden radio or checkbox is drawn by its label: that is what must show.
    const drawn =
      active instanceof HTMLInputElement && active.offsetWidth <= 1 && active.labels?.[0]
        ? active.labels[0]
        : active;
    const box = drawn.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth)
      return `${name}: off screen`;
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(drawn.contains(hit) || hit.contains(drawn) || active.contains(hit)))
      return `${name}: under ${hit?.closest('[aria-label]')?.getAttribute('aria-label') ?? hit?.tagName ?? '?'}`;
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
      );
    };
    // The ring may be drawn by the control, by something inside it, or by the label around it (has-[:focus-visible]).
    const indicated =
      shown(drawn) ||
      shown(active) ||
      Array.from(drawn.querySelectorAll('*')).some(shown) ||
      [active.closest('label'), ...Array.from((active as HTMLInputElement).labels ?? [])].some(
        (label) => label !== null && shown(label),
      );
    return indicated ? null : `${name}: no visible focus indicator`;
  });
}

/** Presses Tab until `target` has the focus, checking the focus at every stop. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    // A focused control may be scrolled into view smoothly: it must end on screen, unobscured and ringed.
    await expect.poll(() => focusProblem(page), { timeout: 2_000 }).toBeNull();
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${target.toString()}`);
}

/** Types into the field `label` names, reached with Tab. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await tabTo(page, page.getByLabel(label, { exact: true }));
  await page.keyboard.type(text);
}

const days = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

for (const locale of ['en', 'es'] as const) {
  const m = (id: string, values?: Record<string, string>) => message(locale, id, values);
  test.describe(`in ${locale === 'en' ? 'English' : 'Spanish'}`, () => {
    test.use({
      locale: locale === 'en' ? 'en-US' : 'es-US',
      extraHTTPHeaders: { 'Accept-Language': locale === 'en' ? 'en-US' : 'es-US,es;q=0.9' },
    });

    test('a buyer books a valuation visit with the keyboard alone at 375 px', async ({ page }) => {
      const agent = await demoAgent();
      const { date, time, label: englishLabel } = await freeSlot(agent.id, 3);
      // The time as the page says it: '2:00 PM', '2:00 p.m.'.
      const label =
        locale === 'en'
          ? englishLabel
          : new Intl.DateTimeFormat('es-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
              new Date(`1970-01-01T${time}:00Z`),
            );
      const email = `keys.${locale}.${Date.now()}@example.com`;
      await page.goto(agentBookingPath(agent.id, DEMO.username));
      await expect(page.getByRole('heading', { name: m('booking.purposeTitle') })).toBeVisible();

      // The purpose radios: Tab into the group, arrows choose.
      await tabTo(page, page.getByRole('radio').first());
      const valuation = page.getByRole('radio', { name: m('booking.pValuation'), exact: true });
      for (let i = 0; i < 6 && !(await valuation.isChecked()); i++) await page.keyboard.press('ArrowDown');
      await expect(valuation).toBeChecked();
      await tabTo(page, page.getByRole('button', { name: m('booking.toDates') }));
      await page.keyboard.press('Enter');
      // Each new step's heading takes the focus (when it shows, if the step's code was still loading, WCAG 2.4.3):
      // the buyer tabs on from there.
      await expect(page.getByRole('heading', { name: m('steps.dateTitle') })).toBeVisible();
      await expect(page.getByRole('heading', { name: m('steps.dateTitle') })).toBeFocused();

      // The calendar: Tab reaches one day (the roving one), arrows walk to the date, Enter chooses it.
      await tabTo(page, page.locator('[role="grid"] button[tabindex="0"]'));
      const from = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.date ?? '');
      const steps = days(from, date);
      for (let i = 0; i < Math.abs(steps); i++)
        await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
      await expect(page.locator(`[role="grid"] button[data-date="${date}"]`)).toBeFocused();
      expect(await focusProblem(page)).toBeNull();
      await page.keyboard.press('Enter');
      await expect(page.locator(`[role="gridcell"]:has(button[data-date="${date}"])`)).toHaveAttribute(
        'aria-selected',
        'true',
      );

      // The time, then on to the details — once the day's times show, as a buyer waits for them (a Tab while they
      // load goes on past the calendar).
      await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
      await tabTo(page, page.getByRole('button', { name: label, exact: true }));
      await page.keyboard.press('Enter');
      await expect(page.getByText(m('steps.selected', { time: label }))).toBeVisible();
      await tabTo(page, page.getByRole('button', { name: m('steps.toDetails') }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: m('details.title') })).toBeFocused();

      // The form, typed; the buyer type chosen with the arrow keys; sent with Enter on its button.
      await typeInto(page, m('details.fullName'), 'Kim Keys');
      await typeInto(page, m('details.email'), email);
      await typeInto(page, m('details.phone'), '+1 312 555 0177');
      const buyerType = page.getByLabel(m('details.buyerType'));
      await tabTo(page, buyerType);
      await buyerType.press('ArrowDown');
      await expect(buyerType).not.toHaveValue('');
      await tabTo(page, page.getByRole('button', { name: m('details.confirmBooking') }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: m('details.confirmedTitle') })).toBeVisible();

      const rows = await query<{ t: string; booking_purpose: string; locale: string }>(
        `select to_char(starts_at at time zone $2, 'YYYY-MM-DD HH24:MI') as t, booking_purpose, locale
       from bookings where client_email = $1`,
        [email, DEMO.timeZone],
      );
      expect(rows).toEqual([{ t: `${date} ${time}`, booking_purpose: 'property_valuation', locale }]);
    });
  });
}
