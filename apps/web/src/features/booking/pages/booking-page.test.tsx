import { SMS_CONSENT_LABEL, SMS_CONSENT_WORDING } from '@keyturn/domain/texts/consent';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BOOKING_PURPOSE_LABELS } from '@keyturn/domain/enums';
import { MESSAGES } from '@keyturn/domain/messages';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { PHONE_CHARACTERS_MESSAGE } from '@keyturn/domain/phone';
import { json } from '@/test/utils';
import {
  AGENT_ID,
  TOMORROW,
  TOMORROW_LABEL,
  bookingAnswer,
  renderBooking,
  reschedulePrefill,
  withBookingClock,
  fillDetails,
  pickDateAndTime,
  property,
  propertyAgent,
  slotsAnswer,
  weekdays,
} from '../test-fixtures';

const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));

withBookingClock();

describe('booking page: where it starts (spec §2.4, §4)', () => {
  it("shows 'Loading booking details...' and then starts at calendar when the route names a property", async () => {
    renderBooking('/dana/12-main-st/42/book');
    expect(screen.getByText(MESSAGES.loadingBooking)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    const panel = within(screen.getByRole('complementary', { name: 'About this booking' }));
    expect(panel.getByRole('heading', { name: 'Property Viewing' })).toBeInTheDocument();
    expect(panel.getByText('12 Main St')).toBeInTheDocument();
    expect(panel.getByText('Springfield, IL 62701')).toBeInTheDocument();
    expect(panel.getByText('3 beds · 2 baths · Residential')).toBeInTheDocument();
    expect(panel.getByText('$450,000')).toBeInTheDocument();
    expect(panel.getByText('Dana Scully')).toBeInTheDocument();
    expect(panel.getByText('Real Estate Agent')).toBeInTheDocument();
    expect(panel.getByText('Scully Homes')).toBeInTheDocument();
    expect(panel.getByText('30 min')).toBeInTheDocument();
    expect(panel.getByText('In-person session')).toBeInTheDocument();
    expect(panel.getByText('Powered by')).toBeInTheDocument();
    expect(
      panel.getByText('This will be a 30-minute property viewing session with Dana Scully.'),
    ).toBeInTheDocument();
    // The zone by its name and offset, not a raw IANA id (issue 19).
    expect(screen.getByText(/^All times shown in Eastern Time \(New York\) — GMT-[45]$/)).toBeInTheDocument();
  });

  it('starts at purpose without a property, with the five cards and a consultation panel', async () => {
    renderBooking(`/bookme/${AGENT_ID}/dana`);
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Property Viewing',
      'Open House',
      'Private Showing',
      'Property Valuation',
      'Other (Specify)',
    ]);
    const panel = within(screen.getByRole('complementary', { name: 'About this booking' }));
    expect(panel.getByRole('heading', { name: 'Consultation Session' })).toBeInTheDocument();
    expect(
      panel.getByText('This will be a 30-minute consultation session with Dana Scully.'),
    ).toBeInTheDocument();
  });

  it('reads the agent from ?agent= on /bookme', async () => {
    const { api } = renderBooking(`/bookme?agent=${AGENT_ID}`);
    expect(await screen.findByText('Dana Scully')).toBeInTheDocument();
    expect(api.callsTo('GET', `/agents/id/${AGENT_ID}`)).toHaveLength(1);
    expect(api.callsTo('GET', `/availability/public/${AGENT_ID}`)).toHaveLength(1);
  });

  it('resolves /booking/:linkId through the link and opens its property', async () => {
    renderBooking('/booking/open-house-12', {
      'GET /booking/links/open-house-12': () =>
        json(200, { success: true, agent_id: AGENT_ID, property_id: 42, prefill: null }),
    });
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Property Viewing' })).toBeInTheDocument();
  });

  it('says so when a booking link is unknown', async () => {
    renderBooking('/booking/nope', {
      'GET /booking/links/nope': () => json(404, { error: 'Not found', code: 'LINK_NOT_FOUND' }),
    });
    expect(await screen.findByRole('heading', { name: 'Booking Link Not Found' })).toBeInTheDocument();
  });

  it("shows 'Property Not Found' when the property does not exist", async () => {
    renderBooking('/dana/nowhere/99/book', {
      'GET /booking/property/99': () =>
        json(404, { error: MESSAGES.propertyNotFoundBody, code: 'PROPERTY_NOT_FOUND' }),
    });
    expect(await screen.findByRole('heading', { name: MESSAGES.propertyNotFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.propertyNotFoundBody)).toBeInTheDocument();
  });

  it("shows the fallback agent 'Real Estate Agent' when the agent cannot be loaded", async () => {
    renderBooking(`/bookme/${AGENT_ID}`, {
      [`GET /agents/id/${AGENT_ID}`]: () => json(500, { error: 'Database down', code: 'INTERNAL' }),
    });
    const panel = within(await screen.findByRole('complementary', { name: 'About this booking' }));
    // The name and the role line both read 'Real Estate Agent'.
    expect(panel.getAllByText('Real Estate Agent')).toHaveLength(2);
    expect(panel.getByText('Property to be selected')).toBeInTheDocument();
    expect(
      panel.getByText('This will be a 30-minute consultation session with Real Estate Agent.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Dana Scully')).not.toBeInTheDocument();
  });

  it("toasts 'Failed to load property details' when the property load fails, and refuses an incomplete submit", async () => {
    const { api, user } = renderBooking('/dana/12-main-st/42/book', {
      'GET /booking/property/42': () => json(500, { error: 'Database down', code: 'INTERNAL' }),
    });
    expect(await screen.findByText(MESSAGES.propertyLoadFailed)).toBeInTheDocument();
    // No agent is known without the property: the submit stops at 'Please complete all required fields'.
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(MESSAGES.requiredFieldsMissing)).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking')).toHaveLength(0);
  });
});

