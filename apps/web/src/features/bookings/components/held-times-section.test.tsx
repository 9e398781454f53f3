// Issue 44: the Bookings page shows the times buyers hold right now, on the agent's clock, with the listing and
// until when; nothing when none is held.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { HeldTimesSection } from './held-times-section';

const held = (data: unknown[]) => ({
  ...signedInSessionRoutes(),
  'GET /agents/held-times': () => json(200, { success: true, data }),
});

describe('HeldTimesSection', () => {
  it('lists each held time on the agent’s clock with its listing and when the hold ends', async () => {
    stubApi(
      held([
        {
          starts_at: '2031-03-04T19:00:00.000Z',
          ends_at: '2031-03-04T19:30:00.000Z',
          expires_at: '2031-03-03T15:05:00.000Z',
          property: { id: 42, address: '12 Main St' },
        },
        {
          starts_at: '2031-03-04T20:00:00.000Z',
          ends_at: '2031-03-04T20:30:00.000Z',
          expires_at: '2031-03-03T15:07:00.000Z',
          property: null,
        },
      ]),
    );
    renderAt(<HeldTimesSection timeZone="America/New_York" />, { path: '/dashboard/bookings' });
    expect(await screen.findByRole('heading', { name: HOLD_TEXTS.agent.heading })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Tue, Mar 4, 2:00 PM Eastern Time (New York) · 12 Main St — held until 10:05 AM',
      'Tue, Mar 4, 3:00 PM Eastern Time (New York) · Consultation — held until 10:07 AM',
    ]);
  });

  it('shows nothing when no time is held', async () => {
    const api = stubApi(held([]));
    const { container } = renderAt(<HeldTimesSection timeZone="America/New_York" />, {
      path: '/dashboard/bookings',
    });
    await expect.poll(() => api.callsTo('GET', '/agents/held-times').length).toBe(1);
    expect(container.querySelector('section')).toBeNull();
  });
});
