// Issue 44 "Held times" on the booking page: reaching the details step holds the chosen time (the page says for
// how long), the booking carries the hold, going back lets it go, a reload keeps it though the slots no longer
// offer the time, and a time someone else holds sends the buyer back to the calendar in the server's words.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOLD_TEXTS } from '@keyturn/domain/slots/holds';
import { json } from '@/test/utils';
import {
  AGENT_ID,
  NOW,
  bookingAnswer,
  TOMORROW,
  fillDetails,
  pickDateAndTime,
  renderBooking,
  reschedulePrefill,
  slotsAnswer,
  withBookingClock,
} from '../test-fixtures';

withBookingClock();

const STARTS_AT = '2031-03-04T14:00:00-05:00';
const heldAnswer =
  (token = 'hold-token-1234') =>
  () =>
    json(201, {
      success: true,
      hold: {
        token,
        starts_at: '2031-03-04T19:00:00.000Z',
        expires_at: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
        minutes: 5,
      },
    });

describe('booking page: the chosen time is held (issue 44)', () => {
  it('holds the time on the details step, says for how long, and books with the hold', async () => {
    const { api, user } = renderBooking('/dana/12-main-st/42/book', { 'POST /booking/holds': heldAnswer() });
    await pickDateAndTime(user, '2:00 PM');
    await waitFor(() => expect(api.callsTo('POST', '/booking/holds')).toHaveLength(1));
    expect(api.callsTo('POST', '/booking/holds')[0]?.body).toEqual({
      agent_id: expect.any(String),
      property_id: 42,
      booking_date: TOMORROW,
      booking_time: '14:00',
      starts_at: STARTS_AT,
      replaces: null,
      reschedule_token: null,
    });
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent(
      /We’re holding 2:00 PM .* for you for 5:00 while you fill this in\./,
    );
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    expect(api.callsTo('POST', '/booking')[0]?.body).toMatchObject({
      starts_at: STARTS_AT,
      hold_token: 'hold-token-1234',
    });
  });

  it('going back to the calendar lets the hold go', async () => {
    const { api, user } = renderBooking('/dana/12-main-st/42/book', {
      'POST /booking/holds': heldAnswer(),
      'DELETE /booking/holds/hold-token-1234': () => json(200, { success: true }),
    });
    await pickDateAndTime(user, '2:00 PM');
    await screen.findByTestId('hold-notice');
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(api.callsTo('DELETE', '/booking/holds/hold-token-1234')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
  });

  it('a reload keeps the hold: the held time stays chosen though the slots no longer offer it', async () => {
    const first = renderBooking('/dana/12-main-st/42/book', { 'POST /booking/holds': heldAnswer() });
    await pickDateAndTime(first.user, '2:00 PM');
    await screen.findByTestId('hold-notice');
    const { location } = first.router.state;
    first.unmount();
    // The reloaded page's slots: 2:00 PM is held, so not offered; no second hold is asked for.
    const again = renderBooking(`${location.pathname}${location.search}`, {
      [`GET /booking/availability/42/${TOMORROW}`]: () => slotsAnswer(['10:00:00', '11:00:00']),
    });
    expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
    expect(await screen.findByTestId('hold-notice')).toBeInTheDocument();
    expect(again.api.callsTo('POST', '/booking/holds')).toHaveLength(0);
  });

  it("the assistant's form link hands its hold over: the page's own hold replaces it at once", async () => {
    const handed = new URLSearchParams({
      step: 'details',
      date: TOMORROW,
      time: '14:00',
      at: STARTS_AT,
      hold: 'assistant-hold-5678',
    });
    // The date's times leave 2:00 PM out (the assistant holds it), yet the form is for that time.
    const { api } = renderBooking(`/dana/12-main-st/42/book?${handed.toString()}`, {
      [`GET /booking/availability/42/${TOMORROW}`]: () => slotsAnswer(['10:00:00', '11:00:00']),
      'POST /booking/holds': heldAnswer(),
    });
    expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/booking/holds')).toHaveLength(1));
    expect(api.callsTo('POST', '/booking/holds')[0]?.body).toMatchObject({
      starts_at: STARTS_AT,
      replaces: 'assistant-hold-5678',
    });
    expect(await screen.findByTestId('hold-notice')).toHaveTextContent(/for you for 5:00/);
  });

  it('a time someone else holds: the buyer is told and is back on the calendar', async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      'POST /booking/holds': () => json(409, { error: HOLD_TEXTS.heldByOther, code: 'SLOT_TAKEN' }),
    });
    await pickDateAndTime(user, '2:00 PM');
    expect(await screen.findByText(HOLD_TEXTS.heldByOther)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });

  it('rescheduling holds the new time with the booking’s token and moves with the hold', async () => {
    const { api, user } = renderBooking('/booking/reschedule?token=tok-1', {
      'GET /booking/prefill': () =>
        json(200, { success: true, agent_id: AGENT_ID, property_id: 42, prefill: reschedulePrefill }),
      'GET /booking/availability/42/2031-03-05': () => slotsAnswer(['10:00:00', '11:00:00']),
      'POST /booking/holds': heldAnswer('hold-for-move-1'),
      'POST /booking/reschedule': () =>
        json(200, {
          success: true,
          booking: bookingAnswer({ booking_date: '2031-03-05', booking_time: '11:00' }),
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
    await waitFor(() => expect(api.callsTo('POST', '/booking/holds')).toHaveLength(1));
    expect(api.callsTo('POST', '/booking/holds')[0]?.body).toMatchObject({
      booking_date: '2031-03-05',
      booking_time: '11:00',
      reschedule_token: 'tok-1',
    });
    await user.type(await screen.findByLabelText('Reason for rescheduling'), 'My flight moved');
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByRole('heading', { name: 'Booking Rescheduled!' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking/reschedule')[0]?.body).toMatchObject({
      token: 'tok-1',
      hold_token: 'hold-for-move-1',
    });
  });
});
