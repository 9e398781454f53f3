// Issue 45: the seller's page shows the listing's showings' conversations only where the listing agent lets
// sellers write (opening the showing a message's link names), and the agent's switch for it saves the choice.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THREAD_TEXTS as T, type Thread } from '@keyturn/domain/listing/threads';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import SellerThreads from './seller-threads';
import { SellersInThreadToggle } from './sellers-toggle';

const thread = (bookingId: string, body: string): Thread => ({
  booking_id: bookingId,
  time_zone: 'America/New_York',
  viewer_role: 'seller',
  can_write: true,
  can_post_status: false,
  messages: [
    {
      id: `m-${bookingId}`,
      author_role: 'agent',
      author_name: 'Dana Scully',
      kind: 'message',
      status_code: null,
      body,
      via: 'web',
      created_at: '2031-03-08T19:05:00.000Z',
    },
  ],
});

const list = (allowed: boolean) => ({
  success: true,
  data: {
    allowed,
    time_zone: 'America/New_York',
    showings: allowed
      ? [
          { booking_id: 'b-1', starts_at: '2031-03-09T15:00:00.000Z', status: 'confirmed', messages: 0 },
          { booking_id: 'b-2', starts_at: '2031-03-08T15:00:00.000Z', status: 'completed', messages: 1 },
        ]
      : [],
  },
});

describe('SellerThreads', () => {
  it('opens the showing the link names and lets the seller switch showings', async () => {
    stubApi({
      'GET /seller/tok/threads': () => json(200, list(true)),
      'GET /seller/tok/showings/b-1/thread': () =>
        json(200, { success: true, data: thread('b-1', 'First one') }),
      'GET /seller/tok/showings/b-2/thread': () =>
        json(200, { success: true, data: thread('b-2', 'Second one') }),
    });
    renderAt(<SellerThreads token="tok" />, { path: '/seller/tok?showing=b-2', routePath: '/seller/:token' });
    expect(await screen.findByText('Second one')).toBeInTheDocument();
    const select = screen.getByLabelText(T.panel.showing);
    expect(screen.getByRole('option', { name: /1 message/ })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).selectOptions(select, 'b-1');
    expect(await screen.findByText('First one')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: T.panel.quick })).not.toBeInTheDocument();
  });

  it('shows nothing where sellers may not write', async () => {
    const api = stubApi({ 'GET /seller/tok/threads': () => json(200, list(false)) });
    renderAt(<SellerThreads token="tok" />, { path: '/seller/tok', routePath: '/seller/:token' });
    await waitFor(() => expect(api.callsTo('GET', '/seller/tok/threads')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByLabelText(T.panel.showing)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(T.panel.label)).not.toBeInTheDocument();
  });
});

describe('SellersInThreadToggle', () => {
  it('shows the property’s choice and saves a change', async () => {
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /properties/42/thread-settings': () =>
        json(200, { success: true, data: { sellers_in_thread: false } }),
      'PUT /properties/42/thread-settings': (call) => json(200, { success: true, data: call.body }),
    });
    renderAt(<SellersInThreadToggle propertyId={42} />);
    const toggle = await screen.findByLabelText(T.sellersToggle.label);
    expect(toggle).not.toBeChecked();
    await userEvent.setup({ delay: null }).click(toggle);
    expect(await screen.findByLabelText(T.sellersToggle.label)).toBeChecked();
    expect(api.callsTo('PUT', '/properties/42/thread-settings')[0]!.body).toEqual({
      sellers_in_thread: true,
    });
  });
});
