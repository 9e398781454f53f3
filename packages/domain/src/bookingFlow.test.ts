import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  resumeStep,
  BOOKING_STEPS,
  continueLabel,
  initialStep,
  needsPropertySelection,
  nextStep,
  previousStep,
} from './bookingFlow';
import type { FlowContext } from './bookingFlow';
import { BOOKING_PURPOSES } from './enums';

const viewingNoProperty: FlowContext = { hasPropertyId: false, purpose: 'property_viewing' };
const openHouseNoProperty: FlowContext = { hasPropertyId: false, purpose: 'open_house' };
const valuationNoProperty: FlowContext = { hasPropertyId: false, purpose: 'property_valuation' };
const withProperty: FlowContext = { hasPropertyId: true, purpose: 'property_viewing' };

describe('initialStep (spec §2.4, §4)', () => {
  it('starts at calendar when a propertyId is in the route', () => {
    expect(initialStep({ hasPropertyId: true })).toBe('calendar');
  });

  it('starts at purpose otherwise', () => {
    expect(initialStep({ hasPropertyId: false })).toBe('purpose');
  });

  it('a valid prefilled or query date moves the flow to calendar', () => {
    expect(initialStep({ hasPropertyId: false, hasValidDate: true })).toBe('calendar');
  });
});

describe('nextStep (spec §4)', () => {
  it('purpose → property_selection for a viewing or open house without a propertyId', () => {
    expect(nextStep('purpose', viewingNoProperty)).toBe('property_selection');
    expect(nextStep('purpose', openHouseNoProperty)).toBe('property_selection');
  });

  it('purpose → calendar for the other purposes, or when the route names a property', () => {
    expect(nextStep('purpose', valuationNoProperty)).toBe('calendar');
    expect(nextStep('purpose', { hasPropertyId: false, purpose: 'custom' })).toBe('calendar');
    expect(nextStep('purpose', withProperty)).toBe('calendar');
  });

  it('property_selection → calendar → details → confirmation; choosing a slot on time → details', () => {
    expect(nextStep('property_selection', viewingNoProperty)).toBe('calendar');
    expect(nextStep('calendar', viewingNoProperty)).toBe('details');
    expect(nextStep('time', viewingNoProperty)).toBe('details');
    expect(nextStep('details', viewingNoProperty)).toBe('confirmation');
  });

  it('confirmation is the end', () => {
    expect(nextStep('confirmation', viewingNoProperty)).toBeNull();
  });
});

describe('previousStep (spec §2.4 Back)', () => {
  it('property_selection → purpose', () => {
    expect(previousStep('property_selection', viewingNoProperty)).toBe('purpose');
  });

  it('calendar → property selection for a viewing or open house without a propertyId', () => {
    expect(previousStep('calendar', viewingNoProperty)).toBe('property_selection');
    expect(previousStep('calendar', openHouseNoProperty)).toBe('property_selection');
  });

  it('calendar → purpose otherwise', () => {
    expect(previousStep('calendar', valuationNoProperty)).toBe('purpose');
    expect(previousStep('calendar', withProperty)).toBe('purpose');
  });

  it('time → calendar, details → calendar, confirmation → details', () => {
    expect(previousStep('time', viewingNoProperty)).toBe('calendar');
    expect(previousStep('details', viewingNoProperty)).toBe('calendar');
    expect(previousStep('confirmation', viewingNoProperty)).toBe('details');
  });

  it('purpose is the start', () => {
    expect(previousStep('purpose', viewingNoProperty)).toBeNull();
  });

  it('Back from a step reached by Continue returns to where the buyer came from, for purpose to details', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.constantFrom(...BOOKING_PURPOSES), (hasPropertyId, purpose) => {
        const ctx: FlowContext = { hasPropertyId, purpose };
        for (const step of ['purpose', 'property_selection', 'calendar'] as const) {
          if (step === 'property_selection' && !needsPropertySelection(ctx)) continue;
          const next = nextStep(step, ctx);
          expect(next).not.toBeNull();
          if (next) expect(previousStep(next, ctx)).toBe(step);
        }
      }),
    );
  });

  it('every step has a defined answer both ways', () => {
    for (const step of BOOKING_STEPS) {
      expect(nextStep(step, viewingNoProperty) === null).toBe(step === 'confirmation');
      expect(previousStep(step, viewingNoProperty) === null).toBe(step === 'purpose');
    }
  });
});

describe('continueLabel (spec §2.4)', () => {
  it("'Continue to Property' for a viewing or open house without a property", () => {
    expect(continueLabel('property_viewing', false)).toBe('Continue to Property');
    expect(continueLabel('open_house', false)).toBe('Continue to Property');
  });

  it("'Continue to Date Selection' otherwise", () => {
    expect(continueLabel('property_viewing', true)).toBe('Continue to Date Selection');
    expect(continueLabel('private_showing', false)).toBe('Continue to Date Selection');
    expect(continueLabel('custom', false)).toBe('Continue to Date Selection');
    expect(continueLabel('', false)).toBe('Continue to Date Selection');
  });
});

describe('resumeStep: a reloaded or shared booking address opens at its step when its choices reach it', () => {
  const none = {
    hasPropertyId: false,
    purpose: '' as const,
    hasDate: false,
    hasTime: false,
    hasBooking: false,
  };
  const full = {
    ...none,
    purpose: 'property_viewing' as const,
    hasDate: true,
    hasTime: true,
    hasBooking: true,
  };

  it('opens every step the choices reach', () => {
    for (const step of BOOKING_STEPS) expect(resumeStep(step, full, 'purpose')).toBe(step);
  });

  it('an unknown or missing step opens at the fallback (initialStep)', () => {
    expect(resumeStep(null, full, 'calendar')).toBe('calendar');
    expect(resumeStep('checkout', full, 'purpose')).toBe('purpose');
  });

  it('details without a date and time opens the calendar', () => {
    expect(resumeStep('details', { ...full, hasTime: false }, 'purpose')).toBe('calendar');
    expect(resumeStep('time', { ...full, hasDate: false }, 'purpose')).toBe('calendar');
  });

  it('confirmation without a kept booking opens details (or the calendar without a time)', () => {
    expect(resumeStep('confirmation', { ...full, hasBooking: false }, 'purpose')).toBe('details');
    expect(resumeStep('confirmation', { ...full, hasBooking: false, hasTime: false }, 'purpose')).toBe(
      'calendar',
    );
  });

  it('property selection only for a viewing or open house without a route property', () => {
    expect(resumeStep('property_selection', { ...full, purpose: 'property_valuation' }, 'purpose')).toBe(
      'purpose',
    );
    expect(resumeStep('property_selection', { ...full, hasPropertyId: true }, 'calendar')).toBe('calendar');
  });
});
