import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_ACTIONS, BOOKING_ACTION_LABELS, BOOKING_STATUS_LABELS } from '@keyturn/domain/bookingStatus';
import { PUSH_TEXTS } from '@keyturn/domain/push';
import type { BookingAction } from '@keyturn/domain/bookingStatus';
import { MESSAGES } from '@keyturn/domain/messages';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import type { AgentBooking } from '@keyturn/domain/schemas/agentBooking';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { BookingsPage } from './bookings-page';

const agentProfile = TEST_AGENT_PROFILE;

const property = {
  id: 7,
  agent_id: 'agent-1',
  address: '88 Riverside Drive',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  price: 425000,
  bedrooms: 3,
  bathrooms: 2,
  property_type: 'Residential',
  images: [],
  is_public: true,
};

function booking(overrides: Partial<AgentBooking> = {}): AgentBooking {
  return {
    id: 'b1',
    status: 'pending',
    booking_date: '2030-06-12',
    booking_time: '10:00',
    time_zone: 'America/New_York',
    starts_at: '2030-06-12T14:00:00.000Z',
    ends_at: '2030-06-12T14:30:00.000Z',
    property: { id: 7, address: '88 Riverside Drive', city: 'Austin' },
    property_address: '88 Riverside Drive',
    client_name: 'Jane Buyer',
    client_email: 'jane@example.com',
    client_phone: '+1 555 0199',
    buyer_type: 'first_time_buyer',
    budget_min: 300000,
    budget_max: 400000,
    income_range: '75000-100000',
    booking_purpose: 'custom',
    custom_purpose: 'Home Inspection',
    message: 'Can we see the garden?',
    reschedule_reason: null,
    cancel_reason: null,
    cancelled_by: null,
    rescheduled_from_id: null,
    buyer_confirmed_at: null,
    buyer_confirmed_via: null,
    sms_consent: false,
    buyer_agent: null,
    created_at: '2030-06-01T12:00:00.000Z',
    allowed_actions: ['confirm', 'decline', 'cancel'],
    can_reschedule: true,
    ...overrides,
  };
}

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function renderBookings(
  path = '/dashboard/bookings',
  routes: Routes = {},
  list: AgentBooking[] = [booking()],
) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: agentProfile }),
    'GET /properties': () => json(200, { success: true, data: [property] }),
    'GET /bookings': () => json(200, { success: true, data: list }),
    'GET /booking-links': () => json(200, { success: true, data: [] }),
    ...Object.fromEntries(
      list.map((b) => [`GET /bookings/${b.id}`, () => json(200, { success: true, data: b })] as const),
    ),
    ...routes,
  });
  const rendered = renderAt(<BookingsPage />, { path, routePath: '/dashboard/bookings' });
  return { ...rendered, api };
}

/** The query of the last GET /api/bookings. */
function lastListQuery(api: ReturnType<typeof stubApi>): URLSearchParams {
  const calls = api.callsTo('GET', '/bookings');
  return new URL(calls[calls.length - 1]?.url ?? '', 'http://localhost').searchParams;
}

