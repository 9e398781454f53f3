// Spec §3 analytics moments of the public pages, through the consent-gated queue: booking created and
// confirmed when the buyer's submit succeeds, an error event when it is refused, booking cancelled and the
// cancellation reason when the buyer cancels — and nothing at all without consent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsent } from '@/lib/consent';
import { json, renderRoutes, stubApi } from '@/test/utils';
import {
  NOW,
  TOMORROW,
  baseRoutes,
  bookingAnswer,
  bookingRoutes,
  fillDetails,
  managed,
  pickDateAndTime,
  property,
} from '../test-fixtures';
import type { Routes } from '../test-fixtures';

function render(path: string, routes: Routes) {
  const api = stubApi(routes);
  const rendered = renderRoutes(bookingRoutes, path);
  return { ...rendered, api, user: userEvent.setup({ delay: null }) };
}

const events = (name: string) => (window.dataLayer ?? []).filter((e) => e.event === name);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  window.dataLayer = [];
});
afterEach(() => {
  vi.useRealTimers();
  toast.remove();
});

async function book(routes: Routes = {}) {
  const rendered = render('/dana/12-main-st/42/book', { ...baseRoutes(), ...routes });
  await pickDateAndTime(rendered.user);
  await fillDetails(rendered.user);
  await rendered.user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
  return rendered;
}

describe('booking page analytics', () => {
  it('a confirmed booking fires booking_created and booking_confirmed with id, address, date and status', async () => {
    setConsent('accepted');
    await book();
    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    const booking = {
      id: 'b-100',
      property_address: property.address,
      appointment_date: TOMORROW,
      status: 'confirmed',
    };
    expect(events('booking_created')).toEqual([{ event: 'booking_created', booking }]);
    expect(events('booking_confirmed')).toEqual([{ event: 'booking_confirmed', booking }]);
  });

  it('a pending request fires booking_created only', async () => {
    setConsent('accepted');
    await book({
      'POST /booking': () => json(201, { success: true, booking: bookingAnswer({ status: 'pending' }) }),
    });
    await screen.findByRole('heading', { name: 'Request sent' });
    expect(events('booking_created')).toHaveLength(1);
    expect(events('booking_created')[0]).toMatchObject({ booking: { status: 'pending' } });
    expect(events('booking_confirmed')).toHaveLength(0);
  });

  it('a refused submit fires the error event with message, code and page URL', async () => {
    setConsent('accepted');
    await book({
      'POST /booking': () =>
        json(403, {
          error: 'This agent cannot take more bookings this month.',
          code: 'BOOKING_LIMIT_REACHED',
        }),
    });
    await screen.findByText('This agent cannot take more bookings this month.');
    expect(events('app_error')).toEqual([
      {
        event: 'app_error',
        error: {
          message: 'This agent cannot take more bookings this month.',
          code: 'BOOKING_LIMIT_REACHED',
          page_url: window.location.href,
        },
      },
    ]);
    expect(events('booking_created')).toHaveLength(0);
  });

  it('without consent nothing is queued', async () => {
    await book();
    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    expect(window.dataLayer).toEqual([]);
  });
});

describe('manage page analytics', () => {
  const booking = managed();

  async function cancel(reason: string) {
    const { user, router } = render('/booking/manage?token=mt-1', {
      'GET /booking/manage': () => json(200, { success: true, booking }),
      'POST /booking/cancel': () =>
        json(200, { success: true, booking: { ...booking, status: 'cancelled' } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    if (reason) await user.type(within(dialog).getByLabelText('Reason (optional)'), reason);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/cancelled'));
  }

  it('cancelling fires booking_cancelled and the reason given', async () => {
    setConsent('accepted');
    await cancel('Found another home');
    expect(events('booking_cancelled')).toEqual([
      {
        event: 'booking_cancelled',
        booking: {
          id: 'b-100',
          property_address: property.address,
          appointment_date: '2031-03-04',
          status: 'cancelled',
        },
      },
    ]);
    expect(events('booking_cancellation')).toEqual([
      { event: 'booking_cancellation', cancellation: { reason: 'Found another home' } },
    ]);
  });

  it("without a reason the cancellation reason is 'user_cancelled'", async () => {
    setConsent('accepted');
    await cancel('');
    expect(events('booking_cancellation')).toEqual([
      { event: 'booking_cancellation', cancellation: { reason: 'user_cancelled' } },
    ]);
  });
});
