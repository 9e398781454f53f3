// The page's language for code outside React (issue 43): the API client sends it as Accept-Language, so the
// server's error texts come in the buyer's language. lib/i18n.tsx's LocaleProvider keeps it current.
import { DEFAULT_LOCALE, type Locale } from '@keyturn/domain/i18n/locales';

let current: Locale = DEFAULT_LOCALE;

export function pageLanguage(): Locale {
  return current;
}

export function setPageLanguage(locale: Locale): void {
  current = locale;
}
