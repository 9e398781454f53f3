import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { json, renderRoutes, stubApi } from '@/test/utils';
import { AGENT_ID, bookingRoutes, managed } from '../test-fixtures';
import type { Routes } from '../test-fixtures';

function renderManage(path: string, routes: Routes) {
  const api = stubApi(routes);
  const rendered = renderRoutes(bookingRoutes, path);
  return { ...rendered, api, user: userEvent.setup({ delay: null }) };
}

/** What and when of managed(), as the summary shows them. */
const WHAT_AND_WHEN = [
  'Tuesday, March 4, 2031',
  '2:00 PM Eastern Time (New York)',
  '12 Main St, Springfield, IL',
];

const manageAnswer = (booking: ManagedBooking) => () => json(200, { success: true, booking });

afterEach(() => {
  toast.remove();
});

describe('manage booking page (/booking/manage)', () => {
  it("shows the booking: date, time in the agent's zone, property, agent and status, with its actions", async () => {
    const { api } = renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': manageAnswer(managed()),
    });
    expect(await screen.findByText('Confirmed')).toBeInTheDocument();
    const facts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(facts).toEqual(
      expect.arrayContaining([
        ...WHAT_AND_WHEN,
        'Dana Scully, Scully Homes',
        'Property Viewing',
        'Fox Mulder',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Reschedule' })).toHaveAttribute(
      'href',
      '/booking/reschedule?token=mt-1',
    );
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/booking/manage')[0]?.url).toContain('token=mt-1');
  });

  it('inside the cut-off (issue 44): no Reschedule or Cancel, the agent’s rule in plain words, the contact kept', async () => {
    renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': manageAnswer(
        managed({
          can_cancel: false,
          can_reschedule: false,
          changes_closed: { hours: 24, closed_at: '2031-03-03T19:00:00.000Z' },
        }),
      ),
    });
    expect(
      await screen.findByText(
        'Dana Scully takes changes to a showing only up to 24 hours before it starts, so it can no longer be ' +
          'cancelled or rescheduled here. Your showing is unchanged: call or text Dana Scully to change it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.getByText(/Questions\? Contact Dana Scully/)).toBeInTheDocument();
  });

  it("shows a consultation as 'Consultation with agent'", async () => {
    renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': manageAnswer(managed({ property: null, booking_purpose: 'property_valuation' })),
    });
    expect(await screen.findByText('Consultation with agent')).toBeInTheDocument();
    expect(screen.getByText('Property Valuation')).toBeInTheDocument();
  });

  it('cancels through a dialog with an optional reason, then shows the cancelled page', async () => {
    let status: ManagedBooking['status'] = 'confirmed';
    const { api, user, router } = renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': () => json(200, { success: true, booking: managed({ status }) }),
      'POST /booking/cancel': () => {
        status = 'cancelled';
        return json(200, { success: true, booking: managed({ status }) });
      },
    });
    const cancel = await screen.findByRole('button', { name: 'Cancel booking' });
    await user.click(cancel);

    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    const reason = within(dialog).getByLabelText('Reason (optional)');
    expect(reason).toHaveFocus();

    // Escape closes it and gives focus back to the button that opened it.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();

    await user.click(cancel);
    const reopened = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    // Focus stays inside: Tab from the last control wraps to the first, Shift+Tab from the first to the last.
    const confirm = within(reopened).getByRole('button', { name: 'Cancel booking' });
    confirm.focus();
    await user.tab();
    expect(within(reopened).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.type(within(reopened).getByLabelText('Reason (optional)'), 'Found another home');
    await user.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/cancelled'));
    expect(router.state.location.search).toBe('?token=mt-1');
    expect(api.callsTo('POST', '/booking/cancel')[0]?.body).toEqual({
      token: 'mt-1',
      reason: 'Found another home',
    });
    // Issue 19: the cancelled page keeps the agent's branding and says what was cancelled, from the server.
    expect(await screen.findByRole('heading', { name: 'Booking Cancelled' })).toBeInTheDocument();
    expect(await screen.findByText(/This appointment is cancelled/)).toBeInTheDocument();
    expect(screen.getByText('Scully Homes')).toBeInTheDocument();
    const facts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(facts).toEqual(expect.arrayContaining(WHAT_AND_WHEN));
    expect(screen.getByRole('link', { name: 'Book a new time' })).toHaveAttribute(
      'href',
      `/bookme/${AGENT_ID}/dana`,
    );
    // Issue 29: its button is in the agent's colour, not Keyturn blue.
    const again = screen.getByRole('link', { name: 'Book a new time' });
    expect(again.className).toContain('bg-[var(--kt-primary');
    expect(again.className).not.toContain('bg-blue-600');
  });

  it('the cancelled page of a consultation says so; without a token it stays plain', async () => {
    const { unmount } = renderManage('/booking/cancelled?token=mt-2', {
      'GET /booking/manage': manageAnswer(managed({ status: 'cancelled', property: null })),
    });
    expect(await screen.findByText('Consultation with agent')).toBeInTheDocument();
    unmount();
    renderManage(`/booking/cancelled?agent=${AGENT_ID}`, {});
    expect(await screen.findByRole('heading', { name: 'Booking Cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a new time' })).toHaveAttribute(
      'href',
      `/bookme/${AGENT_ID}`,
    );
  });

  it('sends no reason when none is given', async () => {
    const { api, user } = renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': manageAnswer(managed()),
      'POST /booking/cancel': () => json(200, { success: true, booking: managed({ status: 'cancelled' }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel booking' }));
    await screen.findByRole('heading', { name: 'Booking Cancelled' });
    expect(api.callsTo('POST', '/booking/cancel')[0]?.body).toEqual({ token: 'mt-1' });
  });

  it('keeps the booking when the dialog is dismissed with Keep booking', async () => {
    const { api, user } = renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': manageAnswer(managed()),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/booking/cancel')).toHaveLength(0);
  });

  it('shows the server’s message and the booking as it now is when it was already cancelled (409)', async () => {
    let reads = 0;
    const { user } = renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': () =>
        json(200, {
          success: true,
          booking:
            ++reads === 1
              ? managed()
              : managed({ status: 'cancelled', can_cancel: false, can_reschedule: false }),
        }),
      'POST /booking/cancel': () =>
        json(409, { error: 'This booking is already cancelled.', code: 'BOOKING_NOT_ACTIVE' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByText('This booking is already cancelled.')).toBeInTheDocument();
    expect(await screen.findByText('This booking has been cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it('shows a cancelled booking with its state and no actions', async () => {
    renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': manageAnswer(
        managed({ status: 'cancelled', can_cancel: false, can_reschedule: false }),
      ),
    });
    expect(await screen.findByText('This booking has been cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it('"Confirm I’m coming" confirms once and then says so with the time (issue 33)', async () => {
    let confirmed = false;
    const { api, user } = renderManage('/booking/manage?token=mt-1', {
      'GET /booking/manage': () =>
        json(200, {
          success: true,
          booking: managed(
            confirmed
              ? {
                  can_confirm: false,
                  buyer_confirmed_at: '2031-03-03T15:00:00Z',
                  buyer_confirmed_via: 'page',
                }
              : { can_confirm: true, buyer_confirmed_at: null, buyer_confirmed_via: null },
          ),
        }),
      'POST /booking/confirm': () => {
        confirmed = true;
        return json(200, { success: true, booking: managed() });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm I’m coming' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^You confirmed you're coming \(here, Mar 3, 2031/,
    );
    // Labelled with its zone (the buyer's), unlike the page's times in the agent's.
    expect(screen.getByRole('status').textContent).toMatch(/\d{1,2}:\d{2} [AP]M [A-Z]{2,5}([+-]\d+)?\)\.$/);
    expect(api.callsTo('POST', '/booking/confirm')[0]?.body).toEqual({ token: 'mt-1' });
    expect(screen.queryByRole('button', { name: 'Confirm I’m coming' })).not.toBeInTheDocument();
  });

  it('says when the booking does not exist', async () => {
    renderManage('/booking/manage?token=nope', {
      'GET /booking/manage': () => json(404, { error: 'Not found', code: 'BOOKING_NOT_FOUND' }),
    });
    expect(await screen.findByRole('heading', { name: 'Booking Not Found' })).toBeInTheDocument();
  });

  it('asks for the e-mail link when the token is missing, without calling the API', () => {
    const { api } = renderManage('/booking/manage', {});
    expect(screen.getByRole('heading', { name: 'Manage your booking' })).toBeInTheDocument();
    expect(screen.getByText(/missing its booking reference/)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe('booking cancelled page (/booking/cancelled)', () => {
  it('offers the agent’s booking page again when the agent is known', () => {
    renderManage(`/booking/cancelled?agent=${AGENT_ID}`, {});
    expect(screen.getByRole('heading', { name: 'Booking Cancelled' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a new time' })).toHaveAttribute(
      'href',
      `/bookme/${AGENT_ID}`,
    );
  });

  it('links home without an agent', () => {
    renderManage('/booking/cancelled', {});
    expect(screen.queryByRole('link', { name: 'Book a new time' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
