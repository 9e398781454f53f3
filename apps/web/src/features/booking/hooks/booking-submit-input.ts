// What the booking page hands its submit (use-booking-submit.ts holds it, booking-submit.ts does the work).
import type { BookingStep } from '@keyturn/domain/bookingFlow';
import type { Property } from '@keyturn/domain/schemas/property';
import type { BuyerBooking, PublicTeam } from '@keyturn/domain/schemas/publicBooking';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import type { BookingSetup } from './use-booking-setup';
import type { FlowChoices } from './use-flow-url';

export type BookingSubmitInput = {
  setup: BookingSetup;
  /** The team a consultation goes to (its pool picks the member), else null. */
  team: PublicTeam | null;
  choices: FlowChoices;
  /** The open slot chosen, or null (the fallback grid's wall time is placed by the server). */
  selectedSlot: TimeSlot | null;
  property: Property | null;
  /** Where the tab keeps the result (use-stored-booking). */
  resultKey: string;
  move: (patch: Partial<FlowChoices>, to?: BookingStep) => void;
  onBooked: (booking: BuyerBooking) => void;
  /** The slot queries to refresh when the slot was taken meanwhile. */
  slotQueries: readonly (readonly unknown[])[];
  /** Issue 44: the buyer's hold of the chosen time, sent with the booking (which uses it up). */
  holdToken?: string | null;
};
