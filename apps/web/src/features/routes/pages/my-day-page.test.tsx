import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { listedProperty as property } from '../components/tour-fixtures';
import { MyDayPage } from './my-day-page';

const emptyDay = {
  date: '2030-01-08',
  time_zone: 'America/Chicago',
  showings: [],
  legs: [],
  office: null,
  start_leg: null,
  total_drive_minutes: 0,
  warnings: [],
  line: [],
  line_source: 'estimated',
  routing_configured: false,
  map: { tile_url: null, attribution: '', attribution_url: null },
  optimisable: true,
};

describe('My day opened from a lead (issue 16, "Plan a tour")', () => {
  it("the tour builder plans the lead's tour: ?lead= is sent as lead_id with the proposal", async () => {
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /payments/subscription': () =>
        json(200, { success: true, subscription: { status: 'active' }, plan: { id: 'pro' } }),
      'GET /routes/day': () => json(200, { success: true, data: emptyDay }),
      'GET /properties': () =>
        json(200, { success: true, data: [property(1, '1 Elm St'), property(2, '3 Ash Rd')] }),
      'POST /tours/propose': () =>
        json(200, {
          success: true,
          data: {
            date: '2030-01-08',
            time_zone: 'America/Chicago',
            buyer: null,
            feasible: false,
            stops: [],
            open_times: [],
            total_drive_minutes: 0,
            drive_source: 'estimated',
            note: 'No fit',
          },
        }),
    });
    renderAt(<MyDayPage />, {
      path: '/dashboard/day?date=2030-01-08&lead=lead-7',
      routePath: '/dashboard/day',
    });
    const builder = await screen.findByRole('region', { name: 'Buyer tour' });
    expect(builder).toHaveTextContent('The tour is for the lead you opened it from');
    await userEvent.click(await within(builder).findByLabelText('1 Elm St'));
    await userEvent.click(within(builder).getByLabelText('3 Ash Rd'));
    await userEvent.click(within(builder).getByRole('button', { name: 'Propose tour' }));
    expect(await within(builder).findByText('No fit')).toBeInTheDocument();
    expect(api.callsTo('POST', '/tours/propose')[0]!.body).toEqual({
      date: '2030-01-08',
      property_ids: [1, 2],
      lead_id: 'lead-7',
    });
  });
});
