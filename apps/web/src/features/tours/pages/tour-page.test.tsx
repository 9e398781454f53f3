import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { loadLocale } from '@/lib/i18n';
import { json, renderAt, stubApi } from '@/test/utils';
import { TourPage } from './tour-page';

const tour = {
  agent: {
    name: 'Dana Agent',
    company_name: 'Keyturn Realty',
    phone: '+1 512 555 0100',
    primary_color: '#0F766E',
    on_primary_color: '#ffffff',
    logo_url: null,
  },
  date: '2030-01-08',
  time_zone: 'America/Chicago',
  stops: [
    {
      property_id: 1,
      address: '1 Elm St',
      city: 'Austin',
      starts_at: '2030-01-08T16:00:00.000Z',
      ends_at: '2030-01-08T16:30:00.000Z',
    },
    {
      property_id: 2,
      address: '12 Oak St',
      city: 'Austin',
      starts_at: '2030-01-08T17:30:00.000Z',
      ends_at: '2030-01-08T18:00:00.000Z',
    },
  ],
  buyer: { name: 'Tori Tour', email: 'tour@example.com', phone: '+1 646 555 0199' },
  booked: false,
};

describe('the buyer tour page (issue 16)', () => {
  it("shows the stops at the server's instants in the agent's zone, prefilled; a taken stop books nothing and is named", async () => {
    const taken = ROUTE_MESSAGES.tourStopTaken('12 Oak St', '11:30 am');
    let first = true;
    const api = stubApi({
      'GET /tour/tok': () => json(200, { success: true, data: tour }),
      'POST /tour/tok/book': () => {
        if (first) {
          first = false;
          return json(409, { error: taken, code: 'TOUR_STOP_TAKEN', fields: { 'stops.1': taken } });
        }
        return json(201, { success: true, data: { booking_ids: ['a', 'b'], manage_urls: [] } });
      },
    });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token' });
    const stops = await screen.findByRole('list', { name: 'Tour stops' });
    // 16:00 UTC is 10:00 am in Chicago (CST).
    expect(
      within(stops)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. 10:00 AM1 Elm St, Austin', '2. 11:30 AM12 Oak St, Austin']);
    expect(screen.getByLabelText('Full name')).toHaveValue('Tori Tour');
    await userEvent.selectOptions(screen.getByLabelText('Buyer type'), 'investor');
    await userEvent.click(screen.getByRole('button', { name: 'Book all 2 showings' }));
    expect(await screen.findByText(`${taken} Dana Agent: +1 512 555 0100.`)).toBeTruthy();
    expect(within(stops).getAllByRole('listitem')[1]!.textContent).toContain('No longer free');
    await userEvent.click(screen.getByRole('button', { name: 'Book all 2 showings' }));
    expect(await screen.findByRole('heading', { name: 'Your tour is booked' })).toBeTruthy();
    expect(api.callsTo('POST', '/tour/tok/book')[1]!.body).toMatchObject({
      client_name: 'Tori Tour',
      client_email: 'tour@example.com',
      buyer_type: 'investor',
    });
  });

  it("a stop the agent can no longer drive to in time (TOUR_STOP_UNREACHABLE) is named like a taken one, with the agent's phone", async () => {
    const unreachable = ROUTE_MESSAGES.tourStopUnreachable('1 Elm St', '10:00 am');
    stubApi({
      'GET /tour/tok': () => json(200, { success: true, data: tour }),
      'POST /tour/tok/book': () =>
        json(409, { error: unreachable, code: 'TOUR_STOP_UNREACHABLE', fields: { 'stops.0': unreachable } }),
    });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token' });
    const stops = await screen.findByRole('list', { name: 'Tour stops' });
    await userEvent.selectOptions(screen.getByLabelText('Buyer type'), 'investor');
    await userEvent.click(screen.getByRole('button', { name: 'Book all 2 showings' }));
    expect(await screen.findByText(`${unreachable} Dana Agent: +1 512 555 0100.`)).toBeTruthy();
    expect(within(stops).getAllByRole('listitem')[0]!.textContent).toContain('No longer free');
  });

  it('names the day of the tour, not only its times (the journeys walk, issue 29)', async () => {
    stubApi({ 'GET /tour/tok': () => json(200, { success: true, data: tour }) });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token' });
    await screen.findByRole('list', { name: 'Tour stops' });
    expect(
      screen.getByText(/^Tuesday, January 8, 2030, with Dana Agent, Keyturn Realty\./),
    ).toBeInTheDocument();
  });

  it("is the agent's page (issue 29): their name heads it, their colour on the page and its button", async () => {
    stubApi({ 'GET /tour/tok': () => json(200, { success: true, data: tour }) });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token' });
    const button = await screen.findByRole('button', { name: 'Book all 2 showings' });
    const main = screen.getByRole('main');
    expect(within(main).getByText('Keyturn Realty')).toBeInTheDocument();
    expect(main.parentElement?.style.getPropertyValue('--kt-primary')).toBe('#0F766E');
    expect(button.className).toContain('bg-[var(--kt-primary');
    expect(button.className).not.toContain('bg-blue-600');
  });
});

describe('the buyer tour page holds every stop while the buyer fills in their details (issue 44)', () => {
  const NOW = new Date('2030-01-07T15:00:00Z');
  const hold = { expires_at: new Date(NOW.getTime() + 5 * 60_000).toISOString(), minutes: 5 };
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    window.sessionStorage.clear();
  });

  it('holds once when the buyer starts on the form, counts down every stop, and books', async () => {
    const api = stubApi({
      'GET /tour/tok': () => json(200, { success: true, data: tour }),
      'POST /tour/tok/holds': () => json(201, { success: true, hold }),
      'POST /tour/tok/book': () =>
        json(201, { success: true, data: { booking_ids: ['a', 'b'], manage_urls: [] } }),
    });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token' });
    await screen.findByRole('list', { name: 'Tour stops' });
    // Reading the stops holds nothing; starting on the details does.
    expect(api.callsTo('POST', '/tour/tok/holds')).toHaveLength(0);
    await userEvent.click(screen.getByLabelText('Full name'));
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent(
      'We’re holding 10:00 AM and 11:30 AM for you for 5:00 while you fill this in.',
    );
    await userEvent.selectOptions(screen.getByLabelText('Buyer type'), 'investor');
    expect(api.callsTo('POST', '/tour/tok/holds')).toHaveLength(1);
    // Four minutes on, the clock says what is left and a screen reader hears the last minute once.
    vi.setSystemTime(new Date(NOW.getTime() + 4 * 60_000 + 1_000));
    await waitFor(() => expect(screen.getByTestId('hold-notice')).toHaveTextContent('for 0:59'), {
      timeout: 3_000,
    });
    expect(within(screen.getByTestId('hold-notice')).getByRole('status')).toHaveTextContent(
      HOLD_TEXTS.lastMinute,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Book all 2 showings' }));
    expect(await screen.findByRole('heading', { name: 'Your tour is booked' })).toBeTruthy();
    expect(window.sessionStorage.getItem('keyturn.tour.hold:tok')).toBeNull();
  });

  it('a reload keeps the hold it made: the countdown, and no second hold', async () => {
    window.sessionStorage.setItem('keyturn.tour.hold:tok', JSON.stringify(hold));
    const api = stubApi({ 'GET /tour/tok': () => json(200, { success: true, data: tour }) });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token' });
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent('for 5:00');
    await userEvent.click(screen.getByLabelText('Full name'));
    expect(api.callsTo('POST', '/tour/tok/holds')).toHaveLength(0);
  });

  it('a reload after the hold ended shows no countdown, and starting on the form holds again', async () => {
    window.sessionStorage.setItem(
      'keyturn.tour.hold:tok',
      JSON.stringify({ ...hold, expires_at: new Date(NOW.getTime() - 1_000).toISOString() }),
    );
    const api = stubApi({
      'GET /tour/tok': () => json(200, { success: true, data: tour }),
      'POST /tour/tok/holds': () => json(201, { success: true, hold }),
    });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token' });
    await screen.findByRole('list', { name: 'Tour stops' });
    expect(screen.queryByTestId('hold-notice')).toBeNull();
    await userEvent.click(screen.getByLabelText('Full name'));
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent('for 5:00');
    expect(api.callsTo('POST', '/tour/tok/holds')).toHaveLength(1);
  });

  it('a stop another buyer holds or booked: named, with the agent to call, before the buyer books', async () => {
    const taken = ROUTE_MESSAGES.tourStopTaken('12 Oak St', '11:30 am');
    stubApi({
      'GET /tour/tok': () => json(200, { success: true, data: tour }),
      'POST /tour/tok/holds': () =>
        json(409, { error: taken, code: 'TOUR_STOP_TAKEN', fields: { 'stops.1': taken } }),
    });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token' });
    const stops = await screen.findByRole('list', { name: 'Tour stops' });
    await userEvent.click(screen.getByLabelText('Full name'));
    expect(await screen.findByText(`${taken} Dana Agent: +1 512 555 0100.`)).toBeTruthy();
    expect(within(stops).getAllByRole('listitem')[1]!.textContent).toContain('No longer free');
    expect(screen.queryByTestId('hold-notice')).toBeNull();
  });
});

