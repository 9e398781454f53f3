// Issue 44 "Open houses with capacity" on the booking page: under a property's calendar, its open houses with each
// 30-minute time and the places left (a full time off); choosing a time opens the registration form (the buyer's
// contact fields, the texts box when the agent texts buyers), which registers a booking and gives its manage link.
// A time that filled up meanwhile says so and the list is asked again. Nothing for a property without open houses
// or when the list cannot be read, nor for a consultation or while rescheduling.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpenHouseView } from '@keyturn/domain/schemas/openHouses';
import { OPEN_HOUSE_FULL_CODE, OPEN_HOUSE_TEXTS } from '@keyturn/domain/slots/openHouse';
import { SMS_CONSENT_WORDING } from '@keyturn/domain/texts/consent';
import { json } from '@/test/utils';
import type { RecordedCall } from '@/test/utils';
import {
  AGENT_ID,
  TOMORROW_LABEL,
  bookingAnswer,
  fillDetails,
  renderBooking,
  reschedulePrefill,
  slotsAnswer,
  withBookingClock,
} from '../test-fixtures';
import type { Routes } from '../test-fixtures';

const TEXT = OPEN_HOUSE_TEXTS.public;
const PROPERTY_PAGE = '/dana/12-main-st/42/book';
const DAY = 'Saturday, March 8, 2031 · Eastern Time (New York)';
const WHEN = 'Saturday, March 8, 2031, 1:00 PM Eastern Time (New York)';

/** Saturday, March 8, 2031, 1:00–2:00 PM New York (EST), 3 groups a time; the second time is full. */
const openHouse = (overrides: Partial<OpenHouseView> = {}): OpenHouseView => ({
  id: 'oh-1',
  property: { id: 42, address: '12 Main St' },
  starts_at: '2031-03-08T18:00:00.000Z',
  ends_at: '2031-03-08T19:00:00.000Z',
  time_zone: 'America/New_York',
  groups_per_slot: 3,
  groups: [
    { starts_at: '2031-03-08T18:00:00.000Z', taken: 2, left: 1 },
    { starts_at: '2031-03-08T18:30:00.000Z', taken: 3, left: 0 },
  ],
  ...overrides,
});

const listed = (list: () => OpenHouseView[], textsOffered = false): Routes => ({
  'GET /booking/open-houses/42': () => json(200, { success: true, data: list() }),
  [`GET /booking/texts/${AGENT_ID}`]: () => json(200, { success: true, data: { offered: textsOffered } }),
});

const openHouseCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path.startsWith('/booking/open-houses'));

withBookingClock();