describe('booking page: purpose and property steps (spec §2.4)', () => {
  it("labels the button 'Continue to Property' for a viewing or open house, else 'Continue to Date Selection'", async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`);
    expect(await screen.findByRole('button', { name: 'Continue to Date Selection' })).toBeInTheDocument();
    const expected: [string, string][] = [
      [BOOKING_PURPOSE_LABELS.property_viewing, 'Continue to Property'],
      [BOOKING_PURPOSE_LABELS.open_house, 'Continue to Property'],
      [BOOKING_PURPOSE_LABELS.private_showing, 'Continue to Date Selection'],
      [BOOKING_PURPOSE_LABELS.property_valuation, 'Continue to Date Selection'],
      [BOOKING_PURPOSE_LABELS.custom, 'Continue to Date Selection'],
    ];
    for (const [purpose, button] of expected) {
      await user.click(screen.getByRole('radio', { name: purpose }));
      expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
    }
  });

  it("reveals the custom purpose input only for 'Other (Specify)'", async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('radio', { name: 'Private Showing' }));
    expect(screen.queryByPlaceholderText('e.g., Home Inspection, Family Gathering')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other (Specify)' }));
    expect(screen.getByPlaceholderText('e.g., Home Inspection, Family Gathering')).toBeInTheDocument();
  });

  it("asks for a purpose: 'Please select a booking purpose'", async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Continue to Date Selection' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.purposeRequired);
    expect(screen.queryByRole('heading', { name: 'Select a Date & Time' })).not.toBeInTheDocument();
  });

  it('goes from a viewing to property selection, and a picked property to calendar', async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('radio', { name: 'Property Viewing' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Property' }));

    const list = within(await screen.findByRole('list', { name: 'Properties' }));
    const card = list.getByRole('button', { name: /12 Main St/ });
    expect(card).toHaveTextContent('Springfield, IL');
    expect(card).toHaveTextContent('3 beds · 2 baths');
    expect(card).toHaveTextContent('$450,000');

    await user.click(card);
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Property Viewing' })).toBeInTheDocument();
  });

  it("an instructions-only listing picked on the agent's page shows its instructions, not a calendar (issue 39 §4)", async () => {
    const showing = {
      instructions_only: true,
      instructions: 'Call the listing office the day before.',
      notice_note: null,
      contact: { phone: '+1 212 555 0100', email: 'dana@example.com' },
      decides: null,
    };
    const { user } = renderBooking(`/bookme/${AGENT_ID}`, {
      [`GET /properties/public/${AGENT_ID}`]: () => json(200, { properties: [{ ...property, showing }] }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Property Viewing' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Property' }));
    await user.click(
      within(await screen.findByRole('list', { name: 'Properties' })).getByRole('button', {
        name: /12 Main St/,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'How to see this home' })).toBeInTheDocument();
    expect(screen.getByText('Call the listing office the day before.')).toBeInTheDocument();
    expect(screen.getByText(/12 Main St, .* is not booked online\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dana@example.com' })).toHaveAttribute(
      'href',
      'mailto:dana@example.com',
    );
    expect(screen.getByRole('link', { name: '+1 212 555 0100' })).toHaveAttribute(
      'href',
      'tel:+1 212 555 0100',
    );
    expect(screen.queryByRole('heading', { name: 'Select a Date & Time' })).not.toBeInTheDocument();
    // The listing's address in the page's frame (issue 39 §12).
    expect(
      within(screen.getByRole('complementary', { name: 'About this booking' })).getByText('12 Main St'),
    ).toBeInTheDocument();
  });

  it("offers 'Continue without property selection' when the agent has no properties", async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`, {
      [`GET /properties/public/${AGENT_ID}`]: () => json(200, { properties: [] }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Open House' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Property' }));
    expect(await screen.findByText(MESSAGES.noPropertiesForAgent)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue without property selection' }));
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
  });
});

