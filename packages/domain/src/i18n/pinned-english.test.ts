// Issue 43: a few domain texts are also the English of the buyer pages' catalogues. They stay literal in the
// domain modules that the public pages' first load shares (constants, enums, messages, the booking flow, the
// status labels, the held-time notices, the slot badges): a module there that imported a catalogue would carry
// the whole catalogue into every page that imports it (the landing page grew 5.5 KB gzip when they did). This
// test holds each pair equal, so the English is one text in two places that cannot drift apart.
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUS_LABELS } from '../bookingStatus';
import { continueLabel } from '../bookingFlow';
import { PLACEHOLDER_PROPERTY } from '../constants';
import { BOOKING_PURPOSE_LABELS } from '../enums';
import { SUGGESTED_SLOT } from '../learning/slotMarks';
import { MESSAGES, RECOMMENDED_SLOT } from '../messages';
import { HOLD_TEXTS } from '../slots/holds';
import { LOADING_PAGE_ES, SHELL_MESSAGES } from '../shellMessages';
import { CATALOGUES } from './catalogues';

const booking = CATALOGUES.en.booking;
const manage = CATALOGUES.en.manage;
const steps = CATALOGUES.en.steps;

const PINNED: [string, string | undefined, string][] = [
  ['PLACEHOLDER_PROPERTY.address', booking.placeholderAddress, PLACEHOLDER_PROPERTY.address],
  ['PLACEHOLDER_PROPERTY.property_type', booking.placeholderType, PLACEHOLDER_PROPERTY.property_type],
  ['BOOKING_PURPOSE_LABELS.property_viewing', booking.pViewing, BOOKING_PURPOSE_LABELS.property_viewing],
  ['BOOKING_PURPOSE_LABELS.open_house', booking.pOpenHouse, BOOKING_PURPOSE_LABELS.open_house],
  ['BOOKING_PURPOSE_LABELS.private_showing', booking.pPrivate, BOOKING_PURPOSE_LABELS.private_showing],
  [
    'BOOKING_PURPOSE_LABELS.property_valuation',
    booking.pValuation,
    BOOKING_PURPOSE_LABELS.property_valuation,
  ],
  ['BOOKING_PURPOSE_LABELS.custom', booking.pCustom, BOOKING_PURPOSE_LABELS.custom],
  ['BOOKING_STATUS_LABELS.pending', manage.statusPending, BOOKING_STATUS_LABELS.pending],
  ['BOOKING_STATUS_LABELS.confirmed', manage.statusConfirmed, BOOKING_STATUS_LABELS.confirmed],
  ['BOOKING_STATUS_LABELS.declined', manage.statusDeclined, BOOKING_STATUS_LABELS.declined],
  ['BOOKING_STATUS_LABELS.cancelled', manage.statusCancelled, BOOKING_STATUS_LABELS.cancelled],
  ['BOOKING_STATUS_LABELS.rescheduled', manage.statusRescheduled, BOOKING_STATUS_LABELS.rescheduled],
  ['BOOKING_STATUS_LABELS.completed', manage.statusCompleted, BOOKING_STATUS_LABELS.completed],
  ['BOOKING_STATUS_LABELS.no_show', manage.statusNoShow, BOOKING_STATUS_LABELS.no_show],
  ['SUGGESTED_SLOT.label', steps.suggested, SUGGESTED_SLOT.label],
  ['SUGGESTED_SLOT.title', steps.suggestedTitle, SUGGESTED_SLOT.title],
  ['RECOMMENDED_SLOT.label', steps.recommended, RECOMMENDED_SLOT.label],
  ['RECOMMENDED_SLOT.title', steps.recommendedTitle, RECOMMENDED_SLOT.title],
  ['HOLD_TEXTS.lastMinute', steps.lastMinute, HOLD_TEXTS.lastMinute],
  ['HOLD_TEXTS.ended', steps.holdEnded, HOLD_TEXTS.ended],
  ['MESSAGES.closedTitle', booking.closedTitle, MESSAGES.changesClosedTitle],
  ['MESSAGES.consultationWithAgent', booking.consultWithAgent, MESSAGES.consultationWithAgent],
  ['MESSAGES.customPurposePlaceholder', booking.customPlaceholder, MESSAGES.customPurposePlaceholder],
  ['MESSAGES.propertyLoadFailed', booking.loadFailed, MESSAGES.propertyLoadFailed],
  ['MESSAGES.loadingBooking', booking.loading, MESSAGES.loadingBooking],
  ['MESSAGES.noPropertiesForAgent', steps.noProperties, MESSAGES.noPropertiesForAgent],
  ['MESSAGES.propertyNotFoundBody', booking.noPropertyBody, MESSAGES.propertyNotFoundBody],
  ['MESSAGES.propertyNotFoundTitle', booking.noPropertyTitle, MESSAGES.propertyNotFoundTitle],
  ['MESSAGES.noSlotsForDate', steps.noSlots, MESSAGES.noSlotsForDate],
  ['MESSAGES.purposeRequired', booking.purposeRequired, MESSAGES.purposeRequired],
  ['continueLabel (property)', booking.toProperty, continueLabel('property_viewing', false)],
  ['continueLabel (dates)', booking.toDates, continueLabel('property_valuation', false)],
  ['SHELL_MESSAGES.loadingPage', CATALOGUES.en.common.loadingPage, SHELL_MESSAGES.loadingPage],
  ['LOADING_PAGE_ES (Spanish)', CATALOGUES.es.common.loadingPage, LOADING_PAGE_ES],
];

describe('domain texts that are also the buyer catalogues’ English', () => {
  for (const [name, catalogue, domain] of PINNED)
    it(`${name} is its catalogue entry, letter for letter`, () => {
      expect(catalogue?.replace(/''/g, "'")).toBe(domain);
    });
});
