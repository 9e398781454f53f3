import { describe, expect, it } from 'vitest';
import { cookieValue, isBuyerPagePath, localeOfAcceptLanguage, pickLocale, withLocaleParam } from './locales';

describe('the page language', () => {
  it('reads Accept-Language by weight, then written order, regions ignored', () => {
    expect(localeOfAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(localeOfAcceptLanguage('en-US,en;q=0.9')).toBe('en');
    expect(localeOfAcceptLanguage('fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4')).toBe('es');
    expect(localeOfAcceptLanguage('en;q=0.2, es;q=0.8')).toBe('es');
    expect(localeOfAcceptLanguage('de, *;q=0.5')).toBeNull();
    expect(localeOfAcceptLanguage('es;q=0')).toBeNull();
    expect(localeOfAcceptLanguage('')).toBeNull();
  });

  it('takes the address, then the cookie, then the browser, then the agent, then English', () => {
    expect(pickLocale({ param: 'es', cookie: 'en', acceptLanguage: 'en' })).toBe('es');
    expect(pickLocale({ param: 'xx', cookie: 'es', acceptLanguage: 'en' })).toBe('es');
    expect(pickLocale({ acceptLanguage: 'es-US', agentDefault: 'en' })).toBe('es');
    expect(pickLocale({ acceptLanguage: 'zh-CN', agentDefault: 'es' })).toBe('es');
    expect(pickLocale({ acceptLanguage: 'en', agentDefault: 'es' })).toBe('en');
    expect(pickLocale({})).toBe('en');
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(cookieValue('a=1; keyturn_lang=es; b=2', 'keyturn_lang')).toBe('es');
    expect(cookieValue('a=1', 'keyturn_lang')).toBeNull();
    expect(cookieValue(undefined, 'keyturn_lang')).toBeNull();
  });
});

describe('a link in the buyer language', () => {
  it('adds ?lang=es to a Spanish link, leaves English alone, replaces an earlier lang', () => {
    expect(withLocaleParam('https://x.test/booking/manage?token=a', 'es')).toBe(
      'https://x.test/booking/manage?token=a&lang=es',
    );
    expect(withLocaleParam('https://x.test/tour/t', 'es')).toBe('https://x.test/tour/t?lang=es');
    expect(withLocaleParam('https://x.test/a?lang=en&b=1#top', 'es')).toBe(
      'https://x.test/a?b=1&lang=es#top',
    );
    expect(withLocaleParam('https://x.test/a?b=1', 'en')).toBe('https://x.test/a?b=1');
  });
});

describe('the pages that speak the buyer language', () => {
  it('are the buyer, seller and buyer-agent pages, not the dashboard or the marketing site', () => {
    for (const path of [
      '/bookme/abc',
      '/booking/manage',
      '/Tour/xyz',
      '/jane/12-main-st/4/book',
      '/accessibility',
    ])
      expect(isBuyerPagePath(path), path).toBe(true);
    for (const path of ['/', '/pricing', '/dashboard', '/dashboard/bookings', '/sign-in', '/tour'])
      expect(isBuyerPagePath(path), path).toBe(false);
  });
});
