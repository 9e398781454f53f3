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
export function continueLabel(
  purpose: BookingPurpose | '' | null,
  hasProperty: boolean,
): 'Continue to Property' | 'Continue to Date Selection' {
  return needsPropertySelection({ hasPropertyId: hasProperty, purpose })
    ? 'Continue to Property'
    : 'Continue to Date Selection';
}
