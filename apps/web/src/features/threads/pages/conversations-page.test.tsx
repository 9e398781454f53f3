// Issue 45: the agent's search over their showings' conversations — the query in the URL, the hits newest first
// as the server answers them, each with its showing and a link to the booking; too short a query asks nothing.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THREAD_TEXTS as T, type ThreadSearchHit } from '@keyturn/domain/listing/threads';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { ConversationsPage } from './conversations-page';

const hit: ThreadSearchHit = {
  id: 'm-1',
  author_role: 'buyer',
  author_name: 'Casey Buyer',
  kind: 'message',
  status_code: null,
  body: 'The garage code is 4411',
  via: 'web',
  created_at: '2031-03-08T19:05:00.000Z',
  booking: {
    id: 'b-1',
    client_name: 'Casey Buyer',
    starts_at: '2031-03-09T15:00:00.000Z',
    address: '12 Main St',
  },
};

function render(path = '/dashboard/conversations') {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: TEST_AGENT_PROFILE }),
    'GET /threads/search': () => json(200, { success: true, data: [hit] }),
  });
  renderAt(<ConversationsPage />, { path, routePath: '/dashboard/conversations' });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('ConversationsPage', () => {
  it('searches with the typed words and lists the hits with their showing and booking link', async () => {
    const { api, user } = render();
    await user.type(screen.getByLabelText(T.search.label), 'garage');
    await user.click(screen.getByRole('button', { name: T.search.submit }));
    const list = await screen.findByRole('list', { name: T.search.title });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('The garage code is 4411');
    expect(item).toHaveTextContent('Mar 8, 2:05 PM EST');
    expect(item).toHaveTextContent('Casey Buyer · 12 Main St · Mar 9, 11:00 AM EDT');
    expect(within(item).getByRole('link', { name: T.search.open })).toHaveAttribute(
      'href',
      '/dashboard/bookings?booking=b-1',
    );
    expect(api.callsTo('GET', '/threads/search')[0]!.url).toContain('q=garage');
  });

  it('asks nothing for a one-letter query', async () => {
    const { api, user } = render();
    await user.type(screen.getByLabelText(T.search.label), 'g');
    await user.click(screen.getByRole('button', { name: T.search.submit }));
    expect(await screen.findByText(T.search.hint)).toBeInTheDocument();
    expect(api.callsTo('GET', '/threads/search')).toHaveLength(0);
  });
});
