// Issue 45 "My showing requests": each request with its listing, listing agent, client, time on the listing's clock
// and its state in the domain's words; an empty list says how to start.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NETWORK_TEXTS as T, type NetworkRequestView } from '@keyturn/domain/listing/network';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { requestFixture } from '../test-fixtures';
import { ShowingRequestsPage } from './showing-requests-page';

const request = requestFixture;

function render(data: NetworkRequestView[]) {
  stubApi({
    ...signedInSessionRoutes(),
    'GET /network/requests': () =>
      json(200, { success: true, data, last_used: null, own_phone: '+1 212 555 0100' }),
  });
  renderAt(<ShowingRequestsPage />, { path: '/dashboard/network/requests' });
}

describe('My showing requests', () => {
  it('lists each request with its state badge, the listing agent, the client and the time with its zone', async () => {
    render([
      request({}),
      request({
        id: 'b-2',
        state: 'confirmed',
        status: 'confirmed',
        listing: { ...request({}).listing, address: '2 Birch Road' },
      }),
      request({
        id: 'b-3',
        state: 'proposed',
        proposed_starts_at: '2031-03-08T18:00:00.000Z',
        listing: { ...request({}).listing, address: '5 Notice Court' },
      }),
    ]);
    expect(await screen.findByText('7 Willow Lane, Austin')).toBeInTheDocument();
    expect(screen.getByText(T.states.waiting_for_seller)).toBeInTheDocument();
    expect(screen.getByText(T.states.confirmed)).toBeInTheDocument();
    expect(screen.getByText(T.states.proposed)).toBeInTheDocument();
    expect(screen.getAllByText(`${T.listingAgent}: Lee Lister, Oak Realty`)).toHaveLength(3);
    expect(screen.getAllByText(`${T.client}: Casey Client · casey@clients.test`)).toHaveLength(3);
    // 16:30 UTC is 10:30 AM in Chicago (CST), the zone named.
    expect(screen.getAllByText(/10:30 AM · Central Time/)).toHaveLength(3);
    // The proposed request also says the time its listing's side proposed (12:00 PM in Chicago), once.
    expect(screen.getAllByText(/The listing’s side proposed .*12:00 PM instead\./)).toHaveLength(1);
  });

  it('says how to start when there is none', async () => {
    render([]);
    expect(await screen.findByText(T.requestsEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.findLink })).toHaveAttribute('href', '/dashboard/network');
  });
});
