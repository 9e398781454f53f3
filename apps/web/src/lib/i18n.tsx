// The buyer's side in English and Spanish (issue 43, decision 096): the translation runtime. Texts live in the
// domain's catalogues (packages/domain/src/i18n/<locale>/<area>.json, ICU MessageFormat), which the build compiles
// (compile-catalogues.ts) so the page carries Lingui's small runtime and no message parser. A feature module
// defines its area with its English catalogue — imported statically, so English arrives with the code that shows
// it — and reads texts through useT. Which language the page is in, and loading Spanish: lib/locale.tsx.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useEffect, useMemo } from 'react';
import {
  LOCALE_COOKIE,
  LOCALE_PARAM,
  cookieValue,
  localeOfTag,
  type Locale,
  type Translate as DomainTranslate,
} from '@keyturn/domain/i18n/locales';
import { spanishCatalogues, useLocale, type Catalogue } from '@/lib/locale';

export { loadLocale, useLocale } from '@/lib/locale';

/** Values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** A translator bound to one area: its keys, with their placeholders' values. */
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

const english = setupI18n({ locale: 'en', messages: { en: {} } });
let spanish: I18n | null = null;

function prefixed(area: string, catalogue: Catalogue): Messages {
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalogue)) out[`${area}.${key}`] = message;
  return out as Messages;
}

/** The runtime of `locale` (Spanish once its catalogues have loaded; English until then). */
function runtime(locale: Locale): I18n {
  if (locale === 'en') return english;
  if (spanish) return spanish;
  const catalogues = spanishCatalogues();
  if (!catalogues) return english;
  const messages: Messages = {};
  for (const [area, catalogue] of Object.entries(catalogues))
    Object.assign(messages, prefixed(area, catalogue));
  spanish = setupI18n({ locale: 'es', messages: { es: messages } });
  return spanish;
}

/** An area's texts (its English catalogue registered now); read them with useT(area). */
export type Area<K extends string> = { name: string; keys?: K };

export function defineArea<M extends Record<string, string>>(
  name: string,
  catalogue: M,
): Area<keyof M & string> {
  english.load('en', prefixed(name, catalogue));
  return { name };
}

/** A translator of `area` in `locale`, outside React (a text made for the server-rendered page, a test). */
export function translator<K extends string>(area: Area<K>, locale: Locale): Translate<K> {
  const i18n = runtime(locale);
  return (key, values) => i18n._(`${area.name}.${key}`, values as Record<string, unknown> | undefined);
}

/** The texts of `area` in the page's language. */
export function useT<K extends string>(area: Area<K>): Translate<K> {
  const { locale } = useLocale();
  return useMemo(() => translator(area, locale), [area, locale]);
}

/**
 * A translator by full id ('booking.pickDate') in the page's language, for a domain function that takes the
 * domain's Translate (its area's English catalogue must be loaded: the page imports the area).
 */
export function useTranslate(): DomainTranslate {
  const { locale } = useLocale();
  return useMemo(() => {
    const i18n = runtime(locale);
    return (id, values) => i18n._(id, values as Record<string, unknown> | undefined);
  }, [locale]);
}

/**
 * Whether the visitor named a language (the address's ?lang=, the switcher's cookie, or a browser language that
 * is English or Spanish): then the agent's default does not apply.
 */
function visitorChoseLanguage(): boolean {
  if (typeof window === 'undefined') return true;
  if (localeOfTag(new URLSearchParams(window.location.search).get(LOCALE_PARAM))) return true;
  if (localeOfTag(cookieValue(document.cookie, LOCALE_COOKIE))) return true;
  return (navigator.languages ?? [navigator.language]).some((tag) => localeOfTag(tag) !== null);
}

/**
 * The agent's default language (issue 43), once their answer has arrived: the page switches to it when the
 * visitor named neither English nor Spanish (the server did the same for a page it rendered).
 */
export function useAgentLanguage(agentDefault: string | null | undefined): void {
  const { locale, setLocale } = useLocale();
  useEffect(() => {
    const wanted = localeOfTag(agentDefault);
    if (wanted && wanted !== locale && !visitorChoseLanguage()) void setLocale(wanted, false);
    // Once per agent answer: a later switch by the visitor is theirs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agentDefault]);
}
