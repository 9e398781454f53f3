// Issue 43: the buyer's "Your data" page in Spanish — headings, labels and stored codes in words, dates and
// times by Intl in es-US on the agent's clock, money in es-US, the deletion request in Spanish; what the buyer or
// the agent wrote shown as written; no English label left.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { YourData } from '@keyturn/domain/schemas/privacy';
import { loadLocale } from '@/lib/i18n';
import { json, renderAt, stubApi } from '@/test/utils';
import { YourDataPage } from './your-data-page';

beforeAll(() => loadLocale('es'));

const TOKEN = 'v1.agent.bW9yZ2Fu.sig';

const data: YourData = {
  email: 'morgan@buyers.test',
  agent: { name: 'Jamie Agent', company: null, time_zone: 'America/New_York' },
  generated_at: '2026-03-03T16:30:00.000Z',
  bookings: [
    {
      id: 'b-1',
      property: '7 Privacy Lane, Springfield, IL 62701',
      starts_at: '2026-03-03T15:00:00.000Z',
      ends_at: '2026-03-03T15:30:00.000Z',
      time_zone: 'America/New_York',
      status: 'confirmed',
      name: 'Morgan Privacyson',
      email: 'morgan@buyers.test',
      phone: '+1 646 555 0177',
      notes: 'We have a dog',
      buyer_type: 'first_time_buyer',
      budget_min: 300000,
      budget_max: 400000,
      income_range: '50000-75000',
      purpose: 'property_viewing',
      cancel_reason: null,
      reschedule_reason: null,
    },
  ],
  feedback: [
    {
      booking_id: 'b-1',
      property: null,
      given_at: '2026-03-03T16:00:00.000Z',
      rating: 4,
      interest_level: 'very_interested',
      price_opinion: 'good_value',
      liked: 'The garden',
      disliked: null,
      comments: null,
      second_showing: true,
    },
  ],
  messages: [
    {
      at: '2026-03-03T16:10:00.000Z',
      direction: 'to_you',
      channel: 'sms',
      kind: 'reminder',
      subject: null,
      body: 'See you at 10',
    },
  ],
  consents: [
    {
      at: '2026-03-02T15:00:00.000Z',
      event: 'opt_out',
      phone: '+16465550177',
      wording_version: 'v1',
      page: null,
      ip: null,
    },
  ],
  lead: {
    class: 'hot',
    outcome: 'offer_made',
    notes: [{ at: '2026-03-04T15:00:00.000Z', body: 'Wants a garden' }],
  },
  waitlist: [
    {
      property: null,
      date: '2026-03-10',
      part: 'morning',
      status: 'waiting',
      joined_at: '2026-03-01T12:00:00.000Z',
      name: 'Morgan',
      phone: '+16465550177',
    },
  ],
  document_requests: [],
  request: null,
};

function render(routes: Parameters<typeof stubApi>[0], token: string | null = TOKEN) {
  const api = stubApi(routes);
  renderAt(<YourDataPage />, {
    path: token ? `/your-data?token=${encodeURIComponent(token)}` : '/your-data',
    routePath: '/your-data',
    locale: 'es',
  });
  return { api, user: userEvent.setup({ delay: null }) };
}

