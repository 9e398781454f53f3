// Issue 43: the buyer's side in Spanish. At 375 px with the browser asking for Spanish (Accept-Language es-US):
// the booking page from purpose to confirmation in Spanish, times in es-US format, <html lang="es">; the booking
// is stored in Spanish, its confirmation e-mail (the kept copy of what SMTP sent) and its calendar file are
// Spanish, and the manage link in it opens the manage page in Spanish; switching to English on the page; every
// buyer page in Spanish shows no English of ours (catalogue sentences or common English words), does not
// overflow at 375 px and has no serious axe violation (WCAG 2.2 AA tags). Screenshots: /work/shots/es/.
// With texts set up on Server settings (a Twilio-shaped provider on 127.0.0.1): the confirmation text in Spanish,
// and a reminder later, by e-mail and by text, in the booking's language.
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { agentBookingPath } from '@keyturn/domain/links';
import {
  api,
  bookAsBuyer,
  CONSENT_DECIDED,
  DEMO,
  freeSlot,
  newAgent,
  newListing,
  query,
} from '../support/server.ts';
import { sentMail } from '../support/mail.ts';
import { ensureServerOwner, SERVER_OWNER } from '../support/server-owner.ts';
import { daytimeZone } from '../../apps/api/test/support/daytime-zone.ts';
import { startSmsProvider, type TestSmsProvider } from '../../apps/api/test/support/sms-provider.ts';
import { TEXTS_ON } from '../../apps/api/test/support/texts-on.ts';
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
  // Not the demo account (its messages are kept, never sent): an agent of this server with one listing.
  const agent = await newAgent('Rivera');
  const address = `${Date.now() % 1000} Calle Mayor`;
  await newListing(agent, address);
  const slot = await freeSlot(agent.id, 6);
  await page.goto(agentBookingPath(agent.id, agent.username));
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
    .getByRole('button', { name: new RegExp(address) })
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
  await expect
    .poll(async () =>
      (
        await query<{ kind: string; status: string; error: string | null }>(
          `select kind, status, last_error as error from notification_messages where recipient = $1`,
          [email],
        )
      ).map((m) => `${m.kind}:${m.status}:${m.error ?? ''}`),
    )
    .toContain('booking_created.buyer.email:sent:');
  // The kept copy is the message as SMTP would carry it: its parts decoded as UTF-8, the calendar file from base64.
  const mail = Buffer.from(await sentMail('booking_created.buyer.email', email), 'latin1').toString('utf8');
  expect(mail).toMatch(/Subject: Reserva confirmada:/);
  expect(mail).toContain('Hola, Lucía:');
  expect(mail).toMatch(/Cuándo\s+\w+, \d{1,2} de \w+ de \d{4}, \d{1,2}:\d{2} [ap]\.\s?m\./);
  expect(mail).toContain('lang=es');
  expect(mail).not.toMatch(/Your viewing|is confirmed|Reschedule or cancel|Hi Luc/);
  const calendarPart =
    /Content-Type: text\/calendar[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail)?.[1] ?? '';
  const ics = Buffer.from(calendarPart.replace(/\s+/g, ''), 'base64').toString('utf8');
  expect(ics).toMatch(/SUMMARY:[^\r\n]*Visita/);

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

