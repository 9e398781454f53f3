// The server's texts in the buyer's language (issue 43, decision 096): e-mails, texts, the calendar file and API
// error messages read the domain's catalogues (packages/domain/src/i18n) through Lingui, compiled once at start
// (the server has no bundle budget; the web build compiles them ahead instead). `t(locale, 'area.key', values)`.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { AREAS, CATALOGUES, type AreaName } from '@keyturn/domain/i18n/catalogues';
import { DEFAULT_LOCALE, INTL_LOCALE, LOCALES, localeOfTag, type Locale } from '@keyturn/domain/i18n/locales';

export type { Locale };
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** A message's id: its area and key, 'email.confirmationSubject'. */
export type MessageId = `${AreaName}.${string}`;

function compiled(locale: Locale): Messages {
  const messages: Messages = {};
  for (const area of AREAS)
    for (const [key, message] of Object.entries(CATALOGUES[locale][area]))
      messages[`${area}.${key}`] = compileMessage(message);
  return messages;
}

const instances = Object.fromEntries(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: compiled(locale) } })]),
) as Record<Locale, I18n>;

/** The message `id` in `locale` (a value that is not a known language: English). Throws on an unknown id. */
export function t(locale: string | null | undefined, id: MessageId, values?: MessageValues): string {
  const language = localeOfTag(locale) ?? DEFAULT_LOCALE;
  if (!hasId(id)) throw new Error(`no message ${id}`);
  return instances[language]._(id, values as Record<string, unknown> | undefined);
}

function hasId(id: string): boolean {
  const dot = id.indexOf('.');
  const area = id.slice(0, dot) as AreaName;
  return (AREAS as readonly string[]).includes(area) && id.slice(dot + 1) in CATALOGUES.en[area];
}

/** Whether the catalogues have `id` (an error code's text, say). */
export function hasMessage(id: string): id is MessageId {
  return hasId(id);
}

/** The Intl locale of dates, times and prices in a text in `locale`. */
export function intlLocaleOf(locale: string | null | undefined): string {
  return INTL_LOCALE[localeOfTag(locale) ?? DEFAULT_LOCALE];
}

/** The order a text is looked up in by its English: the API's own area, the forms' fields, then the pages'. */
const LOOKUP_ORDER: readonly AreaName[] = [
  'errors',
  'fields',
  ...AREAS.filter((area) => area !== 'errors' && area !== 'fields'),
];
let byEnglish: Map<string, MessageId> | null = null;

/**
 * The message whose English is `text` exactly, among the entries without placeholders (the first area's, the
 * first key's, wins); undefined when none is.
 */
export function messageIdOfEnglish(text: string): MessageId | undefined {
  if (!byEnglish) {
    byEnglish = new Map();
    for (const area of LOOKUP_ORDER)
      for (const [key, message] of Object.entries(CATALOGUES.en[area]))
        if (!message.includes('{') && !byEnglish.has(message)) byEnglish.set(message, `${area}.${key}`);
  }
  return byEnglish.get(text);
}

/**
 * A text kept in English in the database, in `locale`: one of ours (a decline reason the server wrote) from its
 * catalogue entry; anything else — someone's own words — as written.
 */
export function storedTextIn(locale: string | null | undefined, text: string): string {
  const id = messageIdOfEnglish(text);
  return id === undefined ? text : t(locale, id);
}
