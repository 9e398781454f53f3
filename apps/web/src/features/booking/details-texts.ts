// The booking form, the confirmation and the flow's side panels (waiting list, open houses, instructions, access,
// the assistant) in the page's language (issue 43; catalogues in packages/domain/src/i18n/<locale>/details.json),
// and the form's field messages (`fields`: the domain's schema messages, keyed by their MESSAGES key). Imported
// only by the lazily loaded steps and panels: nothing here is on the booking page's first load.
import english from '@keyturn/domain/i18n/en/details.json';
import englishFields from '@keyturn/domain/i18n/en/fields.json';
// Who decides (issue 39 §6): the confirmation shows the e-mail's and the manage page's one wording.
import { waitingDetail, waitingFor } from '@keyturn/domain/i18n/en/email.json';
import type { BudgetRange, BuyerType, IncomeRange } from '@keyturn/domain/enums';
import type { DayPart } from '@keyturn/domain/slots/waitlist';
import type { ReactNode } from 'react';
import { defineArea, translator, useLocale, useT, type Translate } from '@/lib/i18n';

export const DETAILS = defineArea('details', english);
export const FIELDS = defineArea('fields', englishFields);
export const WHO_DECIDES_TEXTS = defineArea('email', { waitingFor, waitingDetail });

export type DetailsKey = keyof typeof english;
type FieldKey = keyof typeof englishFields;

/** A buyer type's label key. */
export const BUYER_TYPE_KEY: Record<BuyerType, DetailsKey> = {
  first_time_buyer: 'typeFirst',
  investor: 'typeInvestor',
  home_owner: 'typeOwner',
};

/** A part of the day's label key (the waiting list's form; the manage area's, which its link page shares). */
export const DAY_PART_KEY: Record<DayPart, 'partAny' | 'partMorning' | 'partAfternoon' | 'partEvening'> = {
  any: 'partAny',
  morning: 'partMorning',
  afternoon: 'partAfternoon',
  evening: 'partEvening',
};

/** The SMS consent wording as the buyer reads it: its label, then its terms (one text in each language). */
export function smsConsentWording(t: Translate<DetailsKey>): string {
  return `${t('smsLabel')}. ${t('smsTerms')}`;
}

/** A budget or income range ('100000-200000', '1000000+') in whole dollars, in the page's language. */
export function moneyRange(range: BudgetRange | IncomeRange, t: Translate<DetailsKey>, intlLocale: string) {
  const format = new Intl.NumberFormat(intlLocale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  if (range.endsWith('+')) return t('moneyFrom', { min: format.format(Number(range.slice(0, -1))) });
  const [min = '', max = ''] = range.split('-');
  return t('moneyRange', { min: format.format(Number(min)), max: format.format(Number(max)) });
}

// The English field messages by their text: a form error (the English the domain's schema produced) → its key.
let fieldKeys: Map<string, FieldKey> | null = null;
function fieldKeyOf(message: string): FieldKey | undefined {
  if (!fieldKeys) {
    const english = translator(FIELDS, 'en');
    fieldKeys = new Map(
      (Object.keys(englishFields) as FieldKey[]).map((key) => [english(key), key] as const),
    );
  }
  return fieldKeys.get(message);
}

/**
 * A form error message in the page's language: the English text the domain's schema produced, looked up in the
 * English `fields` catalogue; a text it does not hold (a server's own sentence) is shown as it is.
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const t = useT(FIELDS);
  const { locale } = useLocale();
  return (message) => {
    if (!message || locale === 'en') return message;
    const key = fieldKeyOf(message);
    return key ? t(key) : message;
  };
}

/** '2031-03-04' → 'Tuesday, March 4, 2031' / 'martes, 4 de marzo de 2031' (the page's language). */
export function longDate(iso: string, intlLocale: string): string {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(year, month - 1, day));
}

/**
 * A text with elements in it (links): the message is read with a marker for each element's placeholder, then
 * cut at the markers, so the words around a link stay in the language's own order.
 */
export function withElements<K extends string>(
  t: Translate<K>,
  key: K,
  values: Record<string, string>,
  elements: Record<string, ReactNode>,
): ReactNode[] {
  const marked: Record<string, string> = { ...values };
  for (const name of Object.keys(elements)) marked[name] = `\u0001${name}\u0001`;
  return t(key, marked)
    .split('\u0001')
    .map((part, i) => (i % 2 === 1 && part in elements ? elements[part] : part));
}
