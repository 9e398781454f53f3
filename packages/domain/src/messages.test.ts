import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

// The spec quotes these strings; a test written letter by letter against it catches a stray edit.
describe('MESSAGES (spec §2.4, §5, §8)', () => {
  it('form validation texts', () => {
    expect(MESSAGES.fullNameRequired).toBe('Full name is required');
    expect(MESSAGES.emailRequired).toBe('Email is required');
    expect(MESSAGES.emailInvalid).toBe('Please enter a valid email address');
    expect(MESSAGES.phoneRequired).toBe('Phone number is required');
    expect(MESSAGES.buyerTypeRequired).toBe('Buyer type is required');
    expect(MESSAGES.rescheduleReasonRequired).toBe('Please provide a reason for rescheduling');
    expect(MESSAGES.requiredFieldsMissing).toBe('Please complete all required fields');
    expect(MESSAGES.purposeRequired).toBe('Please select a booking purpose');
  });

  it('toast and screen texts', () => {
    expect(MESSAGES.bookingSubmitted).toBe('Booking request submitted successfully!');
    expect(MESSAGES.bookingRescheduled).toBe('Booking rescheduled successfully!');
    expect(MESSAGES.bookingSubmitFailed).toBe('Failed to submit booking request');
    expect(MESSAGES.rescheduleFailed).toBe('Failed to reschedule booking');
    expect(MESSAGES.propertyLoadFailed).toBe('Failed to load property details');
    expect(MESSAGES.noSlotsForDate).toBe('No available time slots for this date');
    expect(MESSAGES.noPropertiesForAgent).toBe('No properties available for this agent.');
    expect(MESSAGES.loadingPage).toBe('Loading page...');
    expect(MESSAGES.loadingBooking).toBe('Loading booking details...');
    expect(MESSAGES.propertyNotFoundTitle).toBe('Property Not Found');
    expect(MESSAGES.propertyNotFoundBody).toBe("The property you're looking for doesn't exist.");
    expect(MESSAGES.unexpectedError).toBe('Unexpected Application Error!');
  });
});
