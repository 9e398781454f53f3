// The languages a buyer, a seller or a buyer's agent reads Keyturn in (issue 43, decision 096): English and
// Spanish (es-US). The agent's dashboard stays English. Which one a page speaks: the address's `?lang=` (links
// in e-mails and texts carry the booking's language), then the visitor's own choice (the switcher's cookie), then
// the browser's Accept-Language, then the agent's default, then English. The booking stores the language it was
// made in; every later e-mail and text to that buyer follows it.
import { isPathIn } from '../appPaths';

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The locale every Intl format of a page, e-mail or text in that language is made with (dates, times, prices). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** Each language's name in itself: what the switcher shows (never translated). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** The address parameter that names the page's language (links in e-mails and texts carry it). */
export const LOCALE_PARAM = 'lang';
/** The cookie the language switcher writes (a year; read by the server when it writes <html lang>). */
export const LOCALE_COOKIE = 'keyturn_lang';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The supported language a tag names ('es-MX' → 'es', 'EN' → 'en'), or null. */
export function localeOfTag(tag: string | null | undefined): Locale | null {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}

/**
 * The first supported language of an Accept-Language header, by its q weights (ties in written order); null
 * when it names neither (or none at all, or `*`).
 */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
      const weight = q === undefined ? 1 : Number(q);
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const locale = localeOfTag(entry.tag);
    if (locale) return locale;
  }
  return null;
}

/** The value of one cookie in a Cookie header, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The page's language, in the order the module's head says. */
export function pickLocale(from: {
  param?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
  agentDefault?: string | null;
}): Locale {
  return (
    localeOfTag(from.param) ??
    localeOfTag(from.cookie) ??
    localeOfAcceptLanguage(from.acceptLanguage) ??
    localeOfTag(from.agentDefault) ??
    DEFAULT_LOCALE
  );
}

/**
 * A link for a buyer in `locale`: Spanish links carry `?lang=es` so the page opens in the language of the e-mail
 * or text that held it; English links are left as they are.
 */
export function withLocaleParam(url: string, locale: Locale | string | null | undefined): string {
  const language = localeOfTag(locale);
  if (!language || language === DEFAULT_LOCALE) return url;
  const hash = url.indexOf('#');
  const [base, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const withoutLang = base.replace(new RegExp(`([?&])${LOCALE_PARAM}=[^&]*&?`), '$1').replace(/[?&]$/, '');
  return `${withoutLang}${withoutLang.includes('?') ? '&' : '?'}${LOCALE_PARAM}=${language}${fragment}`;
}

/** A message by its full id ('booking.pickDate') in one language, with its placeholders' values. */
export type Translate = (
  id: string,
  values?: Record<string, string | number | Date | null | undefined>,
) => string;

/**
 * The pages a buyer, a seller or a buyer's agent reads, which speak their language (`:name` one segment). Every
 * other page — the agent's dashboard, sign-in, the marketing site — stays English whatever the visitor's language
 * (apps/web's router marks the same routes BUYER_PAGE; router.test.tsx checks the two agree).
 */
export const BUYER_PAGE_PATHS = [
  '/bookme',
  '/bookme/:agentId',
  '/bookme/:agentId/:agentName',
  '/booking/:linkId',
  '/:username/:address/:propertyId/book',
  '/embed/bookme/:agentId',
  '/embed/property/:propertyId',
  '/team/:slug',
  '/team/:slug/consultation',
  '/booking/manage',
  '/booking/cancelled',
  '/booking/reschedule',
  '/booking/proposal',
  '/booking/waitlist',
  '/your-data',
  '/seller-approval',
  '/feedback/:bookingId',
  '/tour/:token',
  '/seller/:token',
  '/accessibility',
] as const;

/** Whether `pathname` is one of BUYER_PAGE_PATHS (letters compared without case, as the router does). */
export function isBuyerPagePath(pathname: string): boolean {
  return isPathIn(BUYER_PAGE_PATHS, pathname);
}
