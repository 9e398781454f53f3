// Issue 43: the booking form, its field messages, the SMS consent, the confirmation, the waiting list's form and
// the submit payload in Spanish (the page's language), with the English catalogue still the English it was.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_SAYS, ASSISTANT_SAYS_ES } from '@keyturn/domain/assistant/texts';
import { BUYER_TYPE_LABELS, budgetRangeLabel } from '@keyturn/domain/enums';
import { MESSAGES } from '@keyturn/domain/messages';
import { PHONE_CHARACTERS_MESSAGE, PHONE_INVALID_MESSAGE } from '@keyturn/domain/phone';
import { WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import { SMS_CONSENT_LABEL, SMS_CONSENT_WORDING } from '@keyturn/domain/texts/consent';
import englishFields from '@keyturn/domain/i18n/en/fields.json';
import { loadLocale, translator } from '@/lib/i18n';
import { json, renderAt, renderRoutes, stubApi } from '@/test/utils';
import { DETAILS, FIELDS, smsConsentWording } from '../details-texts';
import { MANAGE } from '../manage-texts';
import {
  AGENT_ID,
  TOMORROW,
  baseRoutes,
  bookingAnswer,
  bookingRoutes,
  withBookingClock,
} from '../test-fixtures';
import { AssistantPanel } from './assistant-panel';
import { ConfirmationStep } from './confirmation-step';
import { WaitlistJoin } from './waitlist-join';

withBookingClock();

beforeAll(async () => {
  await loadLocale('es');
});

const es = () => translator(DETAILS, 'es');
const en = () => translator(DETAILS, 'en');

describe('the English catalogue is the English the pages showed', () => {
  it('keeps the consent wording, the buyer types, the money ranges and the domain texts letter for letter', () => {
    expect(smsConsentWording(en())).toBe(SMS_CONSENT_WORDING);
    expect(en()('smsLabel')).toBe(SMS_CONSENT_LABEL);
    expect(en()('typeFirst')).toBe(BUYER_TYPE_LABELS.first_time_buyer);
    expect(en()('typeInvestor')).toBe(BUYER_TYPE_LABELS.investor);
    expect(en()('typeOwner')).toBe(BUYER_TYPE_LABELS.home_owner);
    expect(en()('confirmedTitle')).toBe(MESSAGES.bookingConfirmedTitle);
    expect(en()('rescheduledTitle')).toBe(MESSAGES.bookingRescheduledTitle);
    expect(en()('requestSentTitle')).toBe(MESSAGES.bookingRequestSentTitle);
    expect(en()('submitFailed')).toBe(MESSAGES.bookingSubmitFailed);
    expect(en()('rescheduleFailed')).toBe(MESSAGES.rescheduleFailed);
    expect(en()('submitted')).toBe(MESSAGES.bookingSubmitted);
    expect(en()('rescheduledToast')).toBe(MESSAGES.bookingRescheduled);
    expect(en()('wlOffer')).toBe(WAITLIST_TEXTS.join.offerNoTimes);
    expect(en()('wlFailed')).toBe(WAITLIST_TEXTS.join.failed);
    expect(budgetRangeLabel('1000000+')).toBe('$1,000,000+');
  });

  it('keys every field message by its MESSAGES key, with the text the schemas produce', () => {
    const fields = translator(FIELDS, 'en');
    for (const key of Object.keys(englishFields) as (keyof typeof englishFields)[]) {
      if (key in MESSAGES) expect(fields(key), key).toBe(MESSAGES[key as keyof typeof MESSAGES]);
    }
    expect(fields('phoneCharacters')).toBe(PHONE_CHARACTERS_MESSAGE);
    expect(fields('phoneInvalid')).toBe(PHONE_INVALID_MESSAGE);
    expect(fields('waitlistConsentRequired')).toBe(WAITLIST_TEXTS.join.consentRequired);
  });

  it('the Spanish consent names the sender, the subject and STOP / AYUDA', () => {
    const wording = smsConsentWording(es());
    expect(wording).toMatch(/^Envíenme mensajes de texto sobre esta visita\. /);
    expect(wording).toContain('de mi agente a través de Keyturn');
    expect(wording).toContain('Responda STOP para dejar de recibirlos');
    expect(wording).toContain('AYUDA');
  });
});

const DETAILS_PATH =
  `/dana/12-main-st/42/book?step=details&date=${TOMORROW}&time=14:00&at=` +
  encodeURIComponent(`${TOMORROW}T14:00:00-05:00`);

function renderSpanishDetails() {
  const api = stubApi({
    ...baseRoutes(),
    [`GET /booking/texts/${AGENT_ID}`]: () => json(200, { success: true, data: { offered: true } }),
  });
  renderRoutes(bookingRoutes, DETAILS_PATH, { locale: 'es' });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('the details step in Spanish', () => {
  it('labels the form in Spanish, says a field error in Spanish and offers the consent in Spanish', async () => {
    const { api, user } = renderSpanishDetails();
    expect(await screen.findByRole('heading', { name: 'Introduzca sus datos' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre completo')).toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
    expect(screen.getByLabelText('Teléfono')).toBeInTheDocument();
    const type = screen.getByLabelText('Tipo de comprador');
    expect(within(type).getByRole('option', { name: 'Inversionista' })).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Rango de presupuesto')).getByRole('option', { name: '$1,000,000 o más' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Notas adicionales')).toBeInTheDocument();
    // Offered once the agent's answer says they text buyers.
    const consent = await screen.findByRole('checkbox', {
      name: /^Envíenme mensajes de texto sobre esta visita\./,
    });
    expect(consent.closest('div')).toHaveTextContent('Responda STOP para dejar de recibirlos');
    expect(screen.queryByText(SMS_CONSENT_LABEL, { exact: false })).toBeNull();

    await user.type(screen.getByLabelText('Teléfono'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Confirmar la reserva' }));
    expect(await screen.findByText('El nombre completo es obligatorio')).toBeInTheDocument();
    expect(screen.getByText(translator(FIELDS, 'es')('phoneCharacters'))).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.fullNameRequired)).toBeNull();
    expect(api.callsTo('POST', '/booking')).toHaveLength(0);
  });

  it('sends the booking with locale es and confirms it in Spanish', async () => {
    const { api, user } = renderSpanishDetails();
    await user.type(await screen.findByLabelText('Nombre completo'), 'Fox Mulder');
    await user.type(screen.getByLabelText('Correo electrónico'), 'fox@example.com');
    await user.type(screen.getByLabelText('Teléfono'), '+1 555 010 0199');
    await user.selectOptions(screen.getByLabelText('Tipo de comprador'), 'investor');
    await user.click(screen.getByRole('button', { name: 'Confirmar la reserva' }));

    expect(await screen.findByRole('heading', { name: '¡Reserva confirmada!' })).toBeInTheDocument();
    const [post] = api.callsTo('POST', '/booking');
    expect(post?.body).toMatchObject({ client_name: 'Fox Mulder', buyer_type: 'investor', locale: 'es' });
    expect(await screen.findByText('¡Solicitud de reserva enviada correctamente!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: translator(MANAGE, 'es')('title') })).toBeInTheDocument();
  });
});

describe('the confirmation step in Spanish', () => {
  it('says the request, who decides, the calendar links and the arrival in Spanish', async () => {
    const booking = bookingAnswer({ status: 'pending', awaiting: 'seller' });
    renderAt(
      <ConfirmationStep
        booking={booking}
        rescheduled={false}
        agentName="Dana Scully"
        property={null}
        purpose="Property Viewing"
        summary={[{ label: 'Fecha', value: 'martes, 4 de marzo de 2031' }]}
      />,
      { locale: 'es' },
    );
    expect(screen.getByRole('heading', { name: 'Solicitud enviada' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Esperando la confirmación del vendedor\. Este horario es una solicitud/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /Recibirá un correo electrónico con todos los detalles cuando el vendedor confirme\. Por favor, llegue 5 minutos antes\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Agregar al calendario' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Descargar el archivo \.ics/ })).toBeInTheDocument();
    const google = screen.getByRole('link', { name: /^Google Calendar\s*\(se abre en una pestaña nueva\)$/ });
    expect(new URL(google.getAttribute('href') ?? '').searchParams.get('details')).toBe(
      `Property Viewing with Dana Scully. Gestione su reserva: ${booking.manage_url}`,
    );
    expect(screen.getByText('¿Necesita cambiar sus planes?')).toBeInTheDocument();
  });
});

describe('the waiting list form in Spanish', () => {
  it('writes the date in es-US and the part of the day in Spanish', async () => {
    stubApi({
      [`GET /booking/texts/${AGENT_ID}`]: () => json(200, { success: true, data: { offered: false } }),
    });
    renderAt(<WaitlistJoin agentId={AGENT_ID} propertyId={42} date={TOMORROW} onCancel={() => {}} />, {
      locale: 'es',
    });
    expect(
      screen.getByRole('heading', { name: 'Unirse a la lista de espera del martes, 4 de marzo de 2031' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: translator(MANAGE, 'es')('partAny') })).toBeChecked();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Unirse a la lista de espera' }));
    await waitFor(() =>
      expect(
        screen.getByText('Acepte que le contactemos para poder avisarle cuando se libere un horario'),
      ).toBeInTheDocument(),
    );
  });
});

describe('the booking assistant in the page’s language', () => {
  // jsdom has no element scrolling; the panel scrolls its log to the newest message.
  const hadScrollTo = 'scrollTo' in Element.prototype;
  beforeAll(() => {
    if (!hadScrollTo) Element.prototype.scrollTo = () => undefined;
  });
  afterAll(() => {
    if (!hadScrollTo) delete (Element.prototype as { scrollTo?: unknown }).scrollTo;
  });

  /** Opens the panel on a page in `locale`; the stub answers the start with `greeting`. */
  async function startOnPage(locale: 'en' | 'es', greeting: string) {
    const api = stubApi({
      'POST /assistant/conversations': () =>
        json(201, {
          conversation_id: 'c-1',
          messages: [{ role: 'assistant', text: greeting, at: '2031-03-03T15:00:00.000Z' }],
          proposals: [],
          booking: null,
          form_url: null,
        }),
    });
    renderAt(<AssistantPanel agentId={AGENT_ID} propertyId={42} brand={{}} onClose={() => {}} />, { locale });
    await waitFor(() => expect(screen.getByRole('log')).toHaveTextContent(greeting));
    const starts = api.callsTo('POST', '/assistant/conversations');
    expect(starts).toHaveLength(1);
    return starts[0]!.body;
  }

  it('a Spanish page starts the conversation with locale es and shows the Spanish greeting', async () => {
    const greeting = ASSISTANT_SAYS_ES.greeting('Dana Scully', '12 Main St, Springfield');
    expect(await startOnPage('es', greeting)).toMatchObject({
      agent_id: AGENT_ID,
      property_id: 42,
      locale: 'es',
    });
  });

  it('an English page starts it with locale en', async () => {
    const greeting = ASSISTANT_SAYS.greeting('Dana Scully', '12 Main St, Springfield');
    expect(await startOnPage('en', greeting)).toMatchObject({ agent_id: AGENT_ID, locale: 'en' });
  });
});
