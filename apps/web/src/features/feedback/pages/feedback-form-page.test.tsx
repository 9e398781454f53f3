import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES, type PublicFeedbackView } from '@keyturn/domain/schemas/feedback';
import { loadLocale } from '@/lib/i18n';
import { json, renderAt, stubApi } from '@/test/utils';
import type { RecordedCall } from '@/test/utils';
import { FeedbackFormPage } from './feedback-form-page';

function view(overrides: Partial<PublicFeedbackView> = {}): PublicFeedbackView {
  return {
    success: true,
    showing: {
      booking_date: '2031-03-04',
      booking_time: '14:00',
      time_zone: 'America/New_York',
      starts_at: '2031-03-04T19:00:00.000Z',
      purpose: 'Property Viewing',
      property: { address: '12 Main St', city: 'Springfield', state: 'IL' },
    },
    agent: {
      name: 'Dana Scully',
      companyName: 'Scully Homes',
      logoUrl: null,
      profilePictureUrl: null,
      primaryColor: '#0F766E',
      onPrimaryColor: '#ffffff',
    },
    questions: { ask_price_opinion: true, ask_second_showing: true },
    feedback: null,
    submitted_at: null,
    open: true,
    book_again_path: '/dana/12-main-st/4f2a9c0e8b7d6a5f4e3d2c1b0a998877/book',
    ...overrides,
  };
}

function renderPage(routes: Record<string, (call: RecordedCall) => Response | Promise<Response>>) {
  const api = stubApi(routes);
  renderAt(<FeedbackFormPage />, { path: '/feedback/pub-1', routePath: '/feedback/:bookingId' });
  return { api, user: userEvent.setup({ delay: null }) };
}

const saved = (call: RecordedCall) => json(201, { success: true, created: true, feedback: call.body });

