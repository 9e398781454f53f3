// User-facing texts that the spec gives word for word (§2.4, §5, §7, §8). The server, the forms and the
// toasts all show these exact strings, so they are written once here.

import { SHELL_MESSAGES } from './shellMessages';
// The booking page shows its texts from its catalogue in the buyer's language (issue 43); the ones here are
// the same English for the server, the dashboard and the tests (i18n/pinned-english.test.ts holds them equal).

export const MESSAGES = {
  // The app shell's two (its loading and its error screen), in their own file for the first load.
  ...SHELL_MESSAGES,
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  buyerTypeRequired: 'Buyer type is required',
  rescheduleReasonRequired: 'Please provide a reason for rescheduling',
  requiredFieldsMissing: 'Please complete all required fields',
  purposeRequired: 'Please select a booking purpose',

  bookingSubmitted: 'Booking request submitted successfully!',
  // The confirmation step's heading (spec §2.4), by the booking's real status: a request that awaits the
  // agent's approval is not confirmed yet (issue 19).
  bookingConfirmedTitle: 'Booking Confirmed!',
  bookingRescheduledTitle: 'Booking Rescheduled!',
  bookingRequestSentTitle: 'Request sent',
  bookingRescheduled: 'Booking rescheduled successfully!',
  bookingSubmitFailed: 'Failed to submit booking request',
  rescheduleFailed: 'Failed to reschedule booking',
  propertyLoadFailed: 'Failed to load property details',
  noSlotsForDate: 'No available time slots for this date',
  noPropertiesForAgent: 'No properties available for this agent.',

  loadingBooking: 'Loading booking details...',
  /** A reschedule link the server refuses (a 409: inside the showing's cut-off, issue 44, or no longer active). */
  changesClosedTitle: 'This Showing Can No Longer Be Changed Here',
  propertyNotFoundTitle: 'Property Not Found',
  /** Any other path (spec route table): the landing page, with this one line, answered with HTTP 404. */
  addressNotFound: 'The address you followed was not found on Keyturn, so here is our home page.',
  propertyNotFoundBody: "The property you're looking for doesn't exist.",

  customPurposePlaceholder: 'e.g., Home Inspection, Family Gathering',
  consultationWithAgent: 'Consultation with agent',
  comingSoon: 'Coming Soon',
  talkToSales: 'Talk to Sales team',
  // Accounts (issue 11): the password policy, the password change and a sign-up that reveals no account.
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Your current password is incorrect.',
  newPasswordConfirmRequired: 'Confirm your new password',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordSameAsCurrent: 'Choose a new password that differs from the current one',
  passwordChanged: 'Your password was changed. Your other devices were signed out.',
  signUpRefused:
    "We couldn't create an account with these details. If you already have an account, sign in instead.",
  /** An ICS subscription or webhook address the server will not call (not http(s), or a private network). */
  outboundUrlRefused:
    'This address cannot be used: it must start with https:// or http:// and point to a public server, not a private or local network',
} as const;

/** A public slot next to one of the agent's showings nearby (issue 16): kept apart so the booking page loads only it. */
export const RECOMMENDED_SLOT = {
  label: 'Recommended',
  title: 'Recommended: near another showing',
} as const;
