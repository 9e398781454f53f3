// Answers of the public booking API for the booking tests, and the booking routes of spec §2.1.
import type { RouteObject } from '@/lib/router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import type { Property } from '@keyturn/domain/schemas/property';
import { to12Hour } from '@keyturn/domain/time';
import type {
  BuyerBooking,
  ManagedBooking,
  PropertyAgent,
  PublicAgent,
} from '@keyturn/domain/schemas/publicBooking';
import { LocationProbe, json, renderRoutes, stubApi } from '@/test/utils';
import type { RecordedCall } from '@/test/utils';
import { BookingPage } from './pages/booking-page';
import { BookingCancelledPage } from './pages/booking-cancelled-page';
import { ManageBookingPage } from './pages/manage-booking-page';
import { RescheduleBookingPage } from './pages/reschedule-booking-page';

export type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

export const AGENT_ID = '0b6f1f2a-5d1c-4c4e-9f3e-2a7d6c1b9e01';
/** Monday, March 3, 2031, 10:00 (local); tomorrow is Tuesday, March 4. */
export const NOW = new Date(2031, 2, 3, 10, 0);
export const TOMORROW = '2031-03-04';
export const TOMORROW_LABEL = 'Tuesday, March 4, 2031';

export const agent: PublicAgent = {
  id: AGENT_ID,
  username: 'dana',
  first_name: 'Dana',
  last_name: 'Scully',
  email: 'dana@example.com',
  phone: '+1 555 010 0100',
  logoUrl: null,
  companyName: 'Scully Homes',
  primaryColor: '#0F766E',
  profilePictureUrl: null,
  timeZone: 'America/New_York',
  defaultLanguage: 'en',
};

export const propertyAgent: PropertyAgent = {
  id: AGENT_ID,
  name: 'Dana Scully',
  first_name: 'Dana',
  last_name: 'Scully',
  username: 'dana',
  logoUrl: null,
  profilePictureUrl: null,
  companyName: 'Scully Homes',
  primaryColor: '#0F766E',
  timeZone: 'America/New_York',
  defaultLanguage: 'en',
};

export const property: Property = {
  id: 42,
  public_id: '4f2a9c0e8b7d6a5f4e3d2c1b0a998877',
  agent_id: AGENT_ID,
  address: '12 Main St',
  city: 'Springfield',
  state: 'IL',
  zip_code: '62701',
  price: 450000,
  bedrooms: 3,
  bathrooms: 2,
  property_type: 'Residential',
  images: [],
  is_public: true,
};

/** Monday to Friday available, unless `available` names other days (Sunday = 0). */
/** A reschedule link's prefill (spec §4): booking b-1 of Fox Mulder, on 2031-03-05 at 10:00. */
export const reschedulePrefill = {
  buyer_name: 'Fox Mulder',
  buyer_email: 'fox@example.com',
  buyer_phone: '+1 555 010 0199',
  buyer_type: 'investor',
  budget_min: 300000,
  budget_max: 400000,
  income_range: null,
  booking_purpose: 'property_viewing',
  custom_purpose: null,
  notes: null,
  action: 'reschedule',
  booking_id: 'b-1',
  booking_date: '2031-03-05',
  booking_time: '10:00',
};

export function weekdays(available: number[] = [1, 2, 3, 4, 5]) {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, is_available: available.includes(day) }));
}

/** The server's answer for a date: the labels, and the same slots as instants (EST in March 2031). */
export function slotsAnswer(
  slots: string[] = ['09:00:00', '10:00:00', '14:00:00'],
  isAvailable = true,
  date = TOMORROW,
) {
  return json(200, {
    availableSlots: slots,
    agentAvailability: { isAvailable },
    time_zone: 'America/New_York',
    slots: slots.map((time) => ({ time, starts_at: `${date}T${time}-05:00`, label: to12Hour(time) })),
  });
}

/** The month answer: which days the calendar marks, and the agent's today. */
export function datesAnswer(dates: string[], today = '2031-03-03', month = '2031-03') {
  return json(200, { time_zone: 'America/New_York', today, month, dates });
}