describe('booking page: a property’s open houses (issue 44)', () => {
  it('lists the times with the places left under the calendar, a full time off', async () => {
    renderBooking(
      PROPERTY_PAGE,
      listed(() => [openHouse()]),
    );
    const panel = within(
      (await screen.findByRole('heading', { name: TEXT.heading })).closest('section') as HTMLElement,
    );
    expect(screen.getByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(panel.getByText(TEXT.intro)).toBeInTheDocument();
    expect(panel.getByRole('heading', { name: DAY })).toBeInTheDocument();
    const open = panel.getByRole('button', { name: `1:00 PM ${TEXT.left(1)}` });
    expect(open).toBeEnabled();
    expect(open).toHaveAccessibleDescription(DAY);
    expect(panel.getByRole('button', { name: `1:30 PM ${TEXT.full}` })).toBeDisabled();
  });

  it('registers for a time: the form takes the focus, sends the time and the buyer, and gives the manage link', async () => {
    const { api, user } = renderBooking(PROPERTY_PAGE, {
      ...listed(() => [openHouse()]),
      'POST /booking/open-houses/oh-1/register': () =>
        json(201, {
          success: true,
          booking: bookingAnswer({ id: 'b-7', starts_at: '2031-03-08T18:00:00.000Z', manage_token: 'mt-7' }),
        }),
    });
    await user.click(await screen.findByRole('button', { name: `1:00 PM ${TEXT.left(1)}` }));
    const heading = await screen.findByRole('heading', { name: TEXT.formHeading(WHEN) });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('button', { name: `1:00 PM ${TEXT.left(1)}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The agent does not text buyers here: no texts box.
    expect(screen.queryByRole('checkbox', { name: SMS_CONSENT_WORDING })).toBeNull();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: TEXT.submit }));

    const registered = await screen.findByRole('status', { name: '' });
    expect(registered).toHaveTextContent(TEXT.registered(WHEN));
    expect(registered).toHaveFocus();
    expect(within(registered).getByRole('link', { name: 'Manage your booking' })).toHaveAttribute(
      'href',
      '/booking/manage?token=mt-7',
    );
    expect(api.callsTo('POST', '/booking/open-houses/oh-1/register')[0]?.body).toEqual({
      starts_at: '2031-03-08T18:00:00.000Z',
      client_name: 'Fox Mulder',
      client_email: 'fox@example.com',
      client_phone: '+1 555 010 0199',
      buyer_type: 'investor',
      sms_consent: false,
    });
    // The places left are asked for again.
    await expect.poll(() => api.callsTo('GET', '/booking/open-houses/42').length).toBe(2);
  });

  it('a time that filled up meanwhile says so, shows the list again and keeps the details for another time', async () => {
    let list = [openHouse()];
    const { api, user } = renderBooking(PROPERTY_PAGE, {
      ...listed(() => list, true),
      'POST /booking/open-houses/oh-1/register': () => {
        list = [openHouse({ groups: openHouse().groups.map((g) => ({ ...g, taken: 3, left: 0 })) })];
        return json(409, {
          error: OPEN_HOUSE_TEXTS.fullNow,
          code: OPEN_HOUSE_FULL_CODE,
          fields: { starts_at: OPEN_HOUSE_TEXTS.fullNow },
        });
      },
    });
    await user.click(await screen.findByRole('button', { name: `1:00 PM ${TEXT.left(1)}` }));
    await screen.findByRole('heading', { name: TEXT.formHeading(WHEN) });
    await fillDetails(user);
    const texts = await screen.findByRole('checkbox', { name: SMS_CONSENT_WORDING });
    expect(texts).not.toBeChecked();
    await user.click(texts);
    await user.click(screen.getByRole('button', { name: TEXT.submit }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(OPEN_HOUSE_TEXTS.fullNow);
    expect(alert).toHaveFocus();
    expect(api.callsTo('POST', '/booking/open-houses/oh-1/register')[0]?.body).toMatchObject({
      sms_consent: true,
    });
    expect(await screen.findByRole('button', { name: `1:00 PM ${TEXT.full}` })).toBeDisabled();
    expect(screen.getByLabelText('Full name')).toHaveValue('Fox Mulder');
  });

  it('Cancel closes the form and gives the focus back to the time', async () => {
    const { user } = renderBooking(
      PROPERTY_PAGE,
      listed(() => [openHouse()]),
    );
    const time = await screen.findByRole('button', { name: `1:00 PM ${TEXT.left(1)}` });
    await user.click(time);
    await screen.findByRole('heading', { name: TEXT.formHeading(WHEN) });
    await user.click(screen.getByRole('button', { name: TEXT.cancel }));
    expect(screen.queryByRole('heading', { name: TEXT.formHeading(WHEN) })).toBeNull();
    expect(time).toHaveFocus();
  });

  it('shows nothing for a property without open houses', async () => {
    const { api } = renderBooking(
      PROPERTY_PAGE,
      listed(() => []),
    );
    await expect.poll(() => api.callsTo('GET', '/booking/open-houses/42').length).toBe(1);
    expect(await screen.findByRole('button', { name: TOMORROW_LABEL })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TEXT.heading })).toBeNull();
  });

  it('a failed list leaves the calendar as it was', async () => {
    const { api, user } = renderBooking(PROPERTY_PAGE, {
      'GET /booking/open-houses/42': () => json(500, { error: 'Boom', code: 'INTERNAL' }),
    });
    await expect.poll(() => api.callsTo('GET', '/booking/open-houses/42').length).toBeGreaterThan(0);
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    expect(await screen.findByRole('button', { name: '2:00 PM' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TEXT.heading })).toBeNull();
  });

  it("is offered for the property picked on the agent's page", async () => {
    renderBooking(
      `/bookme/${AGENT_ID}/dana?step=calendar&purpose=property_viewing&property=42`,
      listed(() => [openHouse()]),
    );
    expect(await screen.findByRole('heading', { name: TEXT.heading })).toBeInTheDocument();
  });

  it('is not offered for a consultation', async () => {
    const { api, user } = renderBooking(
      `/bookme/${AGENT_ID}`,
      listed(() => [openHouse()]),
    );
    await user.click(await screen.findByRole('radio', { name: 'Property Valuation' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    expect(await screen.findByRole('button', { name: '2:00 PM' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TEXT.heading })).toBeNull();
    expect(openHouseCalls(api.calls)).toHaveLength(0);
  });

  it('is not offered while rescheduling', async () => {
    const { api } = renderBooking('/booking/reschedule?token=tok-1', {
      ...listed(() => [openHouse()]),
      'GET /booking/prefill': () =>
        json(200, { success: true, agent_id: AGENT_ID, property_id: 42, prefill: reschedulePrefill }),
      'GET /booking/availability/42/2031-03-05': () => slotsAnswer(undefined, true, '2031-03-05'),
    });
    expect(await screen.findByText('Selected: 10:00 AM')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TEXT.heading })).toBeNull();
    expect(openHouseCalls(api.calls)).toHaveLength(0);
  });
});
