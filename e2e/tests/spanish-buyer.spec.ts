// Issue 43: the buyer's side in Spanish. At 375 px with the browser asking for Spanish (Accept-Language es-US):
// the booking page from purpose to confirmation in Spanish, times in es-US format, <html lang="es">; the booking
// is stored in Spanish, its confirmation e-mail (the kept copy of what SMTP sent) and its calendar file are
// Spanish, and the manage link in it opens the manage page in Spanish; switching to English on the page; every
// buyer page in Spanish shows no English of ours (catalogue sentences or common English words), does not
// overflow at 375 px and has no serious axe violation (WCAG 2.2 AA tags). Screenshots: /work/shots/es/.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { agentBookingPath } from '@keyturn/domain/links';
import { CONSENT_DECIDED, DEMO, demoAgent, freeSlot, query } from '../support/server.ts';
import { sentMail } from '../support/mail.ts';
import { agentWords, englishRuns, expectNoEnglish } from '../support/spanish.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/es';
test.use({
  viewport: { width: 375, height: 812 },
  locale: 'es-US',
  extraHTTPHeaders: { 'Accept-Language': 'es-US,es;q=0.9' },
  storageState: CONSENT_DECIDED,
});

/** 'martes, 4 de marzo de 2031' — how the calendar names a day in Spanish. */
function spanishDay(isoDate: string): string {
  return new Intl.DateTimeFormat('es-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T12:00:00Z`));
}

async function pickSpanishDate(page: Page, isoDate: string) {
  const next = page.getByRole('button', { name: 'Mes siguiente' });
  await expect(next).toBeVisible();
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const title = new Intl.DateTimeFormat('es-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  const grid = page.getByRole('grid', { name: title });
  for (let i = 0; i < 3 && !(await grid.isVisible()); i++) await next.click();
  await grid.getByRole('button', { name: new RegExp(`^${spanishDay(isoDate)}`) }).click();
}

async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('a buyer books in Spanish at 375 px: page, stored language, e-mail, calendar file, manage page, back to English', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const runs = englishRuns();
  const words = await agentWords();
  const agent = await demoAgent();
  const slot = await freeSlot(agent.id, 6);
  await page.goto(agentBookingPath(agent.id, DEMO.username));
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: '¿Qué desea reservar?' })).toBeVisible();
  await fitsWidth(page);
  await expectNoEnglish(page, words, runs);
  await page.screenshot({ path: `${SHOTS}/01-purpose.png`, fullPage: true });

  await page.getByText('Visita a la propiedad', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Continuar a la propiedad' }).click();
  await expect(page.getByRole('heading', { name: 'Seleccione una propiedad' })).toBeVisible();
  await expectNoEnglish(page, words, runs);
  await page.screenshot({ path: `${SHOTS}/02-property.png`, fullPage: true });
  await page
    .getByRole('button', { name: new RegExp(agent.properties[0]!.address) })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: 'Seleccione fecha y hora' })).toBeVisible();
  await pickSpanishDate(page, slot.date);
  // The time in es-US (a.m./p.m.), e.g. "10:00 a.m.".
  const time = page.getByRole('button', { name: /^\d{1,2}:\d{2}\s?[ap]\.\s?m\./ }).first();
  await expect(time).toBeVisible();
  await fitsWidth(page);
  await expectNoEnglish(page, words, runs);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/03-calendar.png`, fullPage: true });
  await time.click();
  await page.getByRole('button', { name: 'Continuar a sus datos' }).click();

  await expect(page.getByRole('heading', { name: 'Introduzca sus datos' })).toBeVisible();
  await expect(page.getByText(/Le guardamos este horario/)).toBeVisible();
  const email = `comprador.${Date.now()}@example.com`;
  await page.getByLabel('Nombre completo').fill('Lucía Fernández');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('+1 312 555 0142');
  await page.getByLabel('Tipo de comprador').selectOption({ label: 'Comprador de primera vivienda' });
  await fitsWidth(page);
  await expectNoEnglish(page, words, runs);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/04-details.png`, fullPage: true });
  await page.getByRole('button', { name: 'Confirmar la reserva' }).click();

  await expect(page.getByRole('heading', { name: '¡Reserva confirmada!' })).toBeVisible();
  await fitsWidth(page);
  await expectNoEnglish(page, words, runs);
  await page.screenshot({ path: `${SHOTS}/05-confirmed.png`, fullPage: true });

  // Stored in Spanish; its e-mail and calendar file in Spanish, the manage link naming the language.
  const [row] = await query<{ locale: string; manage_token: string }>(
    'select locale, manage_token from bookings where client_email = $1',
    [email],
  );
  expect(row?.locale).toBe('es');
  const mail = await sentMail('booking_created.buyer.email', email);
  expect(mail).toMatch(/Hola Lucía/);
  expect(mail).toContain(`lang=es`);
  expect(mail).toMatch(/SUMMARY[^\r\n]*(Visita|visita)/);
  expect(mail).not.toMatch(/Your viewing|is confirmed|Reschedule or cancel/);

  // The manage link from the e-mail: the manage page in Spanish, even for a browser that asks for English.
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'en-US,en;q=0.9' });
  await page.context().clearCookies();
  await page.goto(`/booking/manage?token=${row!.manage_token}&lang=es`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Gestione su reserva' })).toBeVisible();
  await expect(page.getByText('Confirmada', { exact: true })).toBeVisible();
  await fitsWidth(page);
  await expectNoEnglish(page, words, runs);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/06-manage.png`, fullPage: true });

  // Back to English on the page itself: in place, remembered for the next page.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Manage your booking' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.screenshot({ path: `${SHOTS}/07-manage-english.png`, fullPage: true });
});