test('the other buyer pages in Spanish at 375 px: reschedule, cancel, cancelled, feedback, the accessibility statement', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const runs = englishRuns();
  const words = await agentWords();
  const agent = await newAgent('Navarro');
  const address = `${Date.now() % 1000} Avenida Central`;
  const listing = await newListing(agent, address);
  const slot = await freeSlot(agent.id, 7);
  const booked = await bookAsBuyer(agent.id, slot.date, slot.time, {
    property_id: listing.id,
    client_name: 'Marta Gómez',
    locale: 'es',
  });
  expect(booked.status, JSON.stringify(booked.json)).toBe(201);
  const [row] = await query<{ manage_token: string; public_id: string }>(
    'select manage_token, public_id from bookings where id = $1',
    [booked.json.booking.id],
  );

  const visit = async (path: string, name: string, heading: RegExp, root = 'body') => {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await fitsWidth(page);
    await expectNoEnglish(page, words, runs, root);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };
  await visit(`/booking/reschedule?token=${row!.manage_token}`, '10-reschedule', /Seleccione fecha y hora/);
  await visit(`/feedback/${row!.public_id}`, '11-feedback', /.+/);
  // The statement sits in the public site's header and footer, which stay English (the site is the agents').
  await visit('/accessibility', '12-accessibility', /funcionar para todos/, 'main');

  // Cancelling in Spanish: the dialog, then the cancelled page.
  await visit(`/booking/manage?token=${row!.manage_token}`, '13-manage', /Gestione su reserva/);
  await page.getByRole('button', { name: 'Cancelar la reserva' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoEnglish(page, words, runs);
  await page.screenshot({ path: `${SHOTS}/14-cancel-dialog.png`, fullPage: true });
  await dialog.getByRole('button', { name: /Cancelar la reserva/ }).click();
  await expect(page).toHaveURL(/\/booking\/cancelled/);
  await expect(page.getByRole('heading', { name: 'Reserva cancelada' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoEnglish(page, words, runs);
  await fitsWidth(page);
  await page.screenshot({ path: `${SHOTS}/15-cancelled.png`, fullPage: true });
  const [after] = await query<{ status: string }>('select status from bookings where id = $1', [
    booked.json.booking.id,
  ]);
  expect(after?.status).toBe('cancelled');
});

test.describe('texts', () => {
  let provider: TestSmsProvider;
  test.beforeAll(async () => {
    provider = await startSmsProvider();
    // The operator sets texts up on Server settings (here through its API, as the page does).
    await ensureServerOwner();
    const owner = await api<{ token: string }>('POST', '/auth/sign-in/email', { ...SERVER_OWNER });
    const saved = await api(
      'PUT',
      '/server-settings',
      {
        values: {
          SMS_PROVIDER_URL: provider.url,
          SMS_ACCOUNT_SID: provider.accountSid,
          SMS_AUTH_TOKEN: provider.authToken,
          SMS_FROM: '+13125550100',
        },
      },
      owner.json.token,
    );
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  });
  test.afterAll(async () => {
    // The suite's server is shared: the specs after this one have no texts, as before.
    await query("delete from server_settings where key like 'SMS_%'");
    await provider.close();
  });

  test('a Spanish buyer who asked for texts: the confirmation text, then a reminder by e-mail and by text, in Spanish', async ({
    page,
  }) => {
    // Reminder texts keep quiet hours in the agent's zone: one where it is day while this test runs.
    const agent = await newAgent('Soto', daytimeZone(30 * 60_000, DEMO.timeZone));
    await query("update agents set plan = 'pro' where id = $1", [agent.id]);
    const settings = await api('PUT', '/agents/notifications', TEXTS_ON, agent.token);
    expect(settings.status).toBe(200);
    const address = `${Date.now() % 1000} Calle Luna`;
    await newListing(agent, address);
    const slot = await freeSlot(agent.id, 6);
    await page.goto(agentBookingPath(agent.id, agent.username));
    await page.getByText('Visita a la propiedad', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Continuar a la propiedad' }).click();
    await page
      .getByRole('button', { name: new RegExp(address) })
      .first()
      .click();
    await pickSpanishDate(page, slot.date);
    await page
      .getByRole('button', { name: /^\d{1,2}:\d{2}\s?[ap]\.\s?m\./ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Continuar a sus datos' }).click();
    const email = `mensajes.${Date.now()}@example.com`;
    await page.getByLabel('Nombre completo').fill('Tomás Ibarra');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono').fill('+1 312 555 0188');
    await page.getByLabel('Tipo de comprador').selectOption({ label: 'Inversionista' });
    await page.getByLabel('Envíenme mensajes de texto sobre esta visita').check();
    await page.screenshot({ path: `${SHOTS}/09-details-texts.png`, fullPage: true });
    await page.getByRole('button', { name: 'Confirmar la reserva' }).click();
    await expect(page.getByRole('heading', { name: '¡Reserva confirmada!' })).toBeVisible();

    // The confirmation text, as the provider on 127.0.0.1 received it.
    const toBuyer = (m: { to: string }) => m.to === '+13125550188';
    await provider.waitFor((messages) => messages.some(toBuyer), 30_000);
    const confirmation = provider.messages.find(toBuyer)!.body;
    expect(confirmation).toMatch(/Su visita a .* está confirmada para el/);
    expect(confirmation).toMatch(/\d{1,2}:\d{2}\s[ap]\.\s?m\./);
    expect(confirmation).toContain('lang=es');
    expect(confirmation).toContain('Responda STOP para no recibir más mensajes.');
    expect(confirmation).not.toMatch(/\b(Your|confirmed|Reply STOP)\b/);

    // Later: the day-before reminder comes due (its job moved to now), in the booking's language.
    const [booking] = await query<{ id: string }>('select id from bookings where client_email = $1', [email]);
    const moved = await query(
      `update pgboss.job set start_after = now()
        where id::text in (select id::text from notification_jobs where booking_id = $1 and event = 'reminder'
                           order by scheduled_for limit 1)
        returning id`,
      [booking!.id],
    );
    expect(moved).toHaveLength(1);
    await provider.waitFor((messages) => messages.filter(toBuyer).length >= 2, 60_000);
    const reminderText = provider.messages.filter(toBuyer)[1]!.body;
    expect(reminderText).toMatch(/Recordatorio: su visita a .* es dentro de 24 horas \(/);
    expect(reminderText).toContain(
      'Responda Y para confirmar o N para cancelar; STOP para no recibir más mensajes',
    );
    expect(reminderText).not.toMatch(/\b(Reminder|Your|Reply STOP)\b/);
    await expect
      .poll(
        async () =>
          (
            await query<{ kind: string }>(
              `select kind from notification_messages where recipient = $1 and status = 'sent'`,
              [email],
            )
          ).map((m) => m.kind),
        { timeout: 60_000 },
      )
      .toContain('reminder.buyer.email');
    const reminder = Buffer.from(await sentMail('reminder.buyer.email', email), 'latin1').toString('utf8');
    // (The subject is MIME-encoded for its accents: =?UTF-8?Q?Recordatorio:_…)
    expect(reminder).toMatch(/Subject: =\?UTF-8\?Q\?Recordatorio:_/);
    expect(reminder).toContain('Hola, Tomás:');
    expect(reminder).not.toMatch(/Subject: Reminder|Hi Tom/);
  });
});
