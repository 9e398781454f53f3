// The public team page (issue 15, decision 025): the team's brand and properties (each to its agent's property
// page), "Book a consultation with our team" through the booking page's own steps with the team's pool as the
// slot source and the server's pick named on the confirmation; a team's consultation link opens the same; an
// unknown team is "Team Not Found".
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { PLACEHOLDER_PROPERTY } from '@keyturn/domain/constants';
import { propertyBookingPath, teamPagePath } from '@keyturn/domain/links';
import type { PublicTeamPage } from '@keyturn/domain/schemas/teamPage';
import { loadLocale } from '@/lib/i18n';
import { json, renderRoutes, stubApi } from '@/test/utils';
import {
  baseRoutes,
  bookingAnswer,
  bookingRoutes,
  datesAnswer,
  fillDetails,
  NOW,
  pickDateAndTime,
  property,
  propertyAgent,
  renderBooking,
  slotsAnswer,
  TOMORROW,
  withBookingClock,
} from '../test-fixtures';
import { TeamPage } from './team-page';

withBookingClock();

const team: PublicTeamPage = {
  team: {
    name: 'Harbor Homes',
    slug: 'harbor',
    logo: null,
    color: '#7C3AED',
    time_zone: 'America/New_York',
    consultation: {
      place: 'office',
      address: '500 Congress Ave, Austin, TX',
      text: '500 Congress Ave, Austin, TX',
    },
  },
  properties: [
    { ...property, images: ['/uploads/photo-12-main.png'], agent: propertyAgent },
    { ...property, id: 43, public_id: 'p-no-photo', address: '9 Bare Lot', images: [], agent: propertyAgent },
  ],
  poolSize: 2,
};

const teamRoutes = {
  'GET /public/teams/harbor': () => json(200, { success: true, data: team }),
  'GET /public/teams/harbor/available-dates': () => datesAnswer([TOMORROW]),
  [`GET /public/teams/harbor/availability/${TOMORROW}`]: () => slotsAnswer(),
  'POST /public/teams/harbor/booking': () =>
    json(201, {
      success: true,
      booking: bookingAnswer({ property_id: null }),
      agent: { ...propertyAgent, name: 'Riley Park', first_name: 'Riley', last_name: 'Park' },
    }),
};

function renderTeam(path: string, overrides: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ ...baseRoutes(), ...teamRoutes, ...overrides });
  const rendered = renderRoutes(
    [
      { path: '/team/:slug', element: <TeamPage /> },
      { path: '/team/:slug/consultation', element: <TeamPage consultation /> },
      ...bookingRoutes,
    ],
    path,
  );
  return { ...rendered, api, user: userEvent.setup({ delay: null }) };
}

async function bookConsultation(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Property Valuation' }));
  await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
  await pickDateAndTime(user);
  await fillDetails(user);
  await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
  expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
}

