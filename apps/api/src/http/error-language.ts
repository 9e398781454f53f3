// API errors in the buyer's language (issue 43): for a request in Spanish (visitorLocale: the address's ?lang, the
// switcher's cookie — which a page opened from a Spanish e-mail's link also writes — the browser's Accept-Language;
// never a signed-in agent's call), the `error` text and each `fields` text are
// answered in Spanish; `code` and the body's shape stay as they are, and an English answer is byte-for-byte the
// one the service wrote. A text is translated only when its English is a catalogue entry's English exactly:
//  - `errors.<CODE>` (or a variant `errors.<CODE>_<variant>` of the same code), rendered with the error's values;
//  - else the placeholder-free entry with that English text: of the `errors` area (a text two codes share), of
//    the `fields` area (the domain's MESSAGES, the forms' validation texts), then of any other area (a page's
//    own sentence the API also answers — "This link has already been used." lives once, in `seller`).
// Anything else (an agent-written text, a message nobody has translated yet) stays English.
import type { FastifyRequest } from 'fastify';
import { CATALOGUES } from '@keyturn/domain/i18n/catalogues';
import { LOCALE_PARAM, localeOfTag, type Locale } from '@keyturn/domain/i18n/locales';
import type { ErrorBody, ErrorMessageValues, ErrorValues } from '../errors';
import { messageIdOfEnglish, t, type MessageId } from '../i18n';
import { visitorLocale } from './page-locale';

/** The `errors` keys of `code`: `CODE` itself and its variants `CODE_variant` (a lower-case variant name). */
export function errorKeysOf(code: string): string[] {
  return Object.keys(CATALOGUES.en.errors).filter(
    (key) => key === code || (key.startsWith(`${code}_`) && /^[a-z]/.test(key.slice(code.length + 1))),
  );
}

function valuesIn(values: ErrorMessageValues | undefined, locale: Locale): ErrorValues | undefined {
  return typeof values === 'function' ? values(locale) : values;
}

/** `text` (an error's or a field's English) in `locale`, or null when no catalogue entry has it. */
export function translatedErrorText(
  text: string,
  code: string,
  locale: Locale,
  values?: ErrorMessageValues,
): string | null {
  for (const key of errorKeysOf(code)) {
    const id = `errors.${key}` as MessageId;
    if (t('en', id, valuesIn(values, 'en')) === text) return t(locale, id, valuesIn(values, locale));
  }
  const id = messageIdOfEnglish(text);
  return id === undefined ? null : t(locale, id);
}

/** `body` in `locale`: its error text and field texts translated where the catalogues have them. */
export function errorBodyIn(body: ErrorBody, locale: Locale, values?: ErrorMessageValues): ErrorBody {
  if (locale === 'en') return body;
  const inLocale = (text: string) => translatedErrorText(text, body.code, locale, values) ?? text;
  const translated: ErrorBody = { ...body, error: inLocale(body.error) };
  if (body.fields)
    translated.fields = Object.fromEntries(
      Object.entries(body.fields).map(([name, text]) => [name, inLocale(text)]),
    );
  return translated;
}

/** The error body in the request's language (English unless the request names Spanish). */
export function errorBodyFor(
  request: FastifyRequest,
  body: ErrorBody,
  values?: ErrorMessageValues,
): ErrorBody {
  // A signed-in agent's call (the dashboard, an API key) is answered in English: the dashboard is English.
  if (request.headers.authorization) return body;
  // The address's ?lang= read from the address itself: a route's query schema drops the keys it does not name.
  const query = request.url.split('?')[1];
  const locale =
    (query ? localeOfTag(new URLSearchParams(query).get(LOCALE_PARAM)) : null) ?? visitorLocale(request);
  return locale && locale !== 'en' ? errorBodyIn(body, locale, values) : body;
}

const SPANISH_UNITS: Record<string, [string, string]> = {
  ms: ['ms', 'ms'],
  second: ['segundo', 'segundos'],
  minute: ['minuto', 'minutos'],
  hour: ['hora', 'horas'],
  day: ['día', 'días'],
};

/**
 * The values of @fastify/rate-limit's 429 text ("Rate limit exceeded, retry in 1 minute"): `after` as written,
 * in Spanish "1 minuto" (its `ms` long format: a number and a unit).
 */
export function rateLimitValues(message: string): ErrorMessageValues | undefined {
  const after = /retry in (.+)$/.exec(message)?.[1];
  if (after === undefined) return undefined;
  return (locale) => {
    if (locale === 'en') return { after };
    const parts = /^(\d+) ?(ms|second|minute|hour|day)s?$/.exec(after);
    const units = parts ? SPANISH_UNITS[parts[2]!] : undefined;
    return { after: parts && units ? `${parts[1]} ${parts[1] === '1' ? units[0] : units[1]}` : after };
  };
}
