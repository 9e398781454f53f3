// The step machine of the public booking page (spec §2.4, §4): which step comes first, next and back,
// and what the purpose step's button says.
import { PROPERTY_PURPOSES } from './enums';
import type { BookingPurpose } from './enums';

export const BOOKING_STEPS = [
  'purpose',
  'property_selection',
  'calendar',
  'time',
  'details',
  'confirmation',
] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

/**
 * The booking page's state in its address (issue 19): the search parameters of the step and of each choice.
 * The page reads and writes them (web hooks/use-flow-url.ts); the assistant's "open the form" links use them.
 */
export const FLOW_PARAMS = {
  step: 'step',
  purpose: 'purpose',
  customPurpose: 'custom',
  propertyId: 'property',
  date: 'date',
  time: 'time',
  startsAt: 'at',
  /**
   * Issue 44: the assistant's hold of the time (its token), handed to the form with the link: the page's own hold
   * replaces it, so the buyer who leaves the chat for the form is not refused their own time.
   */
  hold: 'hold',
} as const;

export interface FlowContext {
  /** A propertyId came with the route. */
  hasPropertyId: boolean;
  /** The purpose chosen on the first step; '' or null while none is. */
  purpose: BookingPurpose | '' | null;
}

/**
 * Where the page opens (spec §2.4, §4): at calendar when the route names a property, or when a valid date
 * was prefilled or given in the query; otherwise at purpose.
 */
export function initialStep(input: { hasPropertyId: boolean; hasValidDate?: boolean }): BookingStep {
  return input.hasPropertyId || input.hasValidDate ? 'calendar' : 'purpose';
}

/**
 * The step after `step` (spec §4): purpose → property_selection (only for a viewing or open house without a
 * propertyId) → calendar → details → confirmation. Choosing a slot on calendar or time leads to details.
 * Confirmation is the end: null.
 */
export function nextStep(step: BookingStep, ctx: FlowContext): BookingStep | null {
  switch (step) {
    case 'purpose':
      return needsPropertySelection(ctx) ? 'property_selection' : 'calendar';
    case 'property_selection':
      return 'calendar';
    case 'calendar':
    case 'time':
      return 'details';
    case 'details':
      return 'confirmation';
    case 'confirmation':
      return null;
  }
}

/**
 * The Back button (spec §2.4): property_selection → purpose; calendar → property_selection when that step
 * applies, else purpose; time → calendar; details → calendar; confirmation → details. Purpose is the start:
 * null.
 */
export function previousStep(step: BookingStep, ctx: FlowContext): BookingStep | null {
  switch (step) {
    case 'purpose':
      return null;
    case 'property_selection':
      return 'purpose';
    case 'calendar':
      return needsPropertySelection(ctx) ? 'property_selection' : 'purpose';
    case 'time':
    case 'details':
      return 'calendar';
    case 'confirmation':
      return 'details';
  }
}

/** Property selection applies only to a viewing or open house when the route names no property (spec §4). */
export function needsPropertySelection(ctx: FlowContext): boolean {
  return (
    !ctx.hasPropertyId &&
    ctx.purpose !== null &&
    ctx.purpose !== '' &&
    PROPERTY_PURPOSES.includes(ctx.purpose)
  );
}

/** The purpose step's button (spec §2.4). */
export function continueLabel(purpose: BookingPurpose | '' | null, hasProperty: boolean): string {
  return continueKey(purpose, hasProperty) === 'toProperty'
    ? 'Continue to Property'
    : 'Continue to Date Selection';
}

/** The purpose step's button as its booking catalogue key (the page shows it in its language). */
export function continueKey(
  purpose: BookingPurpose | '' | null,
  hasProperty: boolean,
): 'toProperty' | 'toDates' {
  return needsPropertySelection({ hasPropertyId: hasProperty, purpose }) ? 'toProperty' : 'toDates';
}

/** What a booking page's address (and the tab's session storage) holds when it is opened or reloaded. */
export interface ResumeContext extends FlowContext {
  hasDate: boolean;
  /** A time (or a slot's instant) is chosen. */
  hasTime: boolean;
  /** The result of a submit is kept for this page (the confirmation can be shown again). */
  hasBooking: boolean;
}

/**
 * The step a reloaded or shared booking address opens at: the `step` it names, when the choices it carries
 * reach it; else the furthest step they do reach (details needs a date and a time, confirmation a booking,
 * property selection a viewing or open house without a route property). An unknown or missing step opens
 * at `fallback` (initialStep).
 */
export function resumeStep(requested: string | null, ctx: ResumeContext, fallback: BookingStep): BookingStep {
  if (!isBookingStep(requested)) return fallback;
  const dateAndTime = ctx.hasDate && ctx.hasTime;
  switch (requested) {
    case 'purpose':
    case 'calendar':
      return requested;
    case 'property_selection':
      return needsPropertySelection(ctx) ? requested : ctx.hasPropertyId ? 'calendar' : 'purpose';
    case 'time':
      return ctx.hasDate ? requested : 'calendar';
    case 'details':
      return dateAndTime ? requested : 'calendar';
    case 'confirmation':
      return ctx.hasBooking ? requested : dateAndTime ? 'details' : 'calendar';
  }
}

export function isBookingStep(value: unknown): value is BookingStep {
  return typeof value === 'string' && (BOOKING_STEPS as readonly string[]).includes(value);
}
