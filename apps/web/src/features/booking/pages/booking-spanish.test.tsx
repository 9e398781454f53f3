// Issue 43: the booking page in Spanish — purpose → property → calendar → time with Spanish headings, es-US
// weekday, month and time names through Intl and the Spanish hold notice; and the footer's "Español" switching a
// page that opened in English in place.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '@keyturn/domain/i18n/locales';
import { loadLocale } from '@/lib/i18n';
import { json, renderRoutes, stubApi } from '@/test/utils';
import { AGENT_ID, NOW, TOMORROW, baseRoutes, bookingRoutes, withBookingClock } from '../test-fixtures';

withBookingClock();

beforeAll(async () => {
  await loadLocale('es');
});

afterEach(() => {
  // The switcher writes the page's language and the visitor's cookie: the next test starts in English again.
  document.documentElement.lang = 'en';
  document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
});

const AGENT_PAGE = `/bookme/${AGENT_ID}/dana`;

const held = () =>
  json(201, {
    success: true,
    hold: {
      token: 'hold-es-1',
      starts_at: '2031-03-04T19:00:00.000Z',
      expires_at: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
      minutes: 5,
    },
  });

function renderSpanish(path: string) {
  const api = stubApi({ ...baseRoutes(), 'POST /booking/holds': held });
  const rendered = renderRoutes(bookingRoutes, path, { locale: 'es' });
  return { ...rendered, api, user: userEvent.setup({ delay: null }) };
}

describe('booking page in Spanish (issue 43)', () => {
  it('walks purpose → property → calendar in Spanish, with es-US names and the Spanish hold notice', async () => {
    const { user } = renderSpanish(AGENT_PAGE);

    // Purpose.
    expect(await screen.findByRole('heading', { name: '¿Qué desea reservar?' })).toBeInTheDocument();
    expect(screen.getByText('Elija el motivo de su cita.')).toBeInTheDocument();
    expect(screen.getByText('Agente inmobiliario')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar a la fecha' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Seleccione el motivo de la reserva');
    await user.click(screen.getByRole('radio', { name: 'Visita a la propiedad' }));
    await user.click(screen.getByRole('button', { name: 'Continuar a la propiedad' }));

    // Property.
    expect(await screen.findByRole('heading', { name: 'Seleccione una propiedad' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Propiedades' });
    expect(within(list).getByText('3 habitaciones · 2 baños')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /12 Main St/ }));

    // Calendar: Spanish heading, month title, weekday headers and day names (es-US, through Intl).
    expect(await screen.findByRole('heading', { name: 'Seleccione fecha y hora' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Todas las horas se muestran en hora oriental \(New York\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'marzo de 2031' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'DOM',
      'LUN',
      'MAR',
      'MIÉ',
      'JUE',
      'VIE',
      'SÁB',
    ]);
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'martes, 4 de marzo de 2031' }));
    expect(await screen.findByRole('heading', { name: 'martes, 4 de marzo' })).toBeInTheDocument();
    const times = await screen.findByRole('list', { name: 'Horarios disponibles' });
    await user.click(within(times).getByRole('button', { name: '2:00 p.m.' }));
    expect(await screen.findByText('Seleccionada: 2:00 p.m.')).toBeInTheDocument();
    expect(screen.getByText('Hora seleccionada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar a sus datos' }));

    // Details: the held time, in Spanish.
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent(
      /^Le guardamos este horario \(2:00 p\.m\. hora oriental \(New York\)\) durante 5:00 mientras completa el formulario\.$/,
    );
    expect(screen.queryByText(/holding/)).toBeNull();
  });

  it('the time step: Spanish heading, the date in es-US and the times in Spanish', async () => {
    renderSpanish(`${AGENT_PAGE}?step=time&purpose=property_viewing&property=42&date=${TOMORROW}`);
    expect(await screen.findByRole('heading', { name: 'Seleccione una hora' })).toBeInTheDocument();
    expect(screen.getByText('martes, 4 de marzo de 2031')).toBeInTheDocument();
    const times = await screen.findByRole('list', { name: 'Horarios disponibles' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['9:00 a.m.', '10:00 a.m.', '2:00 p.m.']);
    expect(screen.getByRole('button', { name: 'Atrás' })).toBeInTheDocument();
  });

  it('a booking link that does not exist says so in Spanish', async () => {
    stubApi({ 'GET /booking/links/nope': () => json(404, { error: 'Not found', code: 'LINK_NOT_FOUND' }) });
    renderRoutes(bookingRoutes, '/booking/nope', { locale: 'es' });
    expect(
      await screen.findByRole('heading', { name: 'Enlace de reserva no encontrado' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Este enlace de reserva no existe o ya no está activo. Pídale uno nuevo al agente.'),
    ).toBeInTheDocument();
  });

  it('the footer’s "Español" re-renders the flow in Spanish in place, and "English" switches back', async () => {
    stubApi(baseRoutes());
    renderRoutes(bookingRoutes, AGENT_PAGE);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Property Viewing' }));

    const [spanish] = screen.getAllByRole('button', { name: 'Español' });
    await user.click(spanish!);
    expect(await screen.findByRole('heading', { name: '¿Qué desea reservar?' })).toBeInTheDocument();
    // The choice made in English stays chosen; the button and the panel speak Spanish.
    expect(screen.getByRole('radio', { name: 'Visita a la propiedad' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continuar a la propiedad' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sobre esta reserva' })).toBeInTheDocument();
    expect(screen.queryByText('What would you like to book?')).toBeNull();
    expect(document.documentElement.lang).toBe('es');

    const [english] = screen.getAllByRole('button', { name: 'English' });
    await user.click(english!);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument(),
    );
  });
});