describe('feedback page (/feedback/:bookingId)', () => {
  it('names the showing, refuses an incomplete form with a message on each missing answer, and sends nothing', async () => {
    const { api, user } = renderPage({
      'GET /feedback/public/pub-1': () => json(200, view()),
      'PUT /feedback/public/pub-1': saved,
    });
    expect(await screen.findByRole('heading', { name: 'How was your visit?' })).toBeInTheDocument();
    expect(screen.getByText('12 Main St')).toBeInTheDocument();
    expect(screen.getByText(/Dana Scully \(Scully Homes\), Tuesday, March 4 at 2:00 PM/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText(FEEDBACK_MESSAGES.ratingRequired)).toBeInTheDocument();
    expect(screen.getByText(FEEDBACK_MESSAGES.interestRequired)).toBeInTheDocument();
    expect(screen.getByText(FEEDBACK_MESSAGES.priceRequired)).toBeInTheDocument();
    expect(screen.getByText(FEEDBACK_MESSAGES.secondShowingRequired)).toBeInTheDocument();
    const rating = screen.getByRole('group', { name: 'How would you rate the property?' });
    expect(rating).toHaveAttribute('aria-invalid', 'true');
    expect(rating).toHaveAccessibleDescription(FEEDBACK_MESSAGES.ratingRequired);
    expect(api.callsTo('PUT', '/feedback/public/pub-1')).toHaveLength(0);
  });

  it('rating is a radio group; a complete form is sent as the API answers and the thank-you state shows', async () => {
    const { api, user } = renderPage({
      'GET /feedback/public/pub-1': () => json(200, view()),
      'PUT /feedback/public/pub-1': saved,
    });
    const rating = await screen.findByRole('group', { name: 'How would you rate the property?' });
    const stars = within(rating).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    await user.click(within(rating).getByRole('radio', { name: '4 Very good' }));
    // Arrow keys move within the group, as in any radio group.
    await user.keyboard('{ArrowRight}');
    expect(within(rating).getByRole('radio', { name: '5 Excellent' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Very interested' }));
    await user.click(screen.getByRole('radio', { name: 'Good value' }));
    await user.click(screen.getByRole('radio', { name: 'Yes, I would like to see it again' }));
    await user.type(screen.getByLabelText('What did you like? (optional)'), 'The garden');
    await user.type(screen.getByLabelText('What did you not like? (optional)'), '  ');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeInTheDocument();
    // "I'd like to see it again" (issue 29): the thank-you offers the property's booking page.
    expect(screen.getByRole('link', { name: 'Book another showing' })).toHaveAttribute(
      'href',
      '/dana/12-main-st/4f2a9c0e8b7d6a5f4e3d2c1b0a998877/book',
    );
    expect(api.callsTo('PUT', '/feedback/public/pub-1')[0]?.body).toEqual({
      rating: 5,
      interest_level: 'very_interested',
      price_opinion: 'good_value',
      liked: 'The garden',
      disliked: null,
      second_showing: true,
      comments: null,
    });

    // Changing the answers sends them again (the server keeps one answer per booking).
    await user.click(screen.getByRole('button', { name: 'Change my answers' }));
    await user.click(screen.getByRole('radio', { name: '2 Fair' }));
    await user.click(screen.getByRole('button', { name: 'Update my feedback' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your feedback!' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/feedback/public/pub-1')[1]?.body).toMatchObject({ rating: 2 });
  });

  it('asks only the questions the agent asks, and opens with earlier answers', async () => {
    const { api, user } = renderPage({
      'GET /feedback/public/pub-1': () =>
        json(
          200,
          view({
            questions: { ask_price_opinion: false, ask_second_showing: false },
            feedback: {
              rating: 3,
              interest_level: 'not_interested',
              price_opinion: null,
              liked: null,
              disliked: 'Too small',
              second_showing: null,
              comments: null,
            },
          }),
        ),
      'PUT /feedback/public/pub-1': saved,
    });
    expect(await screen.findByText(/You already sent feedback/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'What do you think of the asking price?' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Would you like a second showing?' })).toBeNull();
    expect(screen.getByRole('radio', { name: '3 Good' })).toBeChecked();
    expect(screen.getByLabelText('What did you not like? (optional)')).toHaveValue('Too small');
    await user.click(screen.getByRole('button', { name: 'Update my feedback' }));
    await screen.findByRole('heading', { name: 'Thank you for your feedback!' });
    expect(screen.queryByRole('link', { name: 'Book another showing' })).toBeNull();
    expect(api.callsTo('PUT', '/feedback/public/pub-1')[0]?.body).toMatchObject({
      rating: 3,
      price_opinion: null,
      second_showing: null,
    });
  });

  it("shows the server's refusal under the field it names", async () => {
    const { user } = renderPage({
      'GET /feedback/public/pub-1': () =>
        json(200, view({ questions: { ask_price_opinion: false, ask_second_showing: false } })),
      'PUT /feedback/public/pub-1': () =>
        json(400, {
          error: 'Please keep this under 2000 characters',
          code: 'VALIDATION_ERROR',
          fields: { comments: 'Please keep this under 2000 characters' },
        }),
    });
    await user.click(await screen.findByRole('radio', { name: '1 Poor' }));
    await user.click(screen.getByRole('radio', { name: 'Somewhat interested' }));
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please keep this under 2000 characters');
    expect(
      screen.getByLabelText('Anything else you would like to tell your agent? (optional)'),
    ).toHaveAccessibleDescription('Please keep this under 2000 characters');
  });

  it('an unknown link and a cancelled showing say so instead of showing the form', async () => {
    renderPage({
      'GET /feedback/public/pub-1': () =>
        json(404, { error: 'This feedback link is not valid.', code: 'FEEDBACK_LINK_NOT_FOUND' }),
    });
    expect(
      await screen.findByRole('heading', { name: 'This feedback link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
  });

  it('a closed showing offers no form', async () => {
    renderPage({ 'GET /feedback/public/pub-1': () => json(200, view({ open: false })) });
    expect(
      await screen.findByRole('heading', { name: 'This showing is closed for feedback' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it("is the agent's page (issue 29): their name heads it, their colour on the page, the choices and the button", async () => {
    const { user } = renderPage({ 'GET /feedback/public/pub-1': () => json(200, view()) });
    const send = await screen.findByRole('button', { name: 'Send feedback' });
    const main = screen.getByRole('main');
    expect(within(main).getByText('Scully Homes')).toBeInTheDocument();
    expect(main.parentElement?.style.getPropertyValue('--kt-primary')).toBe('#0F766E');
    expect(send.className).toContain('bg-[var(--kt-primary');
    expect(send.className).not.toContain('bg-blue-600');
    await user.click(screen.getByRole('radio', { name: 'Very interested' }));
    const choice = screen.getByRole('radio', { name: 'Very interested' }).nextElementSibling;
    expect(choice?.className).toContain('peer-checked:border-[var(--kt-primary');
    expect(choice?.className).not.toContain('blue-600');
  });
});

describe('feedback page in Spanish (issue 43)', () => {
  beforeAll(() => loadLocale('es'));

  it('asks in Spanish, says a missing answer in Spanish, and sends the answers', async () => {
    const api = stubApi({
      'GET /feedback/public/pub-1': () => json(200, view()),
      'PUT /feedback/public/pub-1': saved,
    });
    renderAt(<FeedbackFormPage />, {
      path: '/feedback/pub-1',
      routePath: '/feedback/:bookingId',
      locale: 'es',
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('heading', { name: '¿Qué tal fue su visita?' })).toBeInTheDocument();
    expect(screen.getByText('12 Main St').parentElement).toHaveTextContent(
      'Su visita a 12 Main St el martes, 4 de marzo, 2:00 p.m., con Dana Scully (Scully Homes). Sus respuestas solo las recibe Dana Scully.',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar comentarios' }));
    expect(await screen.findByText('Califique la propiedad del 1 al 5')).toBeInTheDocument();
    expect(screen.getByText('Díganos si le gustaría una segunda visita')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/feedback/public/pub-1')).toHaveLength(0);

    const rating = screen.getByRole('group', { name: '¿Cómo calificaría la propiedad?' });
    await user.click(within(rating).getByRole('radio', { name: /Muy buena/ }));
    await user.click(screen.getByRole('radio', { name: 'Muy interesado' }));
    await user.click(screen.getByRole('radio', { name: 'Justo' }));
    await user.click(screen.getByRole('radio', { name: 'Sí, me gustaría volver a verla' }));
    await user.type(screen.getByLabelText('¿Qué le gustó? (opcional)'), 'La cocina');
    await user.click(screen.getByRole('button', { name: 'Enviar comentarios' }));

    expect(await screen.findByRole('heading', { name: '¡Gracias por sus comentarios!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Dana Scully verá sus respuestas. Para volver a ver la propiedad, elija un horario ahora.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reservar otra visita' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/feedback/public/pub-1')[0]!.body).toMatchObject({
      rating: 4,
      interest_level: 'very_interested',
      price_opinion: 'fair',
      second_showing: true,
      liked: 'La cocina',
    });
  });
});
