// Issue 46: the buyer's "Your data" page — everything the agent holds, labelled, times on the agent's clock
// with the zone; the two downloads; the deletion request (confirmed first) answered with who decides and by
// when; and a link we did not sign.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRIVACY_TEXTS } from '@keyturn/domain/privacy';
import type { YourData } from '@keyturn/domain/schemas/privacy';
import { json, renderAt, stubApi } from '@/test/utils';
import { YourDataPage } from './your-data-page';

const T = PRIVACY_TEXTS.page;
const TOKEN = 'v1.agent.bW9yZ2Fu.sig';

const data = (overrides: Partial<YourData> = {}): YourData => ({
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
      income_range: null,
      purpose: 'property_viewing',
      cancel_reason: null,
      reschedule_reason: null,
    },
  ],
  feedback: [
    {
      booking_id: 'b-1',
      property: '7 Privacy Lane, Springfield, IL 62701',
      given_at: '2026-03-03T16:00:00.000Z',
      rating: 4,
      interest_level: 'very_interested',
      price_opinion: 'fair',
      liked: 'The garden',
      disliked: null,
      comments: null,
      second_showing: true,
    },
  ],
  messages: [
    {
      at: '2026-03-03T16:10:00.000Z',
      direction: 'from_you',
      channel: 'web',
      kind: 'showing_conversation',
      subject: null,
      body: 'May we come back Saturday?',
    },
  ],
  consents: [
    {
      at: '2026-03-02T15:00:00.000Z',
      event: 'consent',
      phone: '+16465550177',
      wording_version: 'v1',
      page: null,
      ip: null,
    },
  ],
  lead: null,
  waitlist: [],
  document_requests: [],
  request: null,
  ...overrides,
});

function render(routes: Parameters<typeof stubApi>[0], token: string | null = TOKEN) {
  const api = stubApi(routes);
  renderAt(<YourDataPage />, {
    path: token ? `/your-data?token=${encodeURIComponent(token)}` : '/your-data',
    routePath: '/your-data',
  });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('YourDataPage', () => {
  it('shows what the agent holds, each section labelled, and links both downloads', async () => {
    const { api } = render({ 'GET /your-data': () => json(200, { success: true, data: data() }) });
    expect(await screen.findByRole('heading', { level: 1, name: T.title })).toBeInTheDocument();
    expect(api.callsTo('GET', '/your-data')[0]!.url).toContain(`token=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByText(T.intro('Jamie Agent'))).toBeInTheDocument();
    const showings = within(screen.getByRole('region', { name: T.bookings }));
    expect(showings.getByText('7 Privacy Lane, Springfield, IL 62701')).toBeInTheDocument();
    expect(showings.getByText(/March 3, 2026 at 10:00 AM Eastern Time/)).toBeInTheDocument();
    expect(showings.getByText('Morgan Privacyson')).toBeInTheDocument();
    expect(showings.getByText('+1 646 555 0177')).toBeInTheDocument();
    expect(showings.getByText('We have a dog')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: T.feedback })).getByText('The garden'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: T.messages })).getByText('May we come back Saturday?'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: T.consents })).getByText('+16465550177'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: T.lead })).getByText(T.nothing)).toBeInTheDocument();
    const json_ = screen.getByRole('link', { name: T.downloadJson });
    // The API's address (its own port while developing), the format and the buyer's token.
    expect(json_.getAttribute('href')).toMatch(
      new RegExp(`/api/your-data/download\\?format=json&token=${encodeURIComponent(TOKEN)}$`),
    );
    expect(screen.getByRole('link', { name: T.downloadCsv }).getAttribute('href')).toContain('format=csv');
  });

  it('asks for deletion after a confirmation, then says who decides and by when', async () => {
    const { api, user } = render({
      'GET /your-data': () => json(200, { success: true, data: data() }),
      'POST /your-data/deletion-request': () =>
        json(201, {
          success: true,
          data: {
            status: 'open',
            received_at: '2026-03-03T16:30:00.000Z',
            due_at: '2026-04-03T16:30:00.000Z',
            completed_at: null,
            agent_name: 'Jamie Agent',
          },
        }),
    });
    await user.click(await screen.findByRole('button', { name: T.deleteAction }));
    const dialog = within(await screen.findByRole('dialog', { name: T.confirmTitle }));
    expect(api.callsTo('POST', '/your-data/deletion-request')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: T.confirmAction }));
    const said = await screen.findByText(T.requested('Jamie Agent', 'April 3, 2026'));
    expect(said).toHaveAttribute('role', 'status');
    expect(api.callsTo('POST', '/your-data/deletion-request')[0]!.body).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: T.deleteAction })).toBeNull();
  });

  it('shows an open request as it stands', async () => {
    render({
      'GET /your-data': () =>
        json(200, {
          success: true,
          data: data({
            request: {
              status: 'open',
              received_at: '2026-03-03T16:30:00.000Z',
              due_at: '2026-04-03T16:30:00.000Z',
              completed_at: null,
            },
          }),
        }),
    });
    expect(await screen.findByText(T.requested('Jamie Agent', 'April 3, 2026'))).toBeInTheDocument();
  });

  it('says a link we did not sign is not valid', async () => {
    render({ 'GET /your-data': () => json(404, { error: 'Not found', code: 'NOT_FOUND' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(T.badToken);
  });

  it('says so without any token', async () => {
    render({}, null);
    expect(await screen.findByRole('alert')).toHaveTextContent(T.badToken);
  });
});
