// Issue 45: My day's quick statuses — one tap posts the status to the showing's conversation and says so.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THREAD_TEXTS as T } from '@keyturn/domain/listing/threads';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { QuickStatus } from './quick-status';

describe('QuickStatus', () => {
  it('posts the tapped status for the showing and confirms it', async () => {
    const api = stubApi({
      ...signedInSessionRoutes(),
      'POST /bookings/b-1/thread/status': () => json(201, { success: true, data: {} }),
    });
    renderAt(<QuickStatus bookingId="b-1" label={T.panel.quickFor('Casey Buyer')} />);
    const group = screen.getByRole('group', { name: 'Quick status for Casey Buyer' });
    await userEvent.setup({ delay: null }).click(within(group).getByRole('button', { name: 'Arrived' }));
    expect(await screen.findByText(T.panel.sent('Arrived'))).toBeInTheDocument();
    expect(api.callsTo('POST', '/bookings/b-1/thread/status')[0]!.body).toEqual({ status: 'arrived' });
  });
});