describe('team page (issue 15)', () => {
  it("shows the team's brand, its properties with their agents' pages and the consultation", async () => {
    renderTeam(teamPagePath('harbor'));
    expect(await screen.findByRole('heading', { name: 'Harbor Homes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /12 Main St/ })).toHaveAttribute(
      'href',
      propertyBookingPath('dana', '12 Main St', property.public_id),
    );
    expect(screen.getByRole('link', { name: 'Book a consultation with our team' })).toHaveAttribute(
      'href',
      teamPagePath('harbor', true),
    );
  });

  it("books a consultation with the team's times and names the member the server picked", async () => {
    const { user, api } = renderTeam(teamPagePath('harbor', true));
    await bookConsultation(user);
    const [submit] = api.callsTo('POST', '/public/teams/harbor/booking');
    expect(submit?.body).toMatchObject({ booking_purpose: 'property_valuation', booking_date: TOMORROW });
    expect(submit?.body).not.toHaveProperty('agent_id');
    expect(api.callsTo('POST', '/booking')).toHaveLength(0);
    expect(screen.getAllByText('Riley Park').length).toBeGreaterThan(0);
  });

  it("a team's consultation link opens the same flow under the team's name", async () => {
    const { user, api } = renderBooking('/booking/team-link', {
      ...teamRoutes,
      'GET /booking/links/team-link': () =>
        json(200, {
          success: true,
          agent_id: propertyAgent.id,
          property_id: null,
          prefill: null,
          team: team.team,
        }),
    });
    expect((await screen.findAllByText('Harbor Homes')).length).toBeGreaterThan(0);
    await bookConsultation(user);
    expect(api.callsTo('POST', '/public/teams/harbor/booking')).toHaveLength(1);
  });

  it('issue 29: each property shows its photo, and the consultation says where it happens', async () => {
    renderTeam(teamPagePath('harbor'));
    const card = await screen.findByRole('link', { name: /12 Main St/ });
    expect(within(card).getByRole('img', { name: 'Photo of 12 Main St' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/uploads\/photo-12-main\.png$/),
    );
    expect(screen.getByText('500 Congress Ave, Austin, TX')).toBeInTheDocument();
    // A listing without a photo says so in a short band, not a large empty box.
    const bare = screen.getByRole('link', { name: /9 Bare Lot/ });
    expect(within(bare).queryByRole('img')).not.toBeInTheDocument();
    expect(within(bare).getByText('No photo')).toBeInTheDocument();
  });

  it('issue 29: the consultation offers no property viewing, presents the team as no person and names its place', async () => {
    const { user } = renderTeam(teamPagePath('harbor', true));
    expect(await screen.findByRole('radio', { name: 'Property Valuation' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Property Viewing' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Open House' })).toBeNull();
    expect(screen.queryByText('Real Estate Agent')).toBeNull();
    expect(screen.queryByText(PLACEHOLDER_PROPERTY.address)).toBeNull();
    const panel = screen.getByRole('complementary', { name: 'About this booking' });
    expect(within(panel).getByText('500 Congress Ave, Austin, TX')).toBeInTheDocument();
    await bookConsultation(user);
    expect(screen.queryByText('Real Estate Agent')).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Where')).toBeInTheDocument();
    expect(within(main).getByText('500 Congress Ave, Austin, TX')).toBeInTheDocument();
  });

  it('issue 29: a team meeting by phone or video says so and asks nobody to arrive early', async () => {
    const remote = {
      ...team,
      team: { ...team.team, consultation: { place: 'remote', address: null, text: 'By phone or video' } },
    };
    stubApi({
      ...baseRoutes(),
      ...teamRoutes,
      'GET /public/teams/harbor': () => json(200, { success: true, data: remote }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(
      [{ path: '/team/:slug/consultation', element: <TeamPage consultation /> }],
      teamPagePath('harbor', true),
    );
    expect((await screen.findAllByText('By phone or video')).length).toBeGreaterThan(0);
    await bookConsultation(user);
    expect(within(screen.getByRole('main')).getByText('By phone or video')).toBeInTheDocument();
    expect(screen.queryByText(/arrive .* minutes early/)).toBeNull();
  });

  it('an unknown team is "Team Not Found"', async () => {
    stubApi({ 'GET /public/teams/nobody': () => json(404, { error: 'x', code: 'TEAM_NOT_FOUND' }) });
    renderRoutes([{ path: '/team/:slug', element: <TeamPage /> }], '/team/nobody');
    expect(await screen.findByRole('heading', { name: 'Team Not Found' })).toBeInTheDocument();
  });
});

describe('team page: the chosen time is held (issue 44)', () => {
  const STARTS_AT = `${TOMORROW}T14:00:00-05:00`;
  const held =
    (token = 'team-hold-1234') =>
    () =>
      json(201, {
        success: true,
        hold: {
          token,
          starts_at: '2031-03-04T19:00:00.000Z',
          expires_at: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
          minutes: 5,
        },
      });
  async function toDetails(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('radio', { name: 'Property Valuation' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
    await pickDateAndTime(user);
  }

  it("holds the team's time on the details step, counts down, and books the consultation with the hold", async () => {
    const { user, api } = renderTeam(teamPagePath('harbor', true), {
      'POST /public/teams/harbor/holds': held(),
    });
    await toDetails(user);
    await waitFor(() => expect(api.callsTo('POST', '/public/teams/harbor/holds')).toHaveLength(1));
    // The time alone: the server picks the member the hold (and the booking) is for.
    expect(api.callsTo('POST', '/public/teams/harbor/holds')[0]?.body).toEqual({
      booking_date: TOMORROW,
      booking_time: '14:00',
      starts_at: STARTS_AT,
      replaces: null,
    });
    expect(api.callsTo('POST', '/booking/holds')).toHaveLength(0);
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent(
      /We’re holding 2:00 PM .* for you for 5:00 while you fill this in\./,
    );
    // Four minutes on, the clock says what is left and a screen reader hears the last minute once.
    vi.setSystemTime(new Date(NOW.getTime() + 4 * 60_000 + 1_000));
    await waitFor(() => expect(screen.getByTestId('hold-notice')).toHaveTextContent('for 0:59'), {
      timeout: 3_000,
    });
    expect(within(screen.getByTestId('hold-notice')).getByRole('status')).toHaveTextContent(
      HOLD_TEXTS.lastMinute,
    );
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/public/teams/harbor/booking')[0]?.body).toMatchObject({
      starts_at: STARTS_AT,
      hold_token: 'team-hold-1234',
    });
  });

  it('going back lets the hold go; a reload keeps it though the team no longer offers the time', async () => {
    const first = renderTeam(teamPagePath('harbor', true), { 'POST /public/teams/harbor/holds': held() });
    await toDetails(first.user);
    await screen.findByTestId('hold-notice');
    const { location } = first.router.state;
    first.unmount();
    // The reload: 2:00 PM is held (not offered any more); the stored hold keeps it chosen, no new hold asked.
    const again = renderTeam(`${location.pathname}${location.search}`, {
      [`GET /public/teams/harbor/availability/${TOMORROW}`]: () => slotsAnswer(['09:00:00', '10:00:00']),
      'DELETE /booking/holds/team-hold-1234': () => json(200, { success: true }),
    });
    expect(await screen.findByTestId('hold-notice')).toBeInTheDocument();
    expect(again.api.callsTo('POST', '/public/teams/harbor/holds')).toHaveLength(0);
    await again.user.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(again.api.callsTo('DELETE', '/booking/holds/team-hold-1234')).toHaveLength(1));
  });

  it('a time another buyer holds for the last free member: told so, and back on the calendar', async () => {
    const { user } = renderTeam(teamPagePath('harbor', true), {
      'POST /public/teams/harbor/holds': () =>
        json(409, { error: HOLD_TEXTS.heldByOther, code: 'SLOT_TAKEN' }),
    });
    await toDetails(user);
    expect(await screen.findByText(HOLD_TEXTS.heldByOther)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });
});

describe('team page in Spanish (issue 43)', () => {
  beforeAll(() => loadLocale('es'));

  it('the consultation, the properties and their alt texts in Spanish', async () => {
    stubApi({ ...baseRoutes(), ...teamRoutes });
    renderRoutes([{ path: '/team/:slug', element: <TeamPage /> }], teamPagePath('harbor'), { locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Harbor Homes' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Reserve una consulta con nuestro equipo' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reserve una consulta con nuestro equipo' })).toHaveAttribute(
      'href',
      teamPagePath('harbor', true),
    );
    expect(screen.getByText('Dónde:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nuestras propiedades' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto de 12 Main St' })).toBeInTheDocument();
    expect(screen.getByText('Sin foto')).toBeInTheDocument();
    expect(screen.getAllByText('$450,000 · 3 habitaciones · 2 baños')).toHaveLength(2);
    expect(screen.getAllByText(`Con ${propertyAgent.name}`).length).toBe(2);
    expect(document.title).toBe('Reserve con Harbor Homes · Keyturn');
  });

  it('an unknown team says so in Spanish', async () => {
    stubApi({
      ...baseRoutes(),
      'GET /public/teams/nope': () =>
        json(404, { error: 'This team could not be found.', code: 'TEAM_NOT_FOUND' }),
    });
    renderRoutes([{ path: '/team/:slug', element: <TeamPage /> }], teamPagePath('nope'), { locale: 'es' });
    expect(await screen.findByRole('heading', { name: 'Equipo no encontrado' })).toBeInTheDocument();
    expect(screen.getByText('No se encontró este equipo.')).toBeInTheDocument();
  });
});
