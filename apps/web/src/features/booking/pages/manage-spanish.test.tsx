// Issue 43: the buyer's pages after booking in Spanish — the manage page (status, the date in es-US, the cancel
// dialog), the cancelled page, a proposed time (accept / keep), the waiting-list link, and the showing's
// conversation speaking the page's language on a buyer page while the dashboard's stays English.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Thread } from '@keyturn/domain/listing/threads';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import type { PublicProposal } from '@keyturn/domain/schemas/timeProposals';
import type { WaitlistLink } from '@keyturn/domain/schemas/timeWaitlist';
import { ThreadPanel } from '@/components/thread/thread-panel';
import { accountThread, manageThread } from '@/components/thread/sources';
import { loadLocale } from '@/lib/i18n';
import { json, renderAt, renderRoutes, stubApi } from '@/test/utils';
import { bookingRoutes, managed } from '../test-fixtures';
import { TimeProposalPage } from './time-proposal-page';
import { WaitlistPage } from './waitlist-page';

beforeAll(async () => {
  await loadLocale('es');
});

const user = () => userEvent.setup({ delay: null });
const manageAnswer = (booking: ManagedBooking) => () => json(200, { success: true, booking });

describe('the manage page in Spanish', () => {
  it('says the status, the date in es-US, the actions and the contact in Spanish; the cancel dialog too', async () => {
    stubApi({ 'GET /booking/manage': manageAnswer(managed()) });
    renderRoutes(bookingRoutes, '/booking/manage?token=mt-1', { locale: 'es' });
    expect(await screen.findByText('Confirmada')).toBeInTheDocument();
    expect(screen.getByText('Estado:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Gestione su reserva' })).toBeInTheDocument();
    const facts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(facts).toContain('martes, 4 de marzo de 2031');
    expect(screen.getByText('Fecha')).toBeInTheDocument();
    expect(screen.getByText(/¿Tiene preguntas\? Comuníquese con Dana Scully/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cambiar fecha u hora' })).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Cancelar la reserva' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar esta reserva?' });
    expect(
      within(dialog).getByText(
        /^Su cita del martes, 4 de marzo de 2031 a las 2:00 p\.\s?m\. se cancelará y el horario quedará libre/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Motivo (opcional)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Conservar la reserva' })).toBeInTheDocument();
    expect(screen.queryByText('Cancel this booking?')).toBeNull();
  });

  it('a pending request waits for the seller, and the cut-off is said, in Spanish', async () => {
    stubApi({
      'GET /booking/manage': manageAnswer(
        managed({
          status: 'pending',
          awaiting: 'seller',
          can_cancel: false,
          can_reschedule: false,
          changes_closed: { hours: 24, closed_at: '2031-03-03T19:00:00.000Z' },
        } as Partial<ManagedBooking>),
      ),
    });
    renderRoutes(bookingRoutes, '/booking/manage?token=mt-1', { locale: 'es' });
    expect(await screen.findByText('Pendiente')).toBeInTheDocument();
    expect(screen.getByText(/Esperando la confirmación del vendedor/)).toBeInTheDocument();
    expect(screen.getByText(/solo acepta cambios en una visita hasta 24 horas antes/)).toBeInTheDocument();
  });

  it('the cancelled page speaks Spanish with the booking it cancelled', async () => {
    stubApi({ 'GET /booking/manage': manageAnswer(managed({ status: 'cancelled' })) });
    renderRoutes(bookingRoutes, '/booking/cancelled?token=mt-2', { locale: 'es' });
    expect(await screen.findByText(/Esta cita está cancelada y su horario quedó libre/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reserva cancelada' })).toBeInTheDocument();
    expect(screen.getByText(/Gracias por avisarle a Dana Scully/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reservar un nuevo horario' })).toBeInTheDocument();
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toContain(
      'martes, 4 de marzo de 2031',
    );
  });
});

const proposal = (overrides: Partial<PublicProposal> = {}): PublicProposal => ({
  status: 'proposed',
  from_starts_at: '2031-03-04T19:00:00.000Z',
  starts_at: '2031-03-04T20:30:00.000Z',
  ends_at: '2031-03-04T21:00:00.000Z',
  time_zone: 'America/New_York',
  booking: managed({ status: 'pending' }),
  manage_token: 'mt-1',
  proposed_by: 'agent',
  ...overrides,
});

describe('the time proposal page in Spanish', () => {
  const render = () =>
    renderAt(<TimeProposalPage />, {
      path: '/booking/proposal?token=pt-1',
      routePath: '/booking/proposal',
      locale: 'es',
    });

  it('accepting: the Spanish buttons, the date in es-US, and the outcome in Spanish', async () => {
    const api = stubApi({
      'GET /booking/proposal': () => json(200, { success: true, data: proposal() }),
      'POST /booking/proposal/accept': () =>
        json(200, { success: true, data: proposal({ status: 'accepted' }) }),
    });
    render();
    expect(await screen.findByText(/Dana Scully está organizando las visitas del día/)).toBeInTheDocument();
    expect(screen.getByText('Horario propuesto')).toBeInTheDocument();
    expect(screen.getAllByText(/^martes, 4 de marzo de 2031, /)).toHaveLength(2);
    await user().click(screen.getByRole('button', { name: 'Aceptar el nuevo horario' }));
    expect(await screen.findByText(/Listo: su visita se cambió al nuevo horario/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking/proposal/accept')).toHaveLength(1);
  });

  it('keeping (declining the new time) says so in Spanish', async () => {
    const api = stubApi({
      'GET /booking/proposal': () => json(200, { success: true, data: proposal() }),
      'POST /booking/proposal/keep': () => json(200, { success: true, data: proposal({ status: 'kept' }) }),
    });
    render();
    await user().click(await screen.findByRole('button', { name: 'Conservar mi horario' }));
    expect(await screen.findByText(/Usted conservó su horario/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking/proposal/keep')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Ver su reserva' })).toBeInTheDocument();
  });
});

describe('the waiting-list page in Spanish', () => {
  const link = (overrides: Partial<WaitlistLink> = {}): WaitlistLink => ({
    status: 'waiting',
    date: '2031-03-04',
    part: 'afternoon',
    place: 2,
    time_zone: 'America/New_York',
    property: { address: '12 Main St', city: 'Springfield', state: 'IL', zip_code: '62701' },
    agent: { name: 'Dana Scully', company: 'Scully Homes' },
    offer: null,
    booking: null,
    ...overrides,
  });

  it('the place in line, the date and part of the day; leaving says so', async () => {
    stubApi({
      'GET /booking/waitlist/wt-1': () => json(200, { success: true, data: link() }),
      'DELETE /booking/waitlist/wt-1': () =>
        json(200, { success: true, data: link({ status: 'left', place: null }) }),
    });
    renderAt(<WaitlistPage />, {
      path: '/booking/waitlist?token=wt-1',
      routePath: '/booking/waitlist',
      locale: 'es',
    });
    expect(await screen.findByText(/Usted tiene el número 2 en la fila/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Su lugar en la lista de espera' }),
    ).toBeInTheDocument();
    const facts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(facts).toEqual(
      expect.arrayContaining(['martes, 4 de marzo de 2031', 'Tarde (de 12 p. m. a 5 p. m.)']),
    );
    await user().click(screen.getByRole('button', { name: 'Salir de la lista de espera' }));
    expect(await screen.findByText(/Usted salió de la lista de espera/)).toBeInTheDocument();
  });

  it('a time held for the buyer is said in Spanish with the time on the property’s clock', async () => {
    stubApi({
      'GET /booking/waitlist/wt-1': () =>
        json(200, {
          success: true,
          data: link({
            status: 'offered',
            place: 1,
            offer: { starts_at: '2031-03-04T19:00:00.000Z', expires_at: '2099-03-03T15:15:00.000Z' },
          }),
        }),
    });
    renderAt(<WaitlistPage />, {
      path: '/booking/waitlist?token=wt-1',
      routePath: '/booking/waitlist',
      locale: 'es',
    });
    expect(await screen.findByText('Se liberó un horario para usted')).toBeInTheDocument();
    expect(
      screen.getByText(/^Le guardamos el horario de las 2:00 p\.\s?m\. EST hasta las /),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reservar este horario' })).toBeInTheDocument();
  });
});

describe('the conversation panel', () => {
  const thread = (overrides: Partial<Thread> = {}): Thread => ({
    booking_id: 'b-1',
    time_zone: 'America/New_York',
    viewer_role: 'buyer',
    can_write: true,
    can_post_status: false,
    messages: [
      {
        id: 'm-1',
        author_role: 'agent',
        author_name: 'Dana Scully',
        kind: 'message',
        status_code: null,
        body: 'See you there.',
        via: 'email',
        created_at: '2031-03-08T19:05:00.000Z',
      },
    ],
    ...overrides,
  });

  it('on the buyer’s manage page speaks Spanish, times in es-US; an empty message is refused in Spanish', async () => {
    stubApi({ 'GET /booking/manage/thread': () => json(200, { success: true, data: thread() }) });
    renderAt(<ThreadPanel source={manageThread('mt-1')} />, { locale: 'es' });
    expect(await screen.findByText(/^Horarios en hora \S+ \S+/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Conversación' })).toBeInTheDocument();
    expect(screen.queryByText(/Times in/)).toBeNull();
    expect(screen.getByText(/Agente de la propiedad/)).toBeInTheDocument();
    expect(screen.getByText(/por correo electrónico/)).toBeInTheDocument();
    expect(screen.getByText(/^8 mar, 2:05 p\.\s?m\. EST$/)).toHaveAttribute(
      'datetime',
      '2031-03-08T19:05:00.000Z',
    );
    await user().click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escriba un mensaje');
    expect(screen.getByLabelText('Su mensaje')).toBeInTheDocument();
  });

  it('on the dashboard (English locale) stays English', async () => {
    stubApi({
      'GET /bookings/b-1/thread': () => json(200, { success: true, data: thread({ viewer_role: 'agent' }) }),
    });
    renderAt(<ThreadPanel source={accountThread('booking', 'b-1')} />);
    expect(await screen.findByText(/Listing agent/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Conversation' })).toBeInTheDocument();
    expect(screen.getByText('Mar 8, 2:05 PM EST')).toBeInTheDocument();
    expect(screen.getByText('Times in Eastern Standard Time')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(screen.queryByText(/Conversación/)).toBeNull();
  });
});
