// The page's language (issue 43, decision 096): which one it is, switching it, and loading Spanish. Light on
// purpose — the app's providers hold it, so every page (the marketing pages too) carries this file but not the
// translation runtime: lib/i18n.tsx (Lingui) comes only with the buyer pages that read catalogues. Spanish is one
// lazily loaded file (spanish.ts) the page asks for only when its language is Spanish: before the first render
// (main.tsx) or when the visitor switches.
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import {
  DEFAULT_LOCALE,
  INTL_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  isLocale,
  type Locale,
} from '@keyturn/domain/i18n/locales';
import { setPageLanguage } from '@/lib/page-language';

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
  locale: Locale;
  /** The Intl locale of every date, time, number and price on the page. */
  intlLocale: string;
  /** Switches the page's language (loads its texts first); `remember` (the switcher): for a year. */
  setLocale: (locale: Locale, remember?: boolean) => Promise<void>;
};

const LocaleContext = createContext<LocaleState>({
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

export function LocaleProvider({ initial, children }: { initial?: Locale; children: ReactNode }) {
  const [locale, setState] = useState<Locale>(() => {
    const start = initial ?? documentLocale();
    const usable = isLocaleLoaded(start) ? start : DEFAULT_LOCALE;
    setPageLanguage(usable);
    return usable;
  });
  const setLocale = useCallback(async (next: Locale, remember = true) => {
    await loadLocale(next);
    if (remember)
      document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
    document.documentElement.lang = next;
    setPageLanguage(next);
    setState(next);
  }, []);
  const value = useMemo(() => ({ locale, intlLocale: INTL_LOCALE[locale], setLocale }), [locale, setLocale]);
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

export function useLocale(): LocaleState {
  return use(LocaleContext);
}
