// Buyer messages that mislead (issue 29): the header follows the purpose chosen, a details link whose time is
// gone says so and offers the date's times, the toast says what really happened (requested or booked), and a
// reschedule that gives up a confirmed time says so before it is sent (WCAG 3.3.7).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@keyturn/domain/messages';
import { json } from '@/test/utils';
import { GIVES_UP_CONFIRMED } from '../components/details-panel';
import {
  AGENT_ID,
  TOMORROW,
  bookingAnswer,
  fillDetails,
  pickDateAndTime,
  renderBooking,
  slotsAnswer,
  withBookingClock,
} from '../test-fixtures';

withBookingClock();

const panel = () => within(screen.getByRole('complementary', { name: 'About this booking' }));

describe('the panel header follows the purpose chosen', () => {
  it('"Consultation Session" until a viewing is chosen, then "Property Viewing"; any other purpose is a consultation (the spec\'s two names)', async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    expect(panel().getByRole('heading', { name: 'Consultation Session' })).toBeInTheDocument();
    await user.click(await screen.findByRole('radio', { name: 'Property Viewing' }));
    expect(panel().getByRole('heading', { name: 'Property Viewing' })).toBeInTheDocument();
    expect(
      panel().getByText('This will be a 30-minute property viewing session with Dana Scully.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Property Valuation' }));
    expect(panel().getByRole('heading', { name: 'Consultation Session' })).toBeInTheDocument();
    expect(
      panel().getByText('This will be a 30-minute consultation session with Dana Scully.'),
    ).toBeInTheDocument();
  });
});

describe('a details link whose time is gone', () => {
  it('says the time is no longer available and shows the date\'s times, not "complete all required fields"', async () => {
    const { user, api } = renderBooking(`/dana/12-main-st/42/book?step=details&date=${TOMORROW}&time=11:30`);
    expect(
      await screen.findByText('The time you picked is no longer available. Please pick a new time.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2:00 PM' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.requiredFieldsMissing)).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/booking')[0]?.body).toMatchObject({ booking_time: '14:00' });
  });
});

describe('the toast says what really happened', () => {
  it('a request that awaits the agent is "Request sent", not "submitted successfully"', async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      'POST /booking': () => json(201, { success: true, booking: bookingAnswer({ status: 'pending' }) }),
    });
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeInTheDocument();
    expect(
      await screen.findByText('Request sent. It is not booked until the agent confirms it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument();
  });

  const reschedulePrefill = (givesUp: boolean) => ({
    buyer_name: 'Fox Mulder',
    buyer_email: 'fox@example.com',
    buyer_phone: '+1 555 010 0199',
    buyer_type: 'investor',
    booking_purpose: 'property_viewing',
    action: 'reschedule',
    booking_id: 'b-1',
    booking_date: '2031-03-05',
    booking_time: '10:00',
    gives_up_confirmed: givesUp,
  });

  it('a reschedule that awaits the agent says so before it is sent, and its toast says "New time requested"', async () => {
    const { user } = renderBooking('/booking/reschedule?token=tok-1', {
      'GET /booking/prefill': () =>
        json(200, { success: true, agent_id: AGENT_ID, property_id: 42, prefill: reschedulePrefill(true) }),
      'GET /booking/availability/42/2031-03-05': () =>
        slotsAnswer(['10:00:00', '11:00:00'], true, '2031-03-05'),
      'POST /booking/reschedule': () =>
        json(200, {
          success: true,
          booking: bookingAnswer({ status: 'pending', booking_date: '2031-03-05', booking_time: '11:00' }),
        }),
    });
    expect(await screen.findByText('Selected: 10:00 AM')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm Reschedule' });
    expect(screen.getByText(GIVES_UP_CONFIRMED)).toBeInTheDocument();
    expect(confirm).toHaveAccessibleDescription(GIVES_UP_CONFIRMED);
    await user.type(screen.getByLabelText('Reason for rescheduling'), 'My flight moved');
    await user.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Request sent' })).toBeInTheDocument();
    expect(
      await screen.findByText('New time requested. It is not booked until the agent confirms it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.bookingRescheduled)).not.toBeInTheDocument();
  });

  it('without approval the reschedule form carries no such notice', async () => {
    const { user } = renderBooking('/booking/reschedule?token=tok-1', {
      'GET /booking/prefill': () =>
        json(200, { success: true, agent_id: AGENT_ID, property_id: 42, prefill: reschedulePrefill(false) }),
      'GET /booking/availability/42/2031-03-05': () =>
        slotsAnswer(['10:00:00', '11:00:00'], true, '2031-03-05'),
    });
    expect(await screen.findByText('Selected: 10:00 AM')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
    expect(
      await screen.findByRole('button', { name: 'Confirm Reschedule' }),
    ).not.toHaveAccessibleDescription();
    expect(screen.queryByText(GIVES_UP_CONFIRMED)).not.toBeInTheDocument();
  });
});