export function bookingAnswer(overrides: Partial<BuyerBooking> = {}): BuyerBooking {
  return {
    id: 'b-100',
    status: 'confirmed',
    booking_date: TOMORROW,
    booking_time: '14:00',
    starts_at: '2031-03-04T19:00:00.000Z',
    ends_at: '2031-03-04T19:30:00.000Z',
    time_zone: 'America/New_York',
    agent_id: AGENT_ID,
    property_id: 42,
    manage_token: 'mt-1',
    manage_url: 'http://localhost:5173/booking/manage?token=mt-1',
    ...overrides,
  };
}

/** A booking as the manage page receives it (confirmed, tomorrow 2:00 PM New York). */
export function managed(overrides: Partial<ManagedBooking> = {}): ManagedBooking {
  return {
    id: 'b-100',
    status: 'confirmed',
    booking_date: '2031-03-04',
    booking_time: '14:00',
    time_zone: 'America/New_York',
    starts_at: '2031-03-04T19:00:00.000Z',
    ends_at: '2031-03-04T19:30:00.000Z',
    client_name: 'Fox Mulder',
    client_email: 'fox@example.com',
    client_phone: '+1 555 010 0199',
    booking_purpose: 'property_viewing',
    custom_purpose: null,
    message: null,
    property,
    agent: { ...propertyAgent, phone: '+1 555 010 0100', email: 'dana@example.com' },
    can_cancel: true,
    can_reschedule: true,
    rescheduled_to_token: null,
    ...overrides,
  };
}

export function baseRoutes(): Routes {
  return {
    [`GET /agents/id/${AGENT_ID}`]: () => json(200, { success: true, data: agent }),
    [`GET /availability/public/${AGENT_ID}`]: () => json(200, { success: true, availability: weekdays() }),
    [`GET /properties/public/${AGENT_ID}`]: () => json(200, { properties: [property] }),
    'GET /booking/property/42': () => json(200, { property, agent: propertyAgent }),
    [`GET /booking/availability/42/${TOMORROW}`]: () => slotsAnswer(),
    [`GET /booking/availability/agent/${AGENT_ID}/${TOMORROW}`]: () => slotsAnswer(),
    'POST /booking': () => json(201, { success: true, booking: bookingAnswer() }),
  };
}

export const bookingRoutes: RouteObject[] = [
  { path: '/bookme/:agentId/:agentName', element: <BookingPage /> },
  { path: '/bookme/:agentId', element: <BookingPage /> },
  { path: '/bookme', element: <BookingPage /> },
  { path: '/booking/manage', element: <ManageBookingPage /> },
  { path: '/booking/cancelled', element: <BookingCancelledPage /> },
  { path: '/booking/reschedule', element: <RescheduleBookingPage /> },
  { path: '/booking/:linkId', element: <BookingPage /> },
  { path: '/:username/:address/:propertyId/book', element: <BookingPage /> },
  { path: '*', element: <LocationProbe /> },
];

/** On the calendar step: pick a date, then a time, then continue. */
export async function pickDateAndTime(user: UserEvent, time = '2:00 PM', day = TOMORROW_LABEL) {
  await user.click(await screen.findByRole('button', { name: day }));
  await user.click(await screen.findByRole('button', { name: time }));
  await user.click(screen.getByRole('button', { name: 'Continue to Details' }));
}

/** On the details step: the required fields. */
export async function fillDetails(user: UserEvent) {
  await user.type(await screen.findByLabelText('Full name'), 'Fox Mulder');
  await user.type(screen.getByLabelText('Email'), 'fox@example.com');
  await user.type(screen.getByLabelText('Phone'), '+1 555 010 0199');
  await user.selectOptions(screen.getByLabelText('Buyer type'), 'investor');
}

/** Renders the booking routes at `path` with the base answers (and `overrides`). */
export function renderBooking(path: string, overrides: Routes = {}) {
  const api = stubApi({ ...baseRoutes(), ...overrides });
  const rendered = renderRoutes(bookingRoutes, path);
  return { ...rendered, api, user: userEvent.setup({ delay: null }) };
}

/** Only the clock is fake in the booking tests: "today" is NOW; timers stay real. Toasts cleared after. */
export function withBookingClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    // react-hot-toast keeps its toasts in module state: clear them so one test never sees another's.
    toast.remove();
  });
}
