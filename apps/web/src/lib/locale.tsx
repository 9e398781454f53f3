// The page's language (issue 43, decision 096): which one it is, switching it, and loading Spanish. Each buyer
// page holds its own LocaleProvider (the pages the dashboard, sign-in and the marketing site show never load this
// file; useLocale without a provider is English). The translation runtime, lib/i18n.tsx (Lingui), comes with the
// pages that read catalogues. Spanish is one lazily loaded file (spanish.ts) the page asks for only when its
// language is Spanish: before the first render (main.tsx) or when the visitor switches.
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  DEFAULT_LOCALE,
  INTL_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_PARAM,
  isLocale,
  type Locale,
} from '@keyturn/domain/i18n/locales';

/** A catalogue as written (ICU strings) or as the build compiled it. */
export type Catalogue = Record<string, unknown>;

let spanish: Record<string, Catalogue> | null = null;
let spanishLoading: Promise<void> | null = null;

/** Every area's Spanish catalogue, once loaded (null before). */
export function spanishCatalogues(): Record<string, Catalogue> | null {
  return spanish;
}

/** Gives the Spanish catalogues at once (the server's renderer has them in its bundle). */
export function provideSpanish(catalogues: Record<string, Catalogue>): void {
  spanish = catalogues;
}

export function isLocaleLoaded(locale: Locale): boolean {
  return locale === 'en' || spanish !== null;
}

/** Makes `locale`'s texts ready (Spanish: its file, once). */
export function loadLocale(locale: Locale): Promise<void> {
  if (isLocaleLoaded(locale)) return Promise.resolve();
  spanishLoading ??= import('./spanish').then((module) => provideSpanish(module.default));
  return spanishLoading;
}

type LocaleState = {
  /** False outside a LocaleProvider (English, no switching). */
  provided: boolean;
  locale: Locale;
  /** The Intl locale of every date, time, number and price on the page. */
  intlLocale: string;
  /** Switches the page's language (loads its texts first); `remember` (the switcher): for a year. */
  setLocale: (locale: Locale, remember?: boolean) => Promise<void>;
};

const LocaleContext = createContext<LocaleState>({
  provided: false,
  locale: DEFAULT_LOCALE,
  intlLocale: INTL_LOCALE[DEFAULT_LOCALE],
  setLocale: () => Promise.resolve(),
});

/** The language the page starts in: what the server wrote on <html lang> (it read the address, cookie, header). */
export function documentLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  const lang = document.documentElement.lang.toLowerCase().split('-')[0];
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

let serverLocale: Locale | null = null;

function writeLanguageCookie(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/**
 * A page opened from a link that names its language (?lang=, the buyer's e-mails and texts) keeps it as the
 * visitor's choice: the next pages, and the API's error texts (which read the cookie), follow it.
 */
function rememberLinkLanguage(locale: Locale): void {
  if (typeof window === 'undefined') return;
  if (new URLSearchParams(window.location.search).get(LOCALE_PARAM) === locale) writeLanguageCookie(locale);
}

/** The language the server's render is in (entry-server.tsx, around its synchronous render). */
export function renderingIn(locale: Locale | null): void {
  serverLocale = locale;
}

/**
 * The page's language state (a buyer page's root). Inside another provider (a test's, or a page within a page)
 * it is that one's: one language per page.
 */
export function LocaleProvider({ initial, children }: { initial?: Locale; children: ReactNode }) {
  const parent = use(LocaleContext);
  if (parent.provided) return children;
  return <OwnLocale initial={initial}>{children}</OwnLocale>;
}

function OwnLocale({ initial, children }: { initial?: Locale | undefined; children: ReactNode }) {
  const [locale, setState] = useState<Locale>(() => {
    const start = initial ?? serverLocale ?? documentLocale();
    const usable = isLocaleLoaded(start) ? start : DEFAULT_LOCALE;
    rememberLinkLanguage(usable);
    return usable;
  });
  const setLocale = useCallback(async (next: Locale, remember = true) => {
    await loadLocale(next);
    if (remember) writeLanguageCookie(next);
    document.documentElement.lang = next;
    setState(next);
  }, []);
  const value = useMemo(
    () => ({ provided: true, locale, intlLocale: INTL_LOCALE[locale], setLocale }),
    [locale, setLocale],
  );
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

export function useLocale(): LocaleState {
  return use(LocaleContext);
}
