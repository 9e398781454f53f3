// Issue 43: the accessibility statement in Spanish — the claim with W3C's Spanish name of WCAG, the languages
// (buyer pages in English and Spanish, the dashboard English only), the switcher on the page, and the report
// form's labels, refusals and answer in Spanish; no sentence of the English catalogue left on the page.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import english from '@keyturn/domain/i18n/en/statement.json';
import { ACCESSIBILITY_TEXTS } from '@keyturn/domain/schemas/accessibility';
import { loadLocale } from '@/lib/i18n';
import { json, renderAt, stubApi } from '@/test/utils';
import { AccessibilityPage } from './accessibility-page';

beforeAll(() => loadLocale('es'));

const render = (routes: Parameters<typeof stubApi>[0] = {}) => {
  const api = stubApi(routes);
  renderAt(<AccessibilityPage />, { path: '/accessibility', locale: 'es' });
  return { api, user: userEvent.setup() };
};

describe('/accessibility in Spanish', () => {
  it('states the claim, the languages, the tests and the exceptions in Spanish, with the switcher', async () => {
    render();
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Reservar una visita debería funcionar para todos',
      }),
    ).toBeTruthy();
    expect(
      screen.getByText(/Pautas de Accesibilidad para el Contenido Web \(WCAG\) 2\.2, nivel AA/),
    ).toBeTruthy();
    for (const name of [
      'Qué páginas',
      'Cómo lo comprobamos',
      'Excepciones conocidas',
      'Informar de un problema',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    expect(screen.getByText(/disponibles en inglés y en español/)).toHaveTextContent(
      /selector de idioma del pie de cada página\. El panel del agente solo está en inglés\./,
    );
    expect(document.title).toBe('Accesibilidad · Keyturn');
    // The marketing footer has no switcher: the page carries one, Spanish pressed.
    const switcher = within(screen.getByRole('group', { name: 'Idioma' }));
    expect(switcher.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    // No English sentence of the statement's catalogue is left on the page.
    const page = document.body.textContent ?? '';
    for (const [key, text] of Object.entries(english))
      if (!key.startsWith('data') && text.length > 20 && !text.includes('{'))
        expect(page, key).not.toContain(text);
  });

  it('switches to English in place', async () => {
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'English' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Booking a showing should work for everyone' }),
    ).toBeTruthy();
    expect(screen.getByText(/English and Spanish: choose the language/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('labels the form in Spanish, refuses in Spanish without sending, then says in Spanish who has it', async () => {
    const { api, user } = render({
      'POST /accessibility-reports': (call) =>
        json(201, {
          success: true,
          message: ACCESSIBILITY_TEXTS.received((call.body as { email: string }).email),
        }),
    });
    const send = await screen.findByRole('button', { name: 'Enviar el informe' });
    expect(screen.getByLabelText('Su nombre (opcional)')).toBeTruthy();
    expect(screen.getByLabelText('Página donde ocurrió (opcional)')).toBeTruthy();
    await user.click(send);
    expect(await screen.findByText('Describa el problema que encontró')).toBeTruthy();
    expect(screen.getByText('El correo electrónico es obligatorio')).toBeTruthy();

    await user.type(screen.getByLabelText('Su correo electrónico (para responderle)'), 'rosa@');
    await user.click(screen.getByLabelText('¿Qué falló?'));
    await user.paste('x'.repeat(4001));
    await user.click(send);
    expect(await screen.findByText('Escriba una dirección de correo electrónico válida')).toBeTruthy();
    expect(screen.getByText('El mensaje debe tener como máximo 4000 caracteres')).toBeTruthy();
    expect(screen.queryByText(/must be at most|Please enter/)).toBeNull();
    expect(api.callsTo('POST', '/accessibility-reports')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Su correo electrónico (para responderle)'));
    await user.type(screen.getByLabelText('Su correo electrónico (para responderle)'), 'rosa@example.com');
    await user.clear(screen.getByLabelText('¿Qué falló?'));
    await user.type(screen.getByLabelText('¿Qué falló?'), 'Los botones de hora no tienen nombre.');
    await user.click(send);
    await vi.waitFor(() => expect(api.callsTo('POST', '/accessibility-reports')).toHaveLength(1));
    expect(api.callsTo('POST', '/accessibility-reports')[0]?.body).toMatchObject({
      email: 'rosa@example.com',
      message: 'Los botones de hora no tienen nombre.',
    });
    expect(
      await screen.findByText(
        'Gracias. Su informe ha llegado a las personas que administran este servidor de Keyturn; le responderán en rosa@example.com.',
      ),
    ).toHaveAttribute('class', expect.stringContaining('emerald'));
  });

  it('shows the server’s refusal as it sent it (the server answers in the visitor’s language)', async () => {
    const { api, user } = render({
      'POST /accessibility-reports': () =>
        json(400, {
          error: 'Revise los campos marcados.',
          code: 'VALIDATION_ERROR',
          fields: { email: 'No se aceptan correos de este dominio' },
        }),
    });
    await user.type(
      await screen.findByLabelText('Su correo electrónico (para responderle)'),
      'rosa@example.com',
    );
    await user.type(screen.getByLabelText('¿Qué falló?'), 'No puedo elegir un día.');
    await user.click(screen.getByRole('button', { name: 'Enviar el informe' }));
    expect(await screen.findByText('No se aceptan correos de este dominio')).toBeTruthy();
    expect(screen.getByText('Revise los campos marcados.')).toBeTruthy();
    expect(api.callsTo('POST', '/accessibility-reports')).toHaveLength(1);
  });
});
