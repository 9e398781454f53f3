import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TIME_PROPOSAL_MESSAGES, TIME_PROPOSAL_STATUS_LABELS } from '@keyturn/domain/routes/proposals';
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
  proposals: [],
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

const place = (id: number, address: string) => ({ id, address, city: 'Austin', lat: 30.27, lng: -97.74 });
const showing = (
  id: string,
  at: string,
  status: string,
  client: string,
  property: ReturnType<typeof place>,
) => ({
  booking_id: id,
  status,
  starts_at: at,
  ends_at: new Date(Date.parse(at) + 30 * 60_000).toISOString(),
  client_name: client,
  property,
  movable: status === 'pending',
});
// Chicago (CST): 16:00Z is 10:00 am.
const bookedDay = {
  ...emptyDay,
  showings: [
    showing('a', '2030-01-08T16:00:00.000Z', 'confirmed', 'Ann Confirmed', place(1, '1 Elm St')),
    showing('b', '2030-01-08T17:00:00.000Z', 'pending', 'Bo Requester', place(2, '12 Oak St')),
    showing('c', '2030-01-08T18:00:00.000Z', 'pending', 'Cy Requester', place(3, '3 Ash Rd')),
  ],
  legs: [],
};
const stop = (id: string, client: string, address: string, status: string, from: string, to: string) => ({
  booking_id: id,
  client_name: client,
  address,
  status,
  from_starts_at: from,
  starts_at: to,
  moves: from !== to,
});
const plan = {
  date: '2030-01-08',
  feasible: true,
  method: 'exact',
  order: ['a', 'c', 'b'],
  moves: [
    {
      booking_id: 'b',
      starts_at: '2030-01-08T19:00:00.000Z',
      from_starts_at: '2030-01-08T17:00:00.000Z',
      address: '12 Oak St',
      client_name: 'Bo Requester',
    },
    {
      booking_id: 'c',
      starts_at: '2030-01-08T17:30:00.000Z',
      from_starts_at: '2030-01-08T18:00:00.000Z',
      address: '3 Ash Rd',
      client_name: 'Cy Requester',
    },
  ],
  stops: [
    stop(
      'a',
      'Ann Confirmed',
      '1 Elm St',
      'confirmed',
      '2030-01-08T16:00:00.000Z',
      '2030-01-08T16:00:00.000Z',
    ),
    stop('c', 'Cy Requester', '3 Ash Rd', 'pending', '2030-01-08T18:00:00.000Z', '2030-01-08T17:30:00.000Z'),
    stop('b', 'Bo Requester', '12 Oak St', 'pending', '2030-01-08T17:00:00.000Z', '2030-01-08T19:00:00.000Z'),
  ],
  booked_minutes: 79,
  optimised_minutes: 41,
  saving_minutes: 38,
  saving_percent: 48,
  note: null,
};

describe('Optimise names the buyers and proposes their new times (issue 29)', () => {
  it('each stop names its buyer, property and time now → proposed; Apply proposes (moves nothing) and My day shows each answer', async () => {
    const proposal = (id: string, booking: string, client: string, address: string, status: string) => ({
      id,
      booking_id: booking,
      client_name: client,
      address,
      from_starts_at: plan.moves.find((m) => m.booking_id === booking)!.from_starts_at,
      starts_at: plan.moves.find((m) => m.booking_id === booking)!.starts_at,
      status,
      answered_at: status === 'proposed' ? null : '2030-01-07T18:00:00.000Z',
    });
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /payments/subscription': () =>
        json(200, { success: true, subscription: { status: 'active' }, plan: { id: 'pro' } }),
      'GET /routes/day': () => json(200, { success: true, data: bookedDay }),
      'GET /routes/settings': () =>
        json(200, {
          success: true,
          data: { cluster_by_area: false, office: null, geocoder_configured: false, map: emptyDay.map },
        }),
      'GET /properties': () => json(200, { success: true, data: [] }),
      'POST /routes/day/optimise': () => json(200, { success: true, data: plan }),
      'POST /routes/day/apply': () =>
        json(200, {
          success: true,
          data: {
            ...bookedDay,
            proposals: [
              proposal('p2', 'c', 'Cy Requester', '3 Ash Rd', 'kept'),
              proposal('p1', 'b', 'Bo Requester', '12 Oak St', 'proposed'),
            ],
          },
        }),
    });
    renderAt(<MyDayPage />, { path: '/dashboard/day?date=2030-01-08', routePath: '/dashboard/day' });
    const section = await screen.findByRole('region', { name: 'Optimise' });
    await userEvent.click(within(section).getByRole('button', { name: 'Optimise' }));
    const order = await within(section).findByRole('list', { name: 'Proposed order' });
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1. Ann Confirmed · 1 Elm St10:00 am (confirmed, stays)',
      '2. Cy Requester · 3 Ash Rd12:00 pm → 11:30 am (proposed to the buyer)',
      '3. Bo Requester · 12 Oak St11:00 am → 1:00 pm (proposed to the buyer)',
    ]);
    expect(section).toHaveTextContent(TIME_PROPOSAL_MESSAGES.applyNote);
    await userEvent.click(within(section).getByRole('button', { name: TIME_PROPOSAL_MESSAGES.applyButton }));
    expect(await within(section).findByText(TIME_PROPOSAL_MESSAGES.applied(2))).toBeInTheDocument();
    expect(api.callsTo('POST', '/routes/day/apply')[0]!.body).toEqual({
      date: '2030-01-08',
      moves: [
        { booking_id: 'b', starts_at: '2030-01-08T19:00:00.000Z' },
        { booking_id: 'c', starts_at: '2030-01-08T17:30:00.000Z' },
      ],
    });
    const answers = within(section).getByRole('list', { name: TIME_PROPOSAL_MESSAGES.listHeading });
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Cy Requester · 3 Ash Rd: 12:00 pm → 11:30 am${TIME_PROPOSAL_STATUS_LABELS.kept}`,
      `Bo Requester · 12 Oak St: 11:00 am → 1:00 pm${TIME_PROPOSAL_STATUS_LABELS.proposed}`,
    ]);
  });
});
