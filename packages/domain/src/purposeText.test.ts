import { describe, expect, it } from 'vitest';
import { BOOKING_PURPOSE_LABELS } from './enums';
import { purposeInSentence, purposeTitle, purposeWithArticle } from './purposeText';

describe('a purpose inside a sentence', () => {
  it('the listed purposes read in lower case, with the right article', () => {
    expect(purposeInSentence(BOOKING_PURPOSE_LABELS.property_viewing)).toBe('property viewing');
    expect(purposeWithArticle(BOOKING_PURPOSE_LABELS.property_viewing)).toBe('a property viewing');
    expect(purposeWithArticle(BOOKING_PURPOSE_LABELS.open_house)).toBe('an open house');
    expect(purposeTitle(BOOKING_PURPOSE_LABELS.private_showing, 'Dana Whitfield')).toBe(
      'Private Showing with Dana Whitfield',
    );
  });

  it('what a buyer typed for Other is quoted as it was typed after "appointment", never lower-cased into the sentence', () => {
    for (const typed of [
      'Selling my condo first',
      'Mortgage pre-approval chat',
      'HOA questions',
      'Ünterschrift',
    ]) {
      expect(`Your ${purposeInSentence(typed)} with Dana is booked.`).toBe(
        `Your appointment (“${typed}”) with Dana is booked.`,
      );
      expect(`Sam booked ${purposeWithArticle(typed)} with you.`).toBe(
        `Sam booked an appointment (“${typed}”) with you.`,
      );
      expect(purposeTitle(typed, 'Dana Whitfield')).toBe(`Appointment with Dana Whitfield: ${typed}`);
    }
    expect(purposeInSentence('  Relocation consultation ')).toBe('appointment (“Relocation consultation”)');
  });

  it('Other without text, or the generic name, is just an appointment', () => {
    for (const label of [BOOKING_PURPOSE_LABELS.custom, '', 'Appointment']) {
      expect(purposeWithArticle(label)).toBe('an appointment');
      expect(purposeTitle(label, 'Dana')).toBe('Appointment with Dana');
    }
  });
});
