// The language a page is served in (issue 43, decision 096): the address's `?lang=`, the switcher's cookie, the
// browser's Accept-Language, then — only when none of those named English or Spanish — the agent's default
// (known when the server renders the page's first screen with the agent's answer; otherwise the page applies
// it itself when the agent's answer arrives and the browser names neither language), then English.
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_PARAM,
  cookieValue,
  isBuyerPagePath,
  localeOfAcceptLanguage,
  localeOfTag,
  type Locale,
} from '@keyturn/domain/i18n/locales';

export type PageLocale = {
  locale: Locale;
  /** false: nothing the visitor sent named a language. */ chosen: boolean;
};

/** The language the visitor's request names (address, cookie, Accept-Language), or null. */
export function visitorLocale(request: FastifyRequest): Locale | null {
  const query = request.query as Record<string, unknown> | undefined;
  const param = typeof query?.[LOCALE_PARAM] === 'string' ? (query[LOCALE_PARAM] as string) : null;
  return (
    localeOfTag(param) ??
    localeOfTag(cookieValue(request.headers.cookie, LOCALE_COOKIE)) ??
    localeOfAcceptLanguage(request.headers['accept-language'])
  );
}

export function pageLocale(request: FastifyRequest, agentDefault?: string | null): PageLocale {
  // The dashboard, sign-in and the marketing site stay English (issue 43).
  if (!isBuyerPagePath(request.url.split('?')[0] ?? '/')) return { locale: DEFAULT_LOCALE, chosen: false };
  const visitor = visitorLocale(request);
  if (visitor) return { locale: visitor, chosen: true };
  return { locale: localeOfTag(agentDefault) ?? DEFAULT_LOCALE, chosen: false };
}

/** The agent's default language in a page's first answers (the public agent answer's `data.defaultLanguage`), or null. */
export function agentDefaultIn(answers: Record<string, unknown>): string | null {
  for (const body of Object.values(answers)) {
    const data = (body as { data?: { defaultLanguage?: unknown } } | null)?.data;
    if (typeof data?.defaultLanguage === 'string') return data.defaultLanguage;
  }
  return null;
}

/** The page with <html lang> set to its language (its other attributes as they were). */
export function withPageLocale(html: string, { locale }: PageLocale): string {
  return html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang="[^"]*"/i.test(tag)
      ? tag.replace(/\slang="[^"]*"/i, ` lang="${locale}"`)
      : tag.replace(/^<html/i, `<html lang="${locale}"`),
  );
}