describe('booking page: Back walks one step (spec §2.4)', () => {
  it('property_selection → purpose, calendar → property selection, details → calendar, confirmation → details', async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('radio', { name: 'Property Viewing' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Property' }));
    await screen.findByRole('heading', { name: 'Select a Property' });

    // Back walks the browser's history, which moves in a later task (as in a browser).
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: 'Property Viewing' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Continue to Property' }));
    await user.click(await screen.findByRole('button', { name: /12 Main St/ }));
    await screen.findByRole('heading', { name: 'Select a Date & Time' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Select a Property' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /12 Main St/ }));
    await pickDateAndTime(user);
    expect(await screen.findByRole('heading', { name: 'Enter Your Details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // The calendar keeps the date and time.
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(screen.getByText('Selected: 2:00 PM')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Enter Your Details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Fox Mulder');
  });

  it('calendar → purpose when no property selection applies', async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('radio', { name: 'Private Showing' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
    await screen.findByRole('heading', { name: 'Select a Date & Time' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});

describe('booking page: calendar and times (spec §2.4, §5, §8, §9)', () => {
  it('offers tomorrow to 60 days on the agent’s weekdays and shows the server’s slots as 12-hour times', async () => {
    const { api, user } = renderBooking('/dana/12-main-st/42/book', {
      [`GET /availability/public/${AGENT_ID}`]: () =>
        json(200, { success: true, availability: weekdays([2, 3]) }),
    });
    await screen.findByRole('heading', { name: 'Select a Date & Time' });
    const tuesday = screen.getByRole('button', { name: TOMORROW_LABEL });
    // Once the agent's weekdays have arrived: Tuesday and Wednesday marked, the other days not.
    await waitFor(() => {
      expect(tuesday.style.borderColor).toBe('rgb(16, 185, 129)');
      expect(screen.getByRole('button', { name: 'Thursday, March 6, 2031' }).style.borderColor).toBe('');
      expect(screen.getByRole('button', { name: 'Monday, March 3, 2031' }).style.borderColor).toBe('');
    });

    await user.click(tuesday);
    const times = within(await screen.findByRole('list', { name: 'Available Times' }));
    expect(times.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '9:00 AM',
      '10:00 AM',
      '2:00 PM',
    ]);
    expect(api.callsTo('GET', `/booking/availability/42/${TOMORROW}`)).toHaveLength(1);

    // Thursday is not one of the agent's days: no slots, and no call.
    await user.click(screen.getByRole('button', { name: 'Thursday, March 6, 2031' }));
    expect(screen.getByText(MESSAGES.noSlotsForDate)).toBeInTheDocument();
    expect(api.callsTo('GET', '/booking/availability/42/2031-03-06')).toHaveLength(0);
  });

  it("says 'No available time slots for this date' when the server has none", async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      [`GET /booking/availability/42/${TOMORROW}`]: () => slotsAnswer([]),
    });
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    expect(await screen.findByText(MESSAGES.noSlotsForDate)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Available Times' })).not.toBeInTheDocument();
  });

  it('shows the hourly fallback slots when the availability call fails with a property', async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      [`GET /booking/availability/42/${TOMORROW}`]: networkFailure,
    });
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    const times = within(await screen.findByRole('list', { name: 'Available Times' }));
    expect(times.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
    ]);
  });

  it('shows the half-hourly fallback without a property, the lunch hour disabled', async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}`, {
      [`GET /booking/availability/agent/${AGENT_ID}/${TOMORROW}`]: networkFailure,
    });
    await user.click(await screen.findByRole('radio', { name: 'Property Valuation' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    const times = within(await screen.findByRole('list', { name: 'Available Times' }));
    expect(times.getAllByRole('button')).toHaveLength(16);
    expect(times.getByRole('button', { name: '12:00 PM' })).toBeDisabled();
    expect(times.getByRole('button', { name: '12:30 PM' })).toBeDisabled();
    expect(times.getByRole('button', { name: '4:30 PM' })).toBeEnabled();
  });

  it("shows no slots when the server says the agent's day is unavailable", async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      [`GET /booking/availability/42/${TOMORROW}`]: () => slotsAnswer(['09:00:00'], false),
    });
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    expect(await screen.findByText(MESSAGES.noSlotsForDate)).toBeInTheDocument();
  });

  it('preselects ?date= and ?time= and starts at calendar', async () => {
    renderBooking(`/bookme/${AGENT_ID}?date=${TOMORROW}&time=14:00`);
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tuesday, March 4' })).toBeInTheDocument();
    expect(await screen.findByText('Selected: 2:00 PM')).toBeInTheDocument();
  });

  it('ignores a malformed ?date= or ?time=', async () => {
    renderBooking(`/bookme/${AGENT_ID}?date=2031-02-30&time=14:00`);
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
  });

  it('lets a buyer in another zone see the times on their own clock (labels only)', async () => {
    const realResolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const systemZone = realResolved.call(new Intl.DateTimeFormat()).timeZone;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      const options = realResolved.call(this);
      return options.timeZone === systemZone ? { ...options, timeZone: 'Europe/London' } : options;
    });
    const { api, user } = renderBooking('/dana/12-main-st/42/book');
    await user.click(await screen.findByRole('button', { name: TOMORROW_LABEL }));
    await screen.findByRole('button', { name: '2:00 PM' });

    await user.click(
      screen.getByRole('checkbox', { name: 'Show times in my time zone: United Kingdom Time (London)' }),
    );
    // March 4, 2031: New York is UTC-5, London UTC+0.
    const times = within(screen.getByRole('list', { name: 'Available Times' }));
    expect(times.getAllByRole('button').map((b) => b.textContent)).toEqual(['2:00 PM', '3:00 PM', '7:00 PM']);
    expect(
      screen.getByText(/^All times shown in United Kingdom Time \(London\) — GMT\+[01]$/),
    ).toBeInTheDocument();

    await user.click(times.getByRole('button', { name: '7:00 PM' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    expect(api.callsTo('POST', '/booking')[0]?.body).toMatchObject({ booking_time: '14:00' });
  });
});

describe('booking page: details and submit (spec §3, §5, §8)', () => {
  it('shows the §5 messages under the fields and sends nothing', async () => {
    const { api, user } = renderBooking('/dana/12-main-st/42/book');
    await pickDateAndTime(user);
    await user.click(await screen.findByRole('button', { name: 'Confirm Booking' }));

    expect(await screen.findByText(MESSAGES.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.buyerTypeRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription(MESSAGES.fullNameRequired);

    await user.type(screen.getByLabelText('Email'), 'fox@example');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('Reason for rescheduling')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/booking')).toHaveLength(0);
  });

  it('refuses letters in the phone on screen ("call me" is not a number) and sends nothing', async () => {
    const { api, user } = renderBooking('/dana/12-main-st/42/book');
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(PHONE_CHARACTERS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/booking')).toHaveLength(0);
  });

  it('summarises date, time, property and agent above the form', async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book');
    await pickDateAndTime(user);
    await screen.findByRole('heading', { name: 'Enter Your Details' });
    const summary = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(summary).toContain(TOMORROW_LABEL);
    expect(summary).toContain('2:00 PM Eastern Time (New York)');
    expect(summary).toContain('12 Main St, Springfield, IL');
    expect(summary).toContain('Dana Scully');
  });

  it('a property page addressed by its unguessable public id books that property by its numeric id (issue 11)', async () => {
    const { api, user } = renderBooking(`/dana/12-main-st/${property.public_id}/book`, {
      [`GET /booking/property/${property.public_id}`]: () => json(200, { property, agent: propertyAgent }),
    });
    expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/booking/property/42')).toHaveLength(0);
    await pickDateAndTime(user, '2:00 PM');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking')[0]?.body).toMatchObject({ property_id: 42, agent_id: AGENT_ID });
  });

  it('offers "Text me about this showing" only when the agent texts buyers on this server (issue 39)', async () => {
    const { api, user } = renderBooking('/dana/12-main-st/42/book', {
      [`GET /booking/texts/${AGENT_ID}`]: () => json(200, { success: true, data: { offered: false } }),
    });
    await pickDateAndTime(user, '2:00 PM');
    await fillDetails(user);
    expect(api.callsTo('GET', `/booking/texts/${AGENT_ID}`).length).toBeGreaterThan(0);
    expect(screen.queryByRole('checkbox', { name: new RegExp(`^${SMS_CONSENT_LABEL}\\.`) })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking')[0]?.body).toMatchObject({ sms_consent: false });
  });

  it('sends the §3 payload: 12-hour slot as 24-hour, 1000000+ as min 1000000 / max null, with an Idempotency-Key', async () => {
    const { api, user } = renderBooking('/dana/12-main-st/42/book', {
      [`GET /booking/texts/${AGENT_ID}`]: () => json(200, { success: true, data: { offered: true } }),
    });
    await pickDateAndTime(user, '2:00 PM');
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Budget range'), '1000000+');
    await user.selectOptions(screen.getByLabelText('Income range'), '200000-300000');
    await user.type(screen.getByLabelText('Additional notes'), 'Gate code 1234');
    // Issue 33: consent to texts is an explicit, unticked choice with its full wording.
    const consent = screen.getByRole('checkbox', { name: new RegExp(`^${SMS_CONSENT_LABEL}\\.`) });
    expect(consent).not.toBeChecked();
    expect(consent.closest('div')).toHaveTextContent(SMS_CONSENT_WORDING);
    await user.click(consent);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
    const [post] = api.callsTo('POST', '/booking');
    expect(post?.body).toEqual({
      property_id: 42,
      agent_id: AGENT_ID,
      client_name: 'Fox Mulder',
      client_email: 'fox@example.com',
      client_phone: '+1 555 010 0199',
      buyer_type: 'investor',
      budget_min: 1000000,
      budget_max: null,
      income_range: '200000-300000',
      booking_purpose: 'property_viewing',
      custom_purpose: null,
      booking_date: TOMORROW,
      booking_time: '14:00',
      // The instant the server offered: it books exactly that one (issue 10).
      starts_at: '2031-03-04T14:00:00-05:00',
      message: 'Gate code 1234',
      sms_consent: true,
    });
    expect(post?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(await screen.findByText(MESSAGES.bookingSubmitted)).toBeInTheDocument();
  });

  it('confirms with date, time, property, agent, purpose, the e-mail, arriving early and the manage link', async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book');
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    const facts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(facts).toEqual(
      expect.arrayContaining([
        TOMORROW_LABEL,
        '2:00 PM Eastern Time (New York)',
        '12 Main St, Springfield, IL',
        'Dana Scully',
        'Property Viewing',
      ]),
    );
    expect(screen.getByText(/confirmation email/)).toHaveTextContent('Please arrive 5 minutes early.');
    expect(screen.getByRole('link', { name: 'Manage your booking' })).toHaveAttribute(
      'href',
      bookingAnswer().manage_url,
    );
    expect(screen.queryByText(/Waiting for Dana Scully's confirmation/)).not.toBeInTheDocument();

    // Add to calendar: the .ics built by the domain, and Google's template link, both at the booked instants.
    const ics = screen.getByRole('link', { name: 'Download .ics file' });
    expect(ics).toHaveAttribute('download', 'keyturn-booking.ics');
    const icsText = decodeURIComponent(
      ics.getAttribute('href')?.replace(/^data:text\/calendar;charset=utf-8,/, '') ?? '',
    );
    expect(icsText).toContain('BEGIN:VEVENT');
    expect(icsText).toContain('UID:booking-b-100@keyturn.app');
    expect(icsText).toContain('STATUS:CONFIRMED');
    expect(icsText).toContain('DTSTART:20310304T190000Z');
    expect(icsText).toContain('DTEND:20310304T193000Z');
    expect(icsText).toContain('SUMMARY:Property Viewing with Dana Scully');
    const google = new URL(screen.getByRole('link', { name: /Google Calendar/ }).getAttribute('href') ?? '');
    expect(google.origin).toBe('https://calendar.google.com');
    expect(google.searchParams.get('dates')).toBe('20310304T190000Z/20310304T193000Z');
    expect(google.searchParams.get('ctz')).toBe('America/New_York');
    expect(google.searchParams.get('text')).toBe('Property Viewing with Dana Scully');
  });

  it("a pending request shows 'Request sent' (not 'Booking Confirmed!') and a tentative .ics", async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      'POST /booking': () => json(201, { success: true, booking: bookingAnswer({ status: 'pending' }) }),
    });
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(
      await screen.findByRole('heading', { name: MESSAGES.bookingRequestSentTitle }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Booking Confirmed!' })).not.toBeInTheDocument();
    // Issue 39 §6: the one wording of who decides (domain whoDecides.ts).
    expect(
      screen.getByText(
        /Waiting for Dana Scully's confirmation\. This time is a request: Dana Scully has not confirmed it yet/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/You will receive an email once Dana Scully confirms/)).toBeInTheDocument();
    const ics = screen.getByRole('link', { name: 'Download .ics file' }).getAttribute('href') ?? '';
    expect(decodeURIComponent(ics)).toContain('STATUS:TENTATIVE');
    expect(decodeURIComponent(ics)).not.toContain('STATUS:CONFIRMED');
    // The toast says what happened (issue 29): requested, not "submitted successfully".
    expect(
      await screen.findByText('Request sent. It is not booked until the agent confirms it.'),
    ).toBeInTheDocument();
  });

  it('sends a consultation with property_id null and the custom purpose typed', async () => {
    const { api, user } = renderBooking(`/bookme/${AGENT_ID}`);
    await user.click(await screen.findByRole('radio', { name: 'Other (Specify)' }));
    await user.type(
      screen.getByPlaceholderText('e.g., Home Inspection, Family Gathering'),
      'Home Inspection',
    );
    await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
    await pickDateAndTime(user, '10:00 AM');
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toContain('Consultation with agent');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    expect(api.callsTo('POST', '/booking')[0]?.body).toMatchObject({
      property_id: null,
      booking_purpose: 'custom',
      custom_purpose: 'Home Inspection',
      booking_time: '10:00',
      budget_min: null,
      budget_max: null,
      income_range: null,
      message: null,
    });
    expect(api.callsTo('GET', `/booking/availability/agent/${AGENT_ID}/${TOMORROW}`)).toHaveLength(1);
  });

  it("refuses a submit without purpose and no property: 'Please select a booking purpose', back to purpose", async () => {
    const { api, user } = renderBooking(`/bookme/${AGENT_ID}?date=${TOMORROW}&time=14:00`);
    await user.click(await screen.findByRole('button', { name: 'Continue to Details' }));
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(MESSAGES.purposeRequired)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking')).toHaveLength(0);
  });

  it.each([
    ['SLOT_TAKEN', 'This time was just booked by someone else. Please pick another time.'],
    // Issue 16: "cluster showings by area" — a far-away showing was booked next to the slot meanwhile.
    ['SLOT_UNREACHABLE', ROUTE_MESSAGES.slotUnreachable],
  ])(
    'after a 409 %s toasts the server’s error, refetches the slots and returns to the calendar keeping the form',
    async (code, taken) => {
      const { api, user } = renderBooking('/dana/12-main-st/42/book', {
        'POST /booking': () => json(409, { error: taken, code }),
      });
      await pickDateAndTime(user);
      await fillDetails(user);
      await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));

      expect(await screen.findByText(taken)).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Select a Date & Time' })).toBeInTheDocument();
      expect(screen.queryByText('Selected: 2:00 PM')).not.toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('GET', `/booking/availability/42/${TOMORROW}`)).toHaveLength(2));
      expect(api.callsTo('POST', '/booking')).toHaveLength(1);

      await user.click(await screen.findByRole('button', { name: '10:00 AM' }));
      await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
      expect(screen.getByLabelText('Full name')).toHaveValue('Fox Mulder');
      expect(screen.getByLabelText('Buyer type')).toHaveValue('investor');
    },
  );

  it("toasts the server's error for other refusals (403 BOOKING_LIMIT_REACHED) and stays on details", async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      'POST /booking': () =>
        json(403, {
          error: 'This agent cannot take more bookings this month.',
          code: 'BOOKING_LIMIT_REACHED',
        }),
    });
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('This agent cannot take more bookings this month.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enter Your Details' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to submit booking request' when the answer carries no error", async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      'POST /booking': () => new Response('<html>Bad gateway</html>', { status: 400 }),
    });
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(MESSAGES.bookingSubmitFailed)).toBeInTheDocument();
  });

  it('puts a 400’s field messages under the matching inputs', async () => {
    const { user } = renderBooking('/dana/12-main-st/42/book', {
      'POST /booking': () =>
        json(400, {
          error: 'Some details need another look.',
          code: 'VALIDATION_ERROR',
          fields: { client_email: 'This e-mail domain does not accept mail' },
        }),
    });
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('This e-mail domain does not accept mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'This e-mail domain does not accept mail',
    );
    expect(screen.getByText('Some details need another look.')).toBeInTheDocument();
  });

  it('reuses the Idempotency-Key when the submit is retried automatically', async () => {
    let attempts = 0;
    const { api, user } = renderBooking('/dana/12-main-st/42/book', {
      'POST /booking': () =>
        ++attempts === 1
          ? json(503, { error: 'Try again', code: 'UNAVAILABLE' })
          : json(201, { success: true, booking: bookingAnswer() }),
    });
    await pickDateAndTime(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    expect(
      await screen.findByRole('heading', { name: 'Booking Confirmed!' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    const posts = api.callsTo('POST', '/booking');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(posts[1]?.headers.get('idempotency-key')).toBe(posts[0]?.headers.get('idempotency-key'));
  });
});

describe('booking page: prefill and reschedule (spec §4, §5, §7)', () => {
  it('ignores a malformed prefilled date and time but keeps the other fields', async () => {
    const { user } = renderBooking(`/bookme/${AGENT_ID}?token=invite-1`, {
      'GET /booking/prefill': () =>
        json(200, {
          success: true,
          agent_id: AGENT_ID,
          property_id: null,
          prefill: { buyer_name: 'Fox Mulder', booking_date: '05/03/2031', booking_time: '2pm' },
        }),
    });
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Private Showing' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Date Selection' }));
    expect(screen.queryByText(/^Selected:/)).not.toBeInTheDocument();
    await pickDateAndTime(user);
    expect(await screen.findByLabelText('Full name')).toHaveValue('Fox Mulder');
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeInTheDocument();
  });

  it('silently ignores a prefill that fails', async () => {
    const { api } = renderBooking(`/bookme/${AGENT_ID}?token=expired`, {
      'GET /booking/prefill': () => json(404, { error: 'Unknown token', code: 'NOT_FOUND' }),
    });
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    expect(screen.queryByText('Unknown token')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/booking/prefill')[0]?.url).toContain('token=expired');
  });

  it('on the booking page a refused prefill (409) is silently ignored too: the first step shows', async () => {
    renderBooking(`/bookme/${AGENT_ID}?token=late`, {
      'GET /booking/prefill': () => json(409, { error: 'Too late to change', code: 'CHANGE_CUTOFF_PASSED' }),
    });
    expect(await screen.findByRole('heading', { name: 'What would you like to book?' })).toBeInTheDocument();
    expect(screen.queryByText('Too late to change')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'This Showing Can No Longer Be Changed Here' }),
    ).not.toBeInTheDocument();
  });

  it('a reschedule link inside the showing’s cut-off (issue 44) says why, in the server’s words, not "invalid"', async () => {
    const why =
      'Dana Scully takes changes to a showing only up to 24 hours before it starts, so it can no longer be ' +
      'cancelled or rescheduled here. Your showing is unchanged: call or text Dana Scully to change it.';
    renderBooking('/booking/reschedule?token=tok-late', {
      'GET /booking/prefill': () => json(409, { error: why, code: 'CHANGE_CUTOFF_PASSED' }),
    });
    expect(
      await screen.findByRole('heading', { name: 'This Showing Can No Longer Be Changed Here' }),
    ).toBeInTheDocument();
    expect(screen.getByText(why)).toBeInTheDocument();
    expect(screen.queryByText(/invalid or has expired/)).not.toBeInTheDocument();
  });

  it('reschedules: starts at the prefilled date and time, requires a reason and posts to /booking/reschedule', async () => {
    const { api, user } = renderBooking('/booking/reschedule?token=tok-1', {
      'GET /booking/prefill': () =>
        json(200, { success: true, agent_id: AGENT_ID, property_id: 42, prefill: reschedulePrefill }),
      'GET /booking/availability/42/2031-03-05': () => slotsAnswer(['10:00:00', '11:00:00']),
      'POST /booking/reschedule': () =>
        json(200, {
          success: true,
          booking: bookingAnswer({ booking_date: '2031-03-05', booking_time: '11:00' }),
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Wednesday, March 5' })).toBeInTheDocument();
    expect(await screen.findByText('Selected: 10:00 AM')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(screen.getByRole('button', { name: '11:00 AM' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Details' }));

    // Issue 19: the booking's buyer details are shown, not asked again; only the reason is asked.
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone')).not.toBeInTheDocument();
    const known = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(known).toContain('Fox Mulder');
    expect(known).toContain('$300,000 - $400,000');
    await user.type(screen.getByLabelText('Reason for rescheduling'), '   ');
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByText(MESSAGES.rescheduleReasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking/reschedule')).toHaveLength(0);

    await user.type(screen.getByLabelText('Reason for rescheduling'), 'My flight moved');
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByRole('heading', { name: 'Booking Rescheduled!' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.bookingRescheduled)).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking')).toHaveLength(0);
    expect(api.callsTo('POST', '/booking/reschedule')[0]?.body).toMatchObject({
      token: 'tok-1',
      original_booking_id: 'b-1',
      reschedule_reason: 'My flight moved',
      property_id: 42,
      agent_id: AGENT_ID,
      booking_date: '2031-03-05',
      booking_time: '11:00',
      budget_min: 300000,
      budget_max: 400000,
      client_name: 'Fox Mulder',
    });
  });

  it('reschedule: a known detail the rules now refuse opens the fields with its message; Edit my details opens them', async () => {
    const { api, user } = renderBooking('/booking/reschedule?token=tok-1', {
      'GET /booking/prefill': () =>
        json(200, {
          success: true,
          agent_id: AGENT_ID,
          property_id: 42,
          prefill: { ...reschedulePrefill, buyer_phone: 'call me' },
        }),
      'GET /booking/availability/42/2031-03-05': () => slotsAnswer(['10:00:00', '11:00:00']),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue to Details' }));
    await user.click(screen.getByRole('button', { name: 'Edit my details' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Fox Mulder');
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByText(PHONE_CHARACTERS_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('POST', '/booking/reschedule')).toHaveLength(0);
  });

  it("toasts 'Failed to reschedule booking' when the reschedule fails without a message", async () => {
    const { user } = renderBooking('/booking/reschedule?token=tok-1', {
      'GET /booking/prefill': () =>
        json(200, { success: true, agent_id: AGENT_ID, property_id: 42, prefill: reschedulePrefill }),
      'GET /booking/availability/42/2031-03-05': () => slotsAnswer(['10:00:00']),
      'POST /booking/reschedule': networkFailure,
    });
    await user.click(await screen.findByRole('button', { name: 'Continue to Details' }));
    await user.type(screen.getByLabelText('Reason for rescheduling'), 'Sick');
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    expect(await screen.findByText(MESSAGES.rescheduleFailed, {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('says a reschedule link is not valid when its prefill cannot be read', async () => {
    renderBooking('/booking/reschedule?token=gone', {
      'GET /booking/prefill': () => json(404, { error: 'Unknown', code: 'NOT_FOUND' }),
    });
    expect(await screen.findByRole('heading', { name: 'Reschedule Link Not Valid' })).toBeInTheDocument();
  });

  it('preselects a valid prefilled date and time on a property page, outside reschedule mode', async () => {
    const { user } = renderBooking(`/dana/12-main-st/42/book?token=invite-2`, {
      'GET /booking/prefill': () =>
        json(200, {
          success: true,
          agent_id: AGENT_ID,
          property_id: 42,
          prefill: { buyer_name: 'Fox Mulder', booking_date: '2031-03-04', booking_time: '14:00' },
        }),
    });
    expect(await screen.findByText('Selected: 2:00 PM')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Fox Mulder');
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Reason for rescheduling')).not.toBeInTheDocument();
  });
});
