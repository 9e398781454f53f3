// Issue 10 on the booking page: every time the buyer sees is read off the server's instant — on the slot, the
// summary, the confirmation, the manage page and the .ics alike — and the calendar marks exactly the days
// the server's month answer names, with the agent's today.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderRoutes, stubApi } from '@/test/utils';
import {
  AGENT_ID,
  agent,
  baseRoutes,
  bookingAnswer,
  bookingRoutes,
  datesAnswer,
  fillDetails,
  managed,
  property,
  propertyAgent,
  weekdays,
} from '../test-fixtures';
import type { Routes } from '../test-fixtures';

/** The buyer's own zone, as the browser reports it. */
function buyerIn(zone: string) {
  const realResolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  const systemZone = realResolved.call(new Intl.DateTimeFormat()).timeZone;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    const options = realResolved.call(this);
    return options.timeZone === systemZone ? { ...options, timeZone: zone } : options;
  });
}

function render(path: string, routes: Routes) {
  const api = stubApi(routes);
  const rendered = renderRoutes(bookingRoutes, path);
  return { ...rendered, api, user: userEvent.setup({ delay: null }) };
}

const definitions = () => screen.getAllByRole('definition').map((d) => d.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  toast.remove();
});

describe("a London agent's repeated hour, booked by a buyer in New York (25 October 2026)", () => {
  const london = 'Europe/London';
  const DATE = '2026-10-25';
  // 01:00 happens twice in London: 00:00Z (BST) and 01:00Z (GMT). The buyer books the first pass.
  const slots = [
    { time: '00:30:00', starts_at: '2026-10-25T00:30:00+01:00', label: '12:30 AM' },
    { time: '01:00:00', starts_at: '2026-10-25T01:00:00+01:00', label: '1:00 AM GMT+1' },
    { time: '01:00:00', starts_at: '2026-10-25T01:00:00Z', label: '1:00 AM GMT' },
    { time: '02:00:00', starts_at: '2026-10-25T02:00:00Z', label: '2:00 AM' },
  ];
  const booked = bookingAnswer({
    booking_date: DATE,
    booking_time: '01:00',
    starts_at: '2026-10-25T00:00:00.000Z',
    ends_at: '2026-10-25T00:30:00.000Z',
    time_zone: london,
  });
  const routes = (): Routes => ({
    ...baseRoutes(),
    [`GET /agents/id/${AGENT_ID}`]: () => json(200, { success: true, data: { ...agent, timeZone: london } }),
    'GET /booking/property/42': () => json(200, { property, agent: { ...propertyAgent, timeZone: london } }),
    // Sunday the 25th is marked because the server says so, although the weekly summary has weekends off.
    'GET /booking/available-dates/42': () => datesAnswer([DATE], '2026-10-20', '2026-10'),
    [`GET /booking/availability/42/${DATE}`]: () =>
      json(200, {
        availableSlots: ['00:30:00', '01:00:00', '02:00:00'],
        agentAvailability: { isAvailable: true },
        time_zone: london,
        slots,
      }),
    'POST /booking': () => json(201, { success: true, booking: booked }),
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-10-20T12:00:00Z'));
    buyerIn('America/New_York');
  });

  it('shows the booked instant on the slot, the summary and the confirmation, and sends exactly it', async () => {
    const { api, user } = render(`/dana/x/42/book?date=${DATE}`, routes());
    await screen.findByRole('heading', { name: 'Select a Date & Time' });
    const times = within(await screen.findByRole('list', { name: 'Available Times' }));
    // The agent's clock names the two passes apart.
    expect(times.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '12:30 AM',
      '1:00 AM GMT+1',
      '1:00 AM GMT',
      '2:00 AM',
    ]);
    await user.click(
      screen.getByRole('checkbox', { name: 'Show times in my time zone: Eastern Time (New York)' }),
    );
    expect(times.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '7:30 PM (Sat, Oct 24)',
      '8:00 PM (Sat, Oct 24)',
      '9:00 PM (Sat, Oct 24)',
      '10:00 PM (Sat, Oct 24)',
    ]);

    await user.click(times.getByRole('button', { name: '8:00 PM (Sat, Oct 24)' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
    // The details step loads with its own chunk (issue 18).
    await screen.findByRole('heading', { name: 'Enter Your Details' });
    expect(definitions()).toEqual(
      expect.arrayContaining([
        '1:00 AM GMT+1 United Kingdom Time (London)',
        '8:00 PM (Sat, Oct 24) your time, Eastern Time (New York)',
      ]),
    );

    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await screen.findByRole('heading', { name: 'Booking Confirmed!' });
    expect(api.callsTo('POST', '/booking')[0]?.body).toMatchObject({
      booking_date: DATE,
      booking_time: '01:00',
      starts_at: '2026-10-25T01:00:00+01:00',
    });
    expect(definitions()).toEqual(
      expect.arrayContaining([
        '1:00 AM GMT+1 United Kingdom Time (London)',
        '8:00 PM (Sat, Oct 24) your time, Eastern Time (New York)',
      ]),
    );
    // The calendar file holds the same instant.
    const ics = decodeURIComponent(
      screen.getByRole('link', { name: /Download \.ics|Apple|Outlook|\.ics/i }).getAttribute('href') ?? '',
    );
    expect(ics).toContain('DTSTART:20261025T000000Z');
  });

  it('the manage page shows the same instant', async () => {
    const booking = managed({
      booking_date: DATE,
      booking_time: '01:00',
      time_zone: london,
      starts_at: '2026-10-25T00:00:00.000Z',
      ends_at: '2026-10-25T00:30:00.000Z',
      agent: { ...propertyAgent, timeZone: london, phone: '+44 20 7946 0958', email: 'dana@example.com' },
    });
    render('/booking/manage?token=mt-1', {
      'GET /booking/manage': () => json(200, { success: true, booking }),
    });
    await screen.findByText('Confirmed');
    expect(definitions()).toEqual(
      expect.arrayContaining([
        'Sunday, October 25, 2026',
        '1:00 AM GMT+1 United Kingdom Time (London)',
        '8:00 PM (Sat, Oct 24) your time, Eastern Time (New York)',
      ]),
    );
  });
});

describe('the calendar marks the days of the server’s month answer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });

  it('an override-opened Sunday is offered; a weekday closed by a day off is not', async () => {
    vi.setSystemTime(new Date(2031, 2, 3, 10, 0));
    const { api } = render('/dana/12-main-st/42/book', {
      ...baseRoutes(),
      [`GET /availability/public/${AGENT_ID}`]: () => json(200, { success: true, availability: weekdays() }),
      // Tuesday the 4th is a day off; Sunday the 9th is opened by an override.
      'GET /booking/available-dates/42': () => datesAnswer(['2031-03-05', '2031-03-09']),
    });
    const sunday = await screen.findByRole('button', { name: 'Sunday, March 9, 2031' });
    await vi.waitFor(() => expect(sunday.style.borderColor).toBe('rgb(16, 185, 129)'));
    expect(screen.getByRole('button', { name: 'Tuesday, March 4, 2031' }).style.borderColor).toBe('');
    expect(screen.getByRole('button', { name: 'Wednesday, March 5, 2031' }).style.borderColor).toBe(
      'rgb(16, 185, 129)',
    );
    expect(api.callsTo('GET', '/booking/available-dates/42')[0]?.url).toContain('month=2031-03');
  });

  it("today is the agent's: a buyer already in tomorrow sees the agent's tomorrow marked", async () => {
    // 08:00 on the 4th in the browser; the server says the agent's today is still the 3rd.
    vi.setSystemTime(new Date(2031, 2, 4, 8, 0));
    render('/dana/12-main-st/42/book', {
      ...baseRoutes(),
      'GET /booking/available-dates/42': () => datesAnswer(['2031-03-04', '2031-03-05'], '2031-03-03'),
    });
    const tuesday = await screen.findByRole('button', { name: 'Tuesday, March 4, 2031' });
    await vi.waitFor(() => expect(tuesday.style.borderColor).toBe('rgb(16, 185, 129)'));
    expect(tuesday).toBeEnabled();
  });
});