describe('the buyer tour page in Spanish (issue 43)', () => {
  beforeAll(() => loadLocale('es'));
  afterEach(() => window.sessionStorage.clear());

  it('the day, the stops’ times and the zone in es-US, the form in Spanish; books every stop', async () => {
    const hold = { expires_at: new Date(Date.now() + 5 * 60_000).toISOString(), minutes: 5 };
    const api = stubApi({
      'GET /tour/tok': () => json(200, { success: true, data: tour }),
      'POST /tour/tok/holds': () => json(201, { success: true, hold }),
      'POST /tour/tok/book': () =>
        json(201, { success: true, data: { booking_ids: ['a', 'b'], manage_urls: [] } }),
    });
    renderAt(<TourPage />, { path: '/tour/tok', routePath: '/tour/:token', locale: 'es' });
    const stops = await screen.findByRole('list', { name: 'Paradas del recorrido' });
    expect(
      within(stops)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. 10:00 a.m.1 Elm St, Austin', '2. 11:30 a.m.12 Oak St, Austin']);
    expect(screen.getByRole('heading', { name: 'Su recorrido por propiedades' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'martes, 8 de enero de 2030, con Dana Agent, Keyturn Realty. Horarios en hora central (Chicago).',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Nombre completo'));
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent(/10:00 a\.m\. y 11:30 a\.m\./);
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('tour@example.com');
    expect(screen.getByRole('option', { name: 'Inversionista' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Tipo de comprador'), 'investor');
    await userEvent.click(screen.getByRole('button', { name: 'Reservar las 2 visitas' }));
    expect(await screen.findByRole('heading', { name: 'Su recorrido está reservado' })).toBeTruthy();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Todas las visitas de su recorrido están reservadas. Le enviamos las confirmaciones por correo electrónico.',
    );
    expect(api.callsTo('POST', '/tour/tok/book')[0]!.body).toMatchObject({ buyer_type: 'investor' });
  });
});
