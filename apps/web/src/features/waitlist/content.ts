// Addresses and screenshots the waiting-list pages share.

/** Where a new sign-up lands (spec §2.5, §2.6); /waitlist-thankyou shows the same page. */
export const THANK_YOU_PATH = '/waiting-list/waitlist-thankyou';

/**
 * Screenshots of the real app, captured by `npm run screenshots` (e2e/screenshots/capture.ts) into
 * apps/web/public/screenshots at 1280×800.
 */
export const SCREENSHOTS = [
  {
    src: '/screenshots/dashboard.jpg',
    title: 'Your dashboard',
    caption: 'Pending requests, plan usage, today’s schedule and the coming days in one place.',
    alt: 'The Keyturn dashboard overview: pending requests, bookings and properties used this month, the booking link and the upcoming showings.',
  },
  {
    src: '/screenshots/booking-page.jpg',
    title: 'Your booking page',
    caption: 'Your brand, your properties: buyers choose what they want to book.',
    alt: 'A Keyturn booking page for agent Dana Whitfield of Whitfield Realty, asking the buyer what they would like to book.',
  },
  {
    src: '/screenshots/calendar.jpg',
    title: 'Calendar selection',
    caption: 'Only the days and times you are free, in your time zone.',
    alt: 'The booking calendar with a day picked, its available times listed and one time selected.',
  },
] as const;

export type Screenshot = (typeof SCREENSHOTS)[number];
