// The cookie-consent banner (spec §2.3, §9): one second after the page loads, while no choice is stored, it
// asks for analytics consent. Accept All and Reject All store the choice; the close button stores nothing
// and only hides the banner until the next page load.
//
// It never covers what a visitor came to do (decision 013): while it shows, the page reserves its height at
// the bottom (body padding and scroll padding through --cookie-banner-space, so every button can be scrolled
// above it and focus scrolling keeps clear of it), and on the buyer's pages — booking, manage, feedback: routes
// whose handle says `compactConsent` — it is a single compact row.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { setConsent, useConsent } from '@/lib/consent';
import { keepFocusClearOf } from '@/lib/focus-clear';
import { useRouteHandles } from '@/lib/route-table';
import { useT } from '@/lib/i18n';
import { COOKIES } from '@/lib/cookies-area';
import { Button } from './ui/button';
import { CloseIcon } from './ui/icons';

/** The route handle that asks for the compact banner (the buyer's booking, manage and feedback pages). */
export type ConsentHandle = { compactConsent?: boolean };
export const BANNER_SPACE_VARIABLE = '--cookie-banner-space';
/** Where the privacy link sits in the long text's message. */
const LINK_MARK = '\u0001';

export function CookieBanner() {
  const consent = useConsent();
  const t = useT(COOKIES);
  const [due, setDue] = useState(false);
  const [closed, setClosed] = useState(false);
  const compact = useRouteHandles().some((handle) => (handle as ConsentHandle | undefined)?.compactConsent);
  const ref = useRef<HTMLElement>(null);
  const showing = due && !closed && consent === null;

  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), CLIENT_TIMINGS.cookieBannerDelayMs);
    return () => window.clearTimeout(timer);
  }, []);

  // Reserve the banner's height at the bottom of the page while it shows.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!showing || !element) return;
    const root = document.documentElement;
    const apply = () => root.style.setProperty(BANNER_SPACE_VARIABLE, `${element.offsetHeight}px`);
    apply();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_SPACE_VARIABLE);
    };
  }, [showing, compact]);

  // A field that takes the focus under the banner is scrolled clear of it (WCAG 2.4.11, issue 29).
  useEffect(() => {
    const element = ref.current;
    if (!showing || !element) return;
    return keepFocusClearOf(element);
  }, [showing, compact]);

  if (!showing) return null;

  const close = (
    <button
      type="button"
      aria-label={t('close')}
      onClick={() => setClosed(true)}
      className={`inline-flex shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
        compact ? 'size-9' : '-mt-2 -mr-2 size-10'
      }`}
    >
      <CloseIcon />
    </button>
  );
  const privacy = (
    <Link
      to="/privacy-policy"
      className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
    >
      {t('privacyPolicy')}
    </Link>
  );
  // The long text's sentence is one message with the link in its place.
  const [beforeLink = '', afterLink = ''] = t('cookiesBody', { link: LINK_MARK }).split(LINK_MARK);

  if (compact) {
    return (
      <section
        ref={ref}
        aria-label={t('cookieConsent')}
        data-variant="compact"
        className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-2 gap-y-1 sm:flex-nowrap">
          <p className="min-w-0 flex-1 basis-[calc(100%-2.75rem)] text-xs leading-5 text-slate-600 sm:basis-auto">
            <span className="font-semibold text-slate-900">{t('cookies')}</span> {t('cookiesIf')} {privacy}
          </p>
          <div className="order-last ml-auto flex gap-2 sm:order-none">
            <Button size="sm" variant="secondary" onClick={() => setConsent('rejected')}>
              {t('rejectAll')}
            </Button>
            <Button size="sm" onClick={() => setConsent('accepted')}>
              {t('acceptAll')}
            </Button>
          </div>
          {close}
        </div>
      </section>
    );
  }

  return (
    <section
      ref={ref}
      aria-label={t('cookieConsent')}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-[0_-8px_30px_rgb(15_23_42/0.12)] sm:inset-x-auto sm:bottom-6 sm:left-6 sm:max-w-md sm:rounded-2xl sm:border sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-semibold text-slate-900">{t('cookies')}</p>
        {close}
      </div>
      <p className="mt-1 text-sm leading-6 text-slate-600">
        {beforeLink}
        {privacy}
        {afterLink}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={() => setConsent('rejected')}>
          {t('rejectAll')}
        </Button>
        <Button onClick={() => setConsent('accepted')}>{t('acceptAll')}</Button>
      </div>
    </section>
  );
}