/** A labelled value of a section's list (a <dt> and its <dd>). */
const valueOf = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('YourDataPage in Spanish', () => {
  it('shows what the agent holds in Spanish, dates and money in es-US, the buyer’s words as written', async () => {
    render({ 'GET /your-data': () => json(200, { success: true, data }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sus datos' })).toBeInTheDocument();
    expect(document.title).toBe('Sus datos · Keyturn');
    expect(
      await screen.findByText(
        'Jamie Agent usa Keyturn para programar visitas. Esto es todo lo que Jamie Agent guarda sobre usted en Keyturn.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Para morgan@buyers.test')).toBeInTheDocument();

    const showings = screen.getByRole('region', { name: 'Visitas' });
    expect(
      within(showings).getByText('3 de marzo de 2026 a las 10:00 a.m., hora oriental (New York)'),
    ).toBeInTheDocument();
    expect(valueOf(showings, 'Estado')).toBe('Confirmada');
    expect(valueOf(showings, 'Tipo de comprador')).toBe('Comprador de primera vivienda');
    expect(valueOf(showings, 'Motivo')).toBe('Visita a la propiedad');
    expect(valueOf(showings, 'Presupuesto')).toBe('$300,000 – $400,000');
    expect(valueOf(showings, 'Rango de ingresos')).toBe('$50,000 - $75,000');
    expect(valueOf(showings, 'Sus notas')).toBe('We have a dog');

    const feedback = screen.getByRole('region', { name: 'Comentarios' });
    expect(within(feedback).getByText('3 de marzo de 2026')).toBeInTheDocument();
    expect(valueOf(feedback, 'Interés')).toBe('mucho');
    expect(valueOf(feedback, 'Precio')).toBe('buena relación calidad-precio');
    expect(valueOf(feedback, 'Segunda visita')).toBe('Sí');
    expect(valueOf(feedback, 'Le gustó')).toBe('The garden');

    const messages = screen.getByRole('region', { name: 'Mensajes' });
    expect(
      within(messages).getByText(/^Para usted · Mensaje de texto · 3 de marzo de 2026 a las 11:10 a\.m\./),
    ).toBeInTheDocument();
    const consents = screen.getByRole('region', { name: 'Consentimientos para mensajes de texto' });
    expect(valueOf(consents, 'Qué')).toBe('baja');
    const lead = screen.getByRole('region', { name: 'Ficha de cliente potencial' });
    expect(valueOf(lead, 'Clasificación')).toBe('Caliente');
    expect(valueOf(lead, 'Resultado')).toBe('Oferta presentada');
    expect(within(lead).getByRole('heading', { name: 'Notas del agente sobre usted' })).toBeInTheDocument();
    expect(within(lead).getByText('4 de marzo de 2026:')).toBeInTheDocument();
    const waitlist = screen.getByRole('region', { name: 'Listas de espera' });
    expect(valueOf(waitlist, 'Momento del día')).toBe('mañana');
    expect(valueOf(waitlist, 'Estado')).toBe('en espera');
    expect(
      within(screen.getByRole('region', { name: 'Solicitudes de documentos' })).getByText(
        'No se guarda nada.',
      ),
    ).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Descargar en JSON' }).getAttribute('href')).toContain(
      'format=json',
    );
    expect(screen.getByRole('link', { name: 'Descargar en CSV' })).toBeInTheDocument();
    const page = document.body.textContent ?? '';
    for (const english of [
      'Showings',
      'Status',
      'Buyer type',
      'Confirmed',
      ' at 10:00 AM',
      'Download',
      'Nothing kept',
    ])
      expect(page).not.toContain(english);
  });

  it('asks for deletion in Spanish and answers with the date in Spanish', async () => {
    const { api, user } = render({
      'GET /your-data': () => json(200, { success: true, data }),
      'POST /your-data/deletion-request': () =>
        json(201, {
          success: true,
          data: {
            status: 'open',
            received_at: '2026-03-03T16:30:00.000Z',
            due_at: '2026-04-03T16:30:00.000Z',
            completed_at: null,
          },
        }),
    });
    expect(
      await screen.findByText(/^Puede pedir a Jamie Agent que elimine sus datos personales\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pedir que eliminen mis datos' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: '¿Pedir que eliminen sus datos personales?' }),
    );
    expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Sí, pedir la eliminación' }));
    expect(
      await screen.findByText(
        'Jamie Agent tiene su solicitud y eliminará sus datos personales a más tardar el 3 de abril de 2026.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(api.callsTo('POST', '/your-data/deletion-request')).toHaveLength(1);
  });

  it('says in Spanish that a link we did not sign is not valid', async () => {
    render({ 'GET /your-data': () => json(404, { error: 'No encontrado', code: 'NOT_FOUND' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este enlace no es válido. Vuelva a abrir el enlace “Sus datos” desde uno de sus correos electrónicos.',
    );
  });
});
