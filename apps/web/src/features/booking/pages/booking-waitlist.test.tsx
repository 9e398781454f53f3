// Issue 44 "Waitlist" on the booking page: a property's date without open times offers its waiting list, on the
// calendar and on the time step; the form loads when opened and joins the list for the property being booked
// (the route's, or the one picked on the agent's page). Not offered for a consultation or while rescheduling.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@keyturn/domain/messages';
import { WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import { json } from '@/test/utils';
import {
  AGENT_ID,
  TOMORROW,
  TOMORROW_LABEL,
  fillDetails,
  renderBooking,
  reschedulePrefill,
  slotsAnswer,
  withBookingClock,
} from '../test-fixtures';

const TEXT = WAITLIST_TEXTS.join;
const noTimes = { [`GET /booking/availability/42/${TOMORROW}`]: () => slotsAnswer([]) };

withBookingClock();

describe('booking page: the waiting list of a date without times (issue 44)', () => {
  it('offers it under the calendar’s empty date; the form opens with the focus on its heading, Cancel closes it', async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', noTimes);
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    expect(await screen.findByText(MESSAGES.noSlotsForDate)).toBeInTheDocument();
    // The offer's words come in their own chunk: awaited, not assumed loaded with the empty date.
    expect(await screen.findByText(TEXT.offerNoTimes)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: TEXT.button }));
    const heading = await screen.findByRole('heading', { name: TEXT.heading(TOMORROW_LABEL) });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: TEXT.consent })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: TEXT.cancel }));
    expect(screen.queryByRole('heading', { name: TEXT.heading(TOMORROW_LABEL) })).toBeNull();
    expect(screen.getByRole('button', { name: TEXT.button })).toHaveFocus();
  });

  it("joins for the property picked on the agent's page, on the time step too", async () => {
    const { api, user } = renderBooking(
      `/bookme/${AGENT_ID}/dana?step=time&purpose=property_viewing&property=42&date=${TOMORROW}`,
      {
        ...noTimes,
        'POST /booking/waitlist': () =>
          json(201, {
            success: true,
            data: { token: 'wt-1', date: TOMORROW, part: 'any', place: 1, already: false },
          }),
      },
    );
    expect(await screen.findByRole('heading', { name: 'Select a Time' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: TEXT.button }));
    await screen.findByRole('heading', { name: TEXT.heading(TOMORROW_LABEL) });
    await fillDetails(user);
    await user.click(screen.getByRole('checkbox', { name: TEXT.consent }));
    await user.click(screen.getByRole('button', { name: TEXT.submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      TEXT.joined(TOMORROW_LABEL, 'Any time that day', 1),
    );
    expect(api.callsTo('POST', '/booking/waitlist')[0]?.body).toMatchObject({
      agent_id: AGENT_ID,
      property_id: 42,
      date: TOMORROW,
      contact_consent: true,
    });
  });

  it('is not offered for a consultation', async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`, {
      [`GET /booking/availability/agent/${AGENT_ID}/${TOMORROW}`]: () => slotsAnswer([]),
    });
    await user.click(await screen.findByRole('radio', { name: 'Property Valuation' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    expect(await screen.findByText(MESSAGES.noSlotsForDate)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.button })).toBeNull();
  });

  it('is not offered while rescheduling', async () => {
    renderBooking('/booking/reschedule?token=tok-1', {
      'GET /booking/prefill': () =>
        json(200, { success: true, agent_id: AGENT_ID, property_id: 42, prefill: reschedulePrefill }),
      'GET /booking/availability/42/2031-03-05': () => slotsAnswer([], true, '2031-03-05'),
    });
    expect(await screen.findByText(MESSAGES.noSlotsForDate)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXT.button })).toBeNull();
  });
});
