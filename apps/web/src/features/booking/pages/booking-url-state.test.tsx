// Issue 19: the booking flow's state lives in the address (step, purpose, property, date, time and the slot's
// instant) and the details typed in the tab's session storage: the browser's back and forward walk the
// steps, a reload (a fresh mount at the same address) resumes where the buyer was, a shared link opens the
// same step.
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  AGENT_ID,
  TOMORROW,
  fillDetails,
  pickDateAndTime,
  renderBooking,
  withBookingClock,
} from '../test-fixtures';

withBookingClock();

function query(router: { state: { location: { search: string } } }) {
  return Object.fromEntries(new URLSearchParams(router.state.location.search));
}

describe('booking flow in the address (issue 19)', () => {
  it('writes every choice to the query, and the browser back and forward walk the steps keeping them', async () => {
    const { user, router } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('radio', { name: 'Property Viewing' }));
    expect(query(router)).toMatchObject({ step: 'purpose', purpose: 'property_viewing' });
    await user.click(screen.getByRole('button', { name: 'Continue to Property' }));
    await user.click(await screen.findByRole('button', { name: /12 Main St/ }));
    await pickDateAndTime(user);
    await screen.findByRole('heading', { name: 'Enter Your Details' });
    // The spec's own parameters: date yyyy-MM-dd and time HH:mm; the slot's instant from the server as `at`.
    expect(query(router)).toEqual({
      step: 'details',
      purpose: 'property_viewing',
      property: '42',
      date: TOMORROW,
      time: '14:00',
      at: `${TOMORROW}T14:00:00-05:00`,
    });
    await fillDetails(user);

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Selected: 2:00 PM')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Select a Property' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('radio', { name: 'Property Viewing' })).toBeChecked();

    await act(() => router.navigate(1));
    await act(() => router.navigate(1));
    expect(await screen.findByText('Selected: 2:00 PM')).toBeInTheDocument();
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { name: 'Enter Your Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Fox Mulder');
    expect(screen.getByLabelText('Buyer type')).toHaveValue('investor');
  });

  it('the Back button steps back through the history it came by (no extra entries)', async () => {
    const { user, router } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('radio', { name: 'Private Showing' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
    await screen.findByRole('heading', { name: 'Select a Date & Time' });
    const arrivedBy = router.state.historyAction;
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: 'Private Showing' })).toBeChecked();
    expect(arrivedBy).toBe('PUSH');
    expect(router.state.historyAction).toBe('POP');
  });

  it('a reload on the details step resumes there with the form the buyer typed', async () => {
    const first = renderBooking('/dana/12-main-st/42/book');
    await pickDateAndTime(first.user);
    await fillDetails(first.user);
    const address = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    first.unmount();

    renderBooking(address);
    expect(await screen.findByRole('heading', { name: 'Enter Your Details' })).toBeInTheDocument();
    expect(await screen.findByText(/2:00 PM/)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Fox Mulder');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555 010 0199');
  });

  it('a shared link opens the same step with its choices (details of a date and time)', async () => {
    renderBooking(`/dana/12-main-st/42/book?step=details&date=${TOMORROW}&time=14:00`);
    expect(await screen.findByRole('heading', { name: 'Enter Your Details' })).toBeInTheDocument();
    expect(await screen.findByText(/2:00 PM/)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it('a link to details without a time opens the calendar; to confirmation without a booking, details', async () => {
    const { unmount } = renderBooking(`/dana/12-main-st/42/book?step=details&date=${TOMORROW}`);
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    unmount();
    renderBooking(`/dana/12-main-st/42/book?step=confirmation&date=${TOMORROW}&time=14:00`);
    expect(await screen.findByRole('heading', { name: 'Enter Your Details' })).toBeInTheDocument();
  });

  it('a reload on the confirmation shows the same booking again, without a second submit', async () => {
    const first = renderBooking('/dana/12-main-st/42/book');
    await pickDateAndTime(first.user);
    await fillDetails(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    const address = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    first.unmount();

    const second = renderBooking(address);
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(second.api.callsTo('POST', '/booking')).toHaveLength(0);
  });

  it('an old link with a username the agent no longer uses opens the page, moved to the current name', async () => {
    const { router } = renderBooking(`/dana-old/12-main-st/42/book?date=${TOMORROW}&time=14:00`);
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dana/12-main-st/42/book'));
    expect(query(router)).toMatchObject({ date: TOMORROW, time: '14:00' });
    expect(await screen.findByText('Selected: 2:00 PM')).toBeInTheDocument();
  });

  it('/bookme/:agentId/:oldName moves to the current username', async () => {
    const { router } = renderBooking(`/bookme/${AGENT_ID}/dana-old`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/bookme/${AGENT_ID}/dana`));
    expect(await screen.findByRole('radio', { name: 'Property Viewing' })).toBeInTheDocument();
  });
});
