// User-facing texts that the spec gives word for word (§2.4, §5, §7, §8). The server, the forms and the
// toasts all show these exact strings, so they are written once here.

export const MESSAGES = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  buyerTypeRequired: 'Buyer type is required',
  rescheduleReasonRequired: 'Please provide a reason for rescheduling',
  requiredFieldsMissing: 'Please complete all required fields',
  purposeRequired: 'Please select a booking purpose',

  bookingSubmitted: 'Booking request submitted successfully!',
  bookingRescheduled: 'Booking rescheduled successfully!',
  bookingSubmitFailed: 'Failed to submit booking request',
  rescheduleFailed: 'Failed to reschedule booking',
  propertyLoadFailed: 'Failed to load property details',
  noSlotsForDate: 'No available time slots for this date',
  noPropertiesForAgent: 'No properties available for this agent.',

  loadingPage: 'Loading page...',
  loadingBooking: 'Loading booking details...',
  propertyNotFoundTitle: 'Property Not Found',
  propertyNotFoundBody: "The property you're looking for doesn't exist.",
  unexpectedError: 'Unexpected Application Error!',

  customPurposePlaceholder: 'e.g., Home Inspection, Family Gathering',
  consultationWithAgent: 'Consultation with agent',
  comingSoon: 'Coming Soon',
  talkToSales: 'Talk to Sales team',
  /** An ICS subscription or webhook address the server will not call (not http(s), or a private network). */
  outboundUrlRefused:
    'This address cannot be used: it must start with https:// or http:// and point to a public server, not a private or local network',
} as const;
