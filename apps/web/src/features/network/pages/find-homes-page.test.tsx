// Issue 45 "Find homes to show": the search form asks the API with the filters typed, the results are cards with
// the listing agent, and a card's request panel loads the chosen date's open times, sends the client, the firm
// (filled from the last request) and the buyer's agent's own consent to texts, then says who decides next.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NETWORK_TEXTS as T } from '@keyturn/domain/listing/network';
import { NETWORK_TOUR_TEXTS } from '@keyturn/domain/routes/networkTour';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { listingFixture, requestFixture } from '../test-fixtures';
import { FindHomesPage } from './find-homes-page';

const listing = listingFixture();

const times = {
  availableSlots: ['10:00:00', '10:30:00'],
  agentAvailability: { isAvailable: true },
  time_zone: 'America/Chicago',
  slots: [
    { time: '10:00:00', starts_at: '2031-03-08T10:00:00-06:00', label: '10:00 AM' },
    { time: '10:30:00', starts_at: '2031-03-08T10:30:00-06:00', label: '10:30 AM' },
  ],
};

function render(textsOffered = true) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /network/listings': () => json(200, { success: true, data: [listing], next_offset: null }),
    'GET /network/requests': () =>
      json(200, {
        success: true,
        data: [],
        last_used: { brokerage: 'Pine Brokers', licence_number: 'TX-1' },
        own_phone: '+1 212 555 0100',
      }),
    'GET /network/listings/7/dates/2031-03-08': () => json(200, times),
    'GET /network/listings/7': () =>
      json(200, { success: true, data: { ...listing, texts_offered: textsOffered } }),
    'POST /network/requests': () =>
      json(201, {
        success: true,
        awaiting: 'seller',
        message: T.sent('Lee Lister', true),
        data: requestFixture(),
      }),
  });
  renderAt(<FindHomesPage />, { path: '/dashboard/network' });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('Find homes to show', () => {
  it('lists the other agents’ listings and searches with the filters typed', async () => {
    const { api, user } = render();
    expect(await screen.findByRole('heading', { name: '7 Willow Lane' })).toBeInTheDocument();
    expect(screen.getByText('Lee Lister, Oak Realty')).toBeInTheDocument();
    await user.type(screen.getByLabelText(T.searchLabel), 'austin');
    await user.type(screen.getByLabelText(T.minPriceLabel), '500000');
    await user.type(screen.getByLabelText(T.bedsLabel), '3');
    await user.click(screen.getByRole('button', { name: T.searchAction }));
    await screen.findByRole('heading', { name: '7 Willow Lane' });
    const urls = api.callsTo('GET', '/network/listings').map((c) => new URL(c.url, 'http://x').search);
    expect(urls.at(-1)).toBe('?q=austin&min_price=500000&beds=3');
  });

  it('requests a showing: the date’s open times, the client, the firm from last time and own consent', async () => {
    const { api, user } = render();
    await user.click(await screen.findByRole('button', { name: `${T.requestAction}: 7 Willow Lane` }));
    const dialog = within(await screen.findByRole('dialog', { name: T.requestAction }));
    fireEvent.change(dialog.getByLabelText(T.dateLabel), { target: { value: '2031-03-08' } });
    await user.click(await dialog.findByRole('button', { name: '10:30 AM' }));
    await user.type(dialog.getByLabelText(T.clientName), 'Casey Client');
    await user.type(dialog.getByLabelText(T.clientEmail), 'casey@clients.test');
    await user.type(dialog.getByLabelText(T.clientPhone), '+1 646 555 0101');
    expect(dialog.getByLabelText(T.brokerageLabel)).toHaveValue('Pine Brokers');
    expect(dialog.getByLabelText(T.licenceLabel)).toHaveValue('TX-1');
    expect(dialog.getByText(T.smsConsentHint('+1 212 555 0100'))).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: new RegExp(T.smsConsentLabel) }));
    await user.click(screen.getByRole('button', { name: T.submitAction }));
    expect(await screen.findByText(T.sent('Lee Lister', true))).toBeInTheDocument();
    expect(api.callsTo('POST', '/network/requests')[0]!.body).toEqual({
      property_id: 7,
      booking_date: '2031-03-08',
      booking_time: '10:30',
      starts_at: '2031-03-08T10:30:00-06:00',
      client: { name: 'Casey Client', email: 'casey@clients.test', phone: '+1 646 555 0101' },
      brokerage: 'Pine Brokers',
      licence_number: 'TX-1',
      sms_consent: true,
      message: null,
    });
  });

  it('offers no text consent when the listing’s agent sends no texts, and sends none', async () => {
    const { user } = render(false);
    await user.click(await screen.findByRole('button', { name: `${T.requestAction}: 7 Willow Lane` }));
    const dialog = within(await screen.findByRole('dialog', { name: T.requestAction }));
    expect(await dialog.findByText(T.noTexts)).toBeInTheDocument();
    expect(dialog.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('picks homes for a tour: "Plan a tour" only for 2 to 8, then opens the planner with them', async () => {
    const P = NETWORK_TOUR_TEXTS.page;
    const homes = Array.from({ length: 9 }, (_, i) => ({
      ...listing,
      id: i + 1,
      address: `${i + 1} Elm Street`,
    }));
    stubApi({
      ...signedInSessionRoutes(),
      'GET /network/listings': () => json(200, { success: true, data: homes, next_offset: null }),
    });
    const { router } = renderAt(<FindHomesPage />, { path: '/dashboard/network' });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('link', { name: P.toursLink })).toHaveAttribute(
      'href',
      '/dashboard/network/tours',
    );
    const pick = async (n: number) =>
      user.click(await screen.findByRole('checkbox', { name: `${P.addToTour}: ${n} Elm Street` }));
    await pick(3);
    expect(screen.getByText(P.tray(1))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: P.planTour })).toBeDisabled();
    await pick(1);
    expect(screen.getByText(P.tray(2))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: P.planTour })).toBeEnabled();
    for (const n of [2, 4, 5, 6, 7, 8, 9]) await pick(n);
    expect(screen.getByText(P.tray(9))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: P.planTour })).toBeDisabled();
    for (const n of [9, 2, 4, 5, 6, 7, 8]) await pick(n);
    await user.click(screen.getByRole('button', { name: P.planTour }));
    expect(router.state.location.pathname).toBe('/dashboard/network/tours');
    expect(router.state.location.search).toBe('?homes=3,1');
  });
});
