// Issue 45: a buyer's agent's request page — the request with its state, listing agent, client and time with its
// zone, and the showing's conversation (its own code) where they can write and tap a quick status.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NETWORK_TEXTS as T } from '@keyturn/domain/listing/network';
import { THREAD_TEXTS } from '@keyturn/domain/listing/threads';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { requestFixture } from '../test-fixtures';
import { ShowingRequestPage } from './request-page';

const request = requestFixture({
  id: '6b1f3c1e-1111-4222-8333-944455556666',
  state: 'confirmed',
  status: 'confirmed',
});

describe('a showing request’s page', () => {
  it('shows where it stands and its conversation', async () => {
    stubApi({
      ...signedInSessionRoutes(),
      [`GET /network/requests/${request.id}`]: () => json(200, { success: true, data: request }),
      [`GET /network/requests/${request.id}/thread`]: () =>
        json(200, {
          success: true,
          data: {
            booking_id: request.id,
            time_zone: 'America/Chicago',
            viewer_role: 'buyer_agent',
            can_write: true,
            can_post_status: true,
            messages: [
              {
                id: 'm-1',
                author_role: 'agent',
                author_name: 'Lee Lister',
                kind: 'message',
                status_code: null,
                body: 'The side gate code is 4411.',
                via: 'web',
                created_at: '2031-03-07T15:00:00.000Z',
              },
            ],
          },
        }),
    });
    renderAt(<ShowingRequestPage />, {
      path: `/dashboard/network/requests/${request.id}`,
      routePath: '/dashboard/network/requests/:id',
    });
    expect(await screen.findByRole('heading', { name: '7 Willow Lane, Austin' })).toBeInTheDocument();
    expect(screen.getByText(T.states.confirmed)).toBeInTheDocument();
    expect(screen.getByText(/Central Time \(Chicago\)/)).toBeInTheDocument();
    expect(await screen.findByText('The side gate code is 4411.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: THREAD_TEXTS.statuses.late_10 })).toBeInTheDocument();
  });
});