describe('bookings filters ↔ URL', () => {
  it('reads the filters from the query string (the overview links to ?status=pending)', async () => {
    const { api } = renderBookings('/dashboard/bookings?status=pending&property_id=7');
    await screen.findByText('Jane Buyer');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    await vi.waitFor(() => expect(screen.getByLabelText('Property')).toHaveValue('7'));
    expect(Object.fromEntries(lastListQuery(api))).toEqual({
      status: 'pending',
      property_id: '7',
      order: 'next',
    });
  });

  it('writes each change to the query string and asks the API with it', async () => {
    const { api, router } = renderBookings();
    await screen.findByText('Jane Buyer');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'confirmed');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-12' } });
    await userEvent.selectOptions(screen.getByLabelText('Show'), '25');
    await userEvent.type(screen.getByLabelText('Search buyers'), 'jane');

    await vi.waitFor(() => expect(router.state.location.search).toContain('q=jane'));
    const url = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(url)).toEqual({
      status: 'confirmed',
      date: '2030-06-12',
      limit: '25',
      q: 'jane',
    });
    await vi.waitFor(() =>
      expect(Object.fromEntries(lastListQuery(api))).toEqual({
        status: 'confirmed',
        date: '2030-06-12',
        limit: '25',
        q: 'jane',
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search buyers')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });
});

describe('the default view: current bookings, the next showing first (issue 19)', () => {
  it('asks for status=current&order=next by default; "All" asks for status=all, kept in the URL', async () => {
    const { api, router } = renderBookings();
    await screen.findByText('Jane Buyer');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Current' })).toHaveValue('');
    expect(Object.fromEntries(lastListQuery(api))).toEqual({ status: 'current', order: 'next' });

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('all');
    await vi.waitFor(() =>
      expect(Object.fromEntries(lastListQuery(api))).toEqual({ status: 'all', order: 'next' }),
    );
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('a link with ?status=all opens with every status; a day keeps its earliest-first order', async () => {
    const { api } = renderBookings('/dashboard/bookings?status=all&date=2030-06-12');
    await screen.findByText('Jane Buyer');
    expect(screen.getByLabelText('Status')).toHaveValue('all');
    expect(Object.fromEntries(lastListQuery(api))).toEqual({ status: 'all', date: '2030-06-12' });
  });
});

describe('the empty default view', () => {
  const cancelled = booking({ status: 'cancelled', allowed_actions: [], can_reschedule: false });
  const byStatus = (rows: AgentBooking[]) => (call: RecordedCall) => {
    const status = new URL(call.url, 'http://localhost').searchParams.get('status');
    return json(200, { success: true, data: status === 'all' ? rows : [] });
  };

  it('says "No current bookings" and offers them all when only cancelled or moved bookings exist', async () => {
    const { router } = renderBookings('/dashboard/bookings', { 'GET /bookings': byStatus([cancelled]) }, []);
    expect(await screen.findByText('No current bookings')).toBeInTheDocument();
    expect(screen.queryByText('No bookings yet')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all bookings' }));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('all');
  });

  it('says "No bookings yet" to an agent who has none at all', async () => {
    renderBookings('/dashboard/bookings', { 'GET /bookings': byStatus([]) }, []);
    expect(await screen.findByText('No bookings yet')).toBeInTheDocument();
    expect(screen.queryByText('No current bookings')).not.toBeInTheDocument();
  });
});

describe('booking details', () => {
  it('a booking opened from the list is in the URL: back closes it, forward reopens it (issue 19)', async () => {
    const { router } = renderBookings('/dashboard/bookings?status=pending');
    await userEvent.click(await screen.findByRole('link', { name: /Jane Buyer/ }));
    expect(await screen.findByRole('dialog', { name: 'Booking details' })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      status: 'pending',
      booking: 'b1',
    });
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog', { name: 'Booking details' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=pending');
    await act(() => router.navigate(1));
    expect(await screen.findByRole('dialog', { name: 'Booking details' })).toBeInTheDocument();
    // Closing it is a step back too: the list's URL, without the booking.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Booking details' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=pending');
  });

  it("shows the buyer's answers", async () => {
    renderBookings('/dashboard/bookings?booking=b1');
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(await within(dialog).findByText('Jane Buyer')).toBeInTheDocument();
    expect(within(dialog).getByText('First-time Buyer')).toBeInTheDocument();
    expect(within(dialog).getByText('$300,000 - $400,000')).toBeInTheDocument();
    expect(within(dialog).getByText('$75,000 - $100,000')).toBeInTheDocument();
    expect(within(dialog).getByText('Home Inspection')).toBeInTheDocument();
    expect(within(dialog).getByText('Can we see the garden?')).toBeInTheDocument();
    // The zone by its name, not the raw IANA id (issue 19).
    expect(within(dialog).getByText(/times in Eastern Time \(New York\)/)).toBeInTheDocument();
    expect(within(dialog).queryByText(/America\/New_York/)).not.toBeInTheDocument();
  });

  it('"Part of a tour": the tour\'s stops in time order from the server, each other stop opens its booking (issue 16)', async () => {
    const second = booking({
      id: 'b2',
      booking_time: '11:30',
      starts_at: '2030-06-12T15:30:00.000Z',
      property: { id: 8, address: '12 Oak St', city: 'Austin' },
      property_address: '12 Oak St',
    });
    const tour = {
      id: 't1',
      stops: [
        {
          booking_id: 'b1',
          property_address: '88 Riverside Drive',
          starts_at: '2030-06-12T14:00:00.000Z',
          booking_time: '10:00',
        },
        {
          booking_id: 'b2',
          property_address: '12 Oak St',
          starts_at: '2030-06-12T15:30:00.000Z',
          booking_time: '11:30',
        },
      ],
    };
    renderBookings(
      '/dashboard/bookings?booking=b1',
      {
        'GET /bookings/b1': () => json(200, { success: true, data: { ...booking(), tour } }),
        'GET /bookings/b2': () => json(200, { success: true, data: { ...second, tour } }),
      },
      [booking(), second],
    );
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    const section = await within(dialog).findByRole('region', { name: ROUTE_MESSAGES.tourPartOf });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1. 10:00 AM · 88 Riverside Drive (this booking)',
      '2. 11:30 AM · 12 Oak St',
    ]);
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(items[1]!).getByRole('button', { name: '2. 11:30 AM · 12 Oak St' }));
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: ROUTE_MESSAGES.tourPartOf })).getAllByRole('listitem')[1]
          ?.textContent,
      ).toBe('2. 11:30 AM · 12 Oak St (this booking)'),
    );
  });

  it('a booking outside any tour shows no tour section', async () => {
    renderBookings('/dashboard/bookings?booking=b1', {
      'GET /bookings/b1': () => json(200, { success: true, data: { ...booking(), tour: null } }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(await within(dialog).findByText('Can we see the garden?')).toBeInTheDocument();
    expect(within(dialog).queryByText(ROUTE_MESSAGES.tourPartOf)).not.toBeInTheDocument();
  });

  it('a cancelled showing says who cancelled it and the reason given (issue 39)', async () => {
    const cancelled = booking({
      status: 'cancelled',
      cancelled_by: 'buyer',
      cancel_reason: 'Bought elsewhere',
      allowed_actions: [],
      can_reschedule: false,
    });
    renderBookings('/dashboard/bookings?booking=b1', {}, [cancelled]);
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(await within(dialog).findByText('Cancelled by')).toBeInTheDocument();
    expect(within(dialog).getByText('The buyer')).toBeInTheDocument();
    expect(within(dialog).getByText('Bought elsewhere')).toBeInTheDocument();
  });

  it.each<[BookingAction[], boolean]>([
    [['confirm', 'decline'], false],
    [['complete', 'no_show'], false],
    [['no_show', 'request_feedback'], false],
    [['cancel'], true],
    [[], false],
  ])('renders exactly the actions the server allows: %j, reschedule %s', async (allowed, canReschedule) => {
    const only = booking({ allowed_actions: allowed, can_reschedule: canReschedule });
    renderBookings('/dashboard/bookings?booking=b1', {}, [only]);
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    await within(dialog).findByText('Jane Buyer');
    for (const action of BOOKING_ACTIONS) {
      const button = within(dialog).queryByRole('button', { name: BOOKING_ACTION_LABELS[action] });
      if (allowed.includes(action)) expect(button).toBeInTheDocument();
      else expect(button).not.toBeInTheDocument();
    }
    const reschedule = within(dialog).queryByRole('button', { name: 'Reschedule' });
    if (canReschedule) expect(reschedule).toBeInTheDocument();
    else expect(reschedule).not.toBeInTheDocument();
  });

  it('confirms with PUT { action: "confirm" } and shows the new status', async () => {
    const { api } = renderBookings('/dashboard/bookings?booking=b1', {
      'PUT /bookings/b1': () =>
        json(200, { success: true, data: booking({ status: 'confirmed', allowed_actions: ['cancel'] }) }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/bookings/b1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/bookings/b1')[0]?.body).toEqual({ action: 'confirm' });
    expect(await within(dialog).findByText('Confirmed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    // The list is asked again.
    await vi.waitFor(() => expect(api.callsTo('GET', '/bookings').length).toBeGreaterThanOrEqual(2));
  });

  it("a notification's Approve confirms once, and the address drops ?action= (issue 47)", async () => {
    const { api, router } = renderBookings('/dashboard/bookings?booking=b1&action=approve', {
      'PUT /bookings/b1': () =>
        json(200, { success: true, data: booking({ status: 'confirmed', allowed_actions: ['cancel'] }) }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    await vi.waitFor(() => expect(api.callsTo('PUT', '/bookings/b1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/bookings/b1')[0]?.body).toEqual({ action: 'confirm' });
    expect(await within(dialog).findByText('Confirmed')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.search).toBe('?booking=b1'));
    expect(api.callsTo('PUT', '/bookings/b1')).toHaveLength(1);
  });

  it("a notification's Decline asks the reason first and sends nothing before it", async () => {
    const { api } = renderBookings('/dashboard/bookings?booking=b1&action=decline');
    expect(await screen.findByRole('dialog', { name: 'Decline this request?' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/bookings/b1')).toHaveLength(0);
  });

  it("a notification's Approve on a booking answered meanwhile sends nothing and says so", async () => {
    const { api } = renderBookings('/dashboard/bookings?booking=b1&action=approve', {}, [
      booking({ status: 'confirmed', allowed_actions: ['cancel'] }),
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(
      await within(dialog).findByText(
        PUSH_TEXTS.alreadyAnswered(BOOKING_STATUS_LABELS.confirmed.toLowerCase()),
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/bookings/b1')).toHaveLength(0);
  });

  it('a completed showing asks for feedback again with PUT { action: "request_feedback" } and says so (issue 29)', async () => {
    const completed = booking({
      status: 'completed',
      allowed_actions: ['no_show', 'request_feedback'],
      can_reschedule: false,
    });
    const { api } = renderBookings(
      '/dashboard/bookings?booking=b1',
      { 'PUT /bookings/b1': () => json(200, { success: true, data: completed }) },
      [completed],
    );
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(await within(dialog).findByRole('button', { name: 'Mark no-show' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask for feedback again' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/bookings/b1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/bookings/b1')[0]?.body).toEqual({ action: 'request_feedback' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Feedback request sent to jane@example.com.',
    );
  });

  it("shows the server's reason when a transition is refused (409 ILLEGAL_TRANSITION)", async () => {
    renderBookings('/dashboard/bookings?booking=b1', {
      'PUT /bookings/b1': () =>
        json(409, { error: 'This showing has already started.', code: 'ILLEGAL_TRANSITION' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Booking details' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This showing has already started.');
  });

  it('cancel asks for a reason and sends { action: "cancel", reason }', async () => {
    const { api } = renderBookings('/dashboard/bookings?booking=b1', {
      'PUT /bookings/b1': () =>
        json(200, { success: true, data: booking({ status: 'cancelled', allowed_actions: [] }) }),
    });
    const details = await screen.findByRole('dialog', { name: 'Booking details' });
    await userEvent.click(await within(details).findByRole('button', { name: 'Cancel booking' }));

    const ask = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(api.callsTo('PUT', '/bookings/b1')).toHaveLength(0);
    expect(within(ask).getByLabelText('Reason')).toHaveFocus();
    await userEvent.type(within(ask).getByLabelText('Reason'), 'The seller withdrew the listing');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel booking' }));

    await vi.waitFor(() => expect(api.callsTo('PUT', '/bookings/b1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/bookings/b1')[0]?.body).toEqual({
      action: 'cancel',
      reason: 'The seller withdrew the listing',
    });
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel this booking?' })).not.toBeInTheDocument(),
    );
    expect(await within(details).findByText('Cancelled')).toBeInTheDocument();
  });

  it("shows the buyer's agent beside the buyer when one booked for their client (issue 32 §5)", async () => {
    const byAgent = booking({
      buyer_agent: {
        name: 'Robin Realtor',
        brokerage: 'Harbor Homes',
        licence_number: 'NY-10492',
        phone: '+1 212 555 0142',
        email: null,
      },
    });
    renderBookings('/dashboard/bookings?booking=b1', {}, [byAgent]);
    const details = await screen.findByRole('dialog', { name: 'Booking details' });
    expect(await within(details).findByText('Jane Buyer')).toBeInTheDocument();
    const agentPart = within(details).getByRole('heading', { name: "Buyer's agent" }).parentElement!;
    expect(within(agentPart).getByText('Robin Realtor')).toBeInTheDocument();
    expect(within(agentPart).getByText('Harbor Homes')).toBeInTheDocument();
    expect(within(agentPart).getByText('NY-10492')).toBeInTheDocument();
  });

  it('Escape closes only the innermost dialog', async () => {
    renderBookings('/dashboard/bookings?booking=b1');
    const details = await screen.findByRole('dialog', { name: 'Booking details' });
    await userEvent.click(await within(details).findByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('dialog', { name: 'Decline this request?' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Decline this request?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Booking details' })).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Decline' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('rescheduling', () => {
  const slotsPath = 'GET /booking/availability/agent/agent-1/2030-06-12';

  it('lists the free slots of the date and requires a reason', async () => {
    const moved = booking({
      id: 'b2',
      booking_time: '14:30',
      status: 'confirmed',
      rescheduled_from_id: 'b1',
    });
    const { api } = renderBookings('/dashboard/bookings?booking=b1', {
      [slotsPath]: () =>
        json(200, { availableSlots: ['10:30:00', '14:30:00'], agentAvailability: { isAvailable: true } }),
      'PUT /bookings/b1/reschedule': () => json(200, { success: true, data: moved }),
      'GET /bookings/b2': () => json(200, { success: true, data: moved }),
    });
    const details = await screen.findByRole('dialog', { name: 'Booking details' });
    await userEvent.click(await within(details).findByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule booking' });

    expect(within(dialog).getByLabelText('Date')).toHaveValue('2030-06-12');
    const times = await within(dialog).findAllByRole('radio');
    expect(times.map((t) => t.parentElement?.textContent)).toEqual(['10:30 AM', '2:30 PM']);
    const submit = within(dialog).getByRole('button', { name: 'Reschedule' });
    expect(submit).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('radio', { name: '2:30 PM' }));
    await userEvent.click(submit);
    expect(await within(dialog).findByText(MESSAGES.rescheduleReasonRequired)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/bookings/b1/reschedule')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason for rescheduling'), 'Buyer asked for later');
    await userEvent.click(submit);
    await vi.waitFor(() => expect(api.callsTo('PUT', '/bookings/b1/reschedule')).toHaveLength(1));
    expect(api.callsTo('PUT', '/bookings/b1/reschedule')[0]?.body).toEqual({
      booking_date: '2030-06-12',
      booking_time: '14:30',
      reschedule_reason: 'Buyer asked for later',
    });
    // The details now show the new booking.
    expect(await screen.findByRole('button', { name: 'The original booking' })).toBeInTheDocument();
  });

  it("says so when the date has no free times, and shows a taken slot's 409", async () => {
    const { api } = renderBookings('/dashboard/bookings?booking=b1', {
      [slotsPath]: () =>
        json(200, { availableSlots: ['09:00:00'], agentAvailability: { isAvailable: true } }),
      'GET /booking/availability/agent/agent-1/2030-06-13': () =>
        json(200, { availableSlots: [], agentAvailability: { isAvailable: false } }),
      'PUT /bookings/b1/reschedule': () =>
        json(409, { error: 'That time was just booked. Pick another.', code: 'SLOT_TAKEN' }),
    });
    const details = await screen.findByRole('dialog', { name: 'Booking details' });
    await userEvent.click(await within(details).findByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule booking' });

    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-06-13' } });
    expect(await within(dialog).findByText(MESSAGES.noSlotsForDate)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-06-12' } });
    await userEvent.click(await within(dialog).findByRole('radio', { name: '9:00 AM' }));
    await userEvent.type(within(dialog).getByLabelText('Reason for rescheduling'), 'Clash');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That time was just booked. Pick another.',
    );
    expect(api.callsTo('PUT', '/bookings/b1/reschedule')).toHaveLength(1);
  });
});

/** The New booking dialog over the list; the agent's free times on 2030-07-01 are `slot`; POST answers `created`. */
async function openNewBooking(created: AgentBooking, slot: string) {
  const { api } = renderBookings('/dashboard/bookings', {
    'GET /bookings/free-slots/2030-07-01': () =>
      json(200, { availableSlots: [slot], agentAvailability: { isAvailable: true } }),
    'POST /bookings': () => json(201, { success: true, data: created }),
    [`GET /bookings/${created.id}`]: () => json(200, { success: true, data: created }),
  });
  await screen.findByText('Jane Buyer');
  await userEvent.click(screen.getByRole('button', { name: 'New booking' }));
  return { api, dialog: screen.getByRole('dialog', { name: 'New booking' }) };
}

describe('new booking and invitations', () => {
  it("opened before the agent's profile has loaded, the date fills in with today when it arrives", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-07-01T20:00:00Z'));
    try {
      let answerProfile: () => void = () => undefined;
      const profile = new Promise<Response>((resolve) => {
        answerProfile = () => resolve(json(200, { success: true, data: agentProfile }));
      });
      renderBookings('/dashboard/bookings', {
        'GET /agents/profile': () => profile,
        'GET /bookings/free-slots/2030-07-01': () =>
          json(200, { availableSlots: ['16:30:00'], agentAvailability: { isAvailable: true } }),
      });
      await screen.findByText('Jane Buyer');
      await userEvent.click(screen.getByRole('button', { name: 'New booking' }));
      const dialog = screen.getByRole('dialog', { name: 'New booking' });
      expect(within(dialog).getByLabelText('Date')).toHaveValue('');
      await act(async () => answerProfile());
      await waitFor(() => expect(within(dialog).getByLabelText('Date')).toHaveValue('2030-07-01'));
      expect(await within(dialog).findByRole('radio', { name: '4:30 PM' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("opens on today without an error, offers today's free times, and takes a typed time for an arranged or past showing (issue 19)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 4:00 PM in New York.
    vi.setSystemTime(new Date('2030-07-01T20:00:00Z'));
    try {
      const { api, dialog } = await openNewBooking(
        booking({ id: 'b8', status: 'completed', allowed_actions: [] }),
        '16:30:00',
      );
      expect(within(dialog).getByLabelText('Date')).toHaveValue('2030-07-01');
      expect(within(dialog).getByLabelText('Date')).not.toHaveAttribute('min');
      // Today's remaining free times, from the agent's own answer (the public one refuses today).
      const slot = await within(dialog).findByRole('radio', { name: '4:30 PM' });
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(
        within(dialog).getByRole('group', { name: 'Time · Eastern Time (New York)' }),
      ).toBeInTheDocument();
      expect(api.calls.some((call) => call.url.includes('/booking/availability/'))).toBe(false);
      await userEvent.click(slot);

      // Another time: typed, in the agent's zone; back to the free times with one click.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enter another time' }));
      const typed = within(dialog).getByLabelText('Time');
      expect(typed).toHaveValue('');
      expect(typed).toHaveAccessibleDescription(
        'Times in Eastern Time (New York). A time that has already passed is saved as a completed showing.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Pick a free time' }));
      expect(await within(dialog).findByRole('radio', { name: '4:30 PM' })).not.toBeChecked();

      // A past date can only be typed.
      fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-06-28' } });
      expect(within(dialog).getByLabelText('Time')).toHaveAccessibleDescription(
        /^This date has passed: enter when the showing took place\./,
      );
      expect(within(dialog).queryByRole('button', { name: 'Pick a free time' })).not.toBeInTheDocument();
      fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '08:00' } });
      // Back to a date with free times: the typed time does not linger unseen behind the picker.
      fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-07-01' } });
      expect(await within(dialog).findByRole('radio', { name: '4:30 PM' })).not.toBeChecked();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create booking' }));
      const times = within(dialog).getByRole('group', { name: 'Time · Eastern Time (New York)' });
      expect(await within(times).findByText(MESSAGES.requiredFieldsMissing)).toBeInTheDocument();
      expect(api.callsTo('POST', '/bookings')).toHaveLength(0);
      fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-06-28' } });
      fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '09:30' } });
      await userEvent.type(within(dialog).getByLabelText('Full name'), 'Sam Lee');
      await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
      await userEvent.type(within(dialog).getByLabelText('Phone'), '+1 555 010 0123');
      await userEvent.selectOptions(within(dialog).getByLabelText('Buyer type'), 'investor');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create booking' }));
      await vi.waitFor(() => expect(api.callsTo('POST', '/bookings')).toHaveLength(1));
      // The wall time goes as typed; the server makes it an instant in the agent's zone.
      expect(api.callsTo('POST', '/bookings')[0]?.body).toMatchObject({
        booking_date: '2030-06-28',
        booking_time: '09:30',
      });
      expect(api.calls.some((call) => call.url.includes('/free-slots/2030-06-28'))).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('several properties for one buyer: Professional gets "Plan a tour" to My day on the chosen date; Basic does not (issue 16)', async () => {
    const subscription = (plan: string) => ({
      'GET /payments/subscription': () =>
        json(200, { success: true, subscription: { status: 'active' }, plan: { id: plan } }),
    });
    const pro = renderBookings('/dashboard/bookings', subscription('pro'));
    await screen.findByText('Jane Buyer');
    await userEvent.click(screen.getByRole('button', { name: 'New booking' }));
    const dialog = screen.getByRole('dialog', { name: 'New booking' });
    const link = await within(dialog).findByRole('link', { name: 'Plan a tour' });
    const date = (within(dialog).getByLabelText('Date') as HTMLInputElement).value;
    expect(link).toHaveAttribute('href', `/dashboard/day?date=${date}`);
    pro.unmount();

    renderBookings('/dashboard/bookings', subscription('basic'));
    await screen.findByText('Jane Buyer');
    await userEvent.click(screen.getByRole('button', { name: 'New booking' }));
    const basic = screen.getByRole('dialog', { name: 'New booking' });
    await vi.waitFor(() => expect(within(basic).getByLabelText('Date')).toBeInTheDocument());
    expect(within(basic).queryByRole('link', { name: 'Plan a tour' })).not.toBeInTheDocument();
  });

  it('a booking without a property is not offered as a "Property Viewing" (the journeys walk, issue 29)', async () => {
    const { dialog } = await openNewBooking(booking({ id: 'b9', status: 'confirmed' }), '11:00:00');
    const purposes = () =>
      within(within(dialog).getByLabelText('Purpose'))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(within(dialog).getByLabelText('Property')).toHaveValue('');
    expect(purposes()).not.toContain('Property Viewing');
    expect(purposes()).not.toContain('Open House');
    expect(within(dialog).getByLabelText('Purpose')).toHaveValue('private_showing');
    await vi.waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: '88 Riverside Drive' })).toHaveLength(1),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Property'), '7');
    expect(within(dialog).getByLabelText('Purpose')).toHaveValue('property_viewing');
    expect(purposes()).toContain('Property Viewing');
  });

  it('books a buyer in with agentBookingCreateSchema', async () => {
    const { api, dialog } = await openNewBooking(booking({ id: 'b9', status: 'confirmed' }), '11:00:00');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create booking' }));
    expect(await within(dialog).findByText(MESSAGES.fullNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.buyerTypeRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/bookings')).toHaveLength(0);

    await vi.waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: '88 Riverside Drive' })).toHaveLength(1),
    );
    await userEvent.selectOptions(within(dialog).getByLabelText('Property'), '7');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2030-07-01' } });
    await userEvent.click(await within(dialog).findByRole('radio', { name: '11:00 AM' }));
    await userEvent.type(within(dialog).getByLabelText('Full name'), 'Sam Lee');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(within(dialog).getByLabelText('Phone'), '+1 555 010 0123');
    await userEvent.selectOptions(within(dialog).getByLabelText('Buyer type'), 'investor');
    await userEvent.selectOptions(within(dialog).getByLabelText('Budget range'), '1000000+');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create booking' }));

    await vi.waitFor(() => expect(api.callsTo('POST', '/bookings')).toHaveLength(1));
    expect(api.callsTo('POST', '/bookings')[0]?.body).toEqual({
      property_id: 7,
      client_name: 'Sam Lee',
      client_email: 'sam@example.com',
      client_phone: '+1 555 010 0123',
      buyer_type: 'investor',
      budget_min: 1000000,
      budget_max: null,
      income_range: null,
      booking_purpose: 'property_viewing',
      custom_purpose: null,
      booking_date: '2030-07-01',
      booking_time: '11:00',
      message: null,
    });
    expect(await screen.findByRole('dialog', { name: 'Booking details' })).toBeInTheDocument();
  });

  it('invites a buyer: a link with the prefill, shown ready to copy', async () => {
    const user = userEvent.setup();
    const link = {
      id: 'l1',
      url: 'https://app.keyturn.example/booking/l1',
      label: 'Smith family',
      property_id: 7,
      prefill: { buyer_name: 'Ann Smith', buyer_type: 'home_owner' },
      is_active: true,
      created_at: '2030-06-01T12:00:00.000Z',
    };
    const { api } = renderBookings('/dashboard/bookings', {
      'POST /booking-links': () => json(201, { success: true, data: link }),
    });
    await screen.findByText('Jane Buyer');
    await user.click(screen.getByRole('button', { name: 'Invite a buyer' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a buyer' });
    await user.type(within(dialog).getByLabelText('Label'), 'Smith family');
    await vi.waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: '88 Riverside Drive' })).toHaveLength(1),
    );
    await user.selectOptions(within(dialog).getByLabelText('Property'), '7');
    await user.type(within(dialog).getByLabelText("Buyer's name"), 'Ann Smith');
    await user.selectOptions(within(dialog).getByLabelText('Buyer type'), 'home_owner');
    await user.selectOptions(within(dialog).getByLabelText('Budget range'), '300000-400000');
    await user.click(within(dialog).getByRole('button', { name: 'Create invitation link' }));

    await vi.waitFor(() => expect(api.callsTo('POST', '/booking-links')).toHaveLength(1));
    expect(api.callsTo('POST', '/booking-links')[0]?.body).toEqual({
      label: 'Smith family',
      property_id: 7,
      prefill: { buyer_name: 'Ann Smith', buyer_type: 'home_owner', budget_min: 300000, budget_max: 400000 },
    });
    const ready = await screen.findByRole('dialog', { name: 'Invitation ready' });
    expect(within(ready).getByLabelText('Invitation link')).toHaveValue(link.url);
    await user.click(within(ready).getByRole('button', { name: 'Copy invitation link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(link.url);
  });
});
