import { describe, expect, it } from 'vitest';
import { BOOKING_PURPOSE_LABELS } from './enums';
import { purposeInSentence, purposeTitle, purposeWithArticle, purposeWords } from './purposeText';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { CATALOGUES } from './i18n/catalogues';
import type { Translate } from './i18n/locales';

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

describe('purposeWords: the same phrasings from the catalogue, in the reader’s language (issue 43)', () => {
  const translator = (locale: 'en' | 'es'): Translate => {
    const messages: Record<string, ReturnType<typeof compileMessage>> = {};
    for (const [key, message] of Object.entries(CATALOGUES[locale].email))
      messages[`email.${key}`] = compileMessage(message);
    const i18n = setupI18n({ locale, messages: { [locale]: messages } });
    return (id, values) => i18n._(id, values as Record<string, unknown> | undefined);
  };
  const en = translator('en');
  const es = translator('es');

  it('reads in English exactly as purposeInSentence and purposeTitle of the label', () => {
    const cases: [string, string | null][] = [
      ['property_viewing', null],
      ['open_house', null],
      ['private_showing', null],
      ['property_valuation', null],
      ['custom', 'Selling my condo first'],
      ['custom', 'Open House'],
      ['custom', 'appointment'],
    ];
    for (const [purpose, custom] of cases) {
      const label = purpose === 'custom' ? custom! : BOOKING_PURPOSE_LABELS[purpose as 'open_house'];
      const words = purposeWords(en, purpose, custom);
      expect(words.label).toBe(label);
      expect(words.inSentence).toBe(purposeInSentence(label));
      expect(words.title('Dana Whitfield')).toBe(purposeTitle(label, 'Dana Whitfield'));
    }
  });

  it('reads in Spanish from the Spanish catalogue; what the buyer typed stays as typed', () => {
    expect(purposeWords(es, 'property_viewing', null)).toMatchObject({
      label: 'Visita a la propiedad',
      inSentence: 'visita a la propiedad',
    });
    expect(purposeWords(es, 'open_house', null).title('Dana')).toBe('Jornada de puertas abiertas con Dana');
    const typed = purposeWords(es, 'custom', 'Vender mi condominio');
    expect(typed.label).toBe('Vender mi condominio');
    expect(typed.inSentence).toBe('cita (“Vender mi condominio”)');
    expect(typed.title('Dana')).toBe('Cita con Dana: Vender mi condominio');
  });
});
