import { act, render } from '@testing-library/react';
import { BrowserRouter, Link, Outlet } from '@/lib/router';
import { Routes, testRouter } from '@/test/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import {
  applyConsent,
  identifyUser,
  loadTagManager,
  tagManagerUrl,
  trackBooking,
  trackCancellation,
  trackConversion,
  trackError,
  trackPageView,
  trackPlanUpgrade,
  trackProperty,
  useAnalytics,
} from './analytics';
import { setConsent } from './consent';

const scripts = () => document.querySelectorAll('script[data-tag-manager]');
const events = () => (window.dataLayer ?? []).map((entry) => entry.event);

beforeEach(() => {
  window.dataLayer = [];
});
afterEach(() => {
  for (const script of scripts()) script.remove();
  delete window.dataLayer;
});

describe('the analytics queue (spec §2.3, §4)', () => {
  it('records nothing before the visitor accepts, and records once they have', () => {
    expect(trackPageView('/pricing')).toBe(false);
    setConsent('rejected');
    expect(trackPageView('/pricing')).toBe(false);
    expect(window.dataLayer).toEqual([]);

    setConsent('accepted');
    expect(trackPageView('/pricing')).toBe(true);
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page_path: '/pricing', page_location: window.location.href },
    ]);
  });

  it('turning analytics off empties the queue in place', () => {
    setConsent('accepted');
    const queue = window.dataLayer;
    trackPageView('/');
    trackConversion('waitlist_signup');
    expect(queue).toHaveLength(2);
    setConsent('rejected');
    applyConsent('rejected');
    expect(queue).toHaveLength(0);
    expect(window.dataLayer).toBe(queue);
  });

  it('carries the §3 payloads, and only them', () => {
    setConsent('accepted');
    trackBooking('booking_created', {
      id: 'b1',
      property_address: '1 Main St',
      appointment_date: '2030-05-14',
      status: 'pending',
      ...{ client_email: 'never@example.com' },
    });
    trackProperty('property_created', { id: 7, address: '1 Main St', property_type: 'Condo' });
    identifyUser('u1');
    trackPlanUpgrade('Professional', 'pro');
    trackError('Boom', 'CRASH');
    trackCancellation();
    expect(window.dataLayer).toEqual([
      {
        event: 'booking_created',
        booking: {
          id: 'b1',
          property_address: '1 Main St',
          appointment_date: '2030-05-14',
          status: 'pending',
        },
      },
      { event: 'property_created', property: { id: 7, address: '1 Main St', property_type: 'Condo' } },
      { event: 'user_identified', user: { id: 'u1' } },
      { event: 'plan_upgrade', plan: { name: 'Professional', id: 'pro' } },
      { event: 'app_error', error: { message: 'Boom', code: 'CRASH', page_url: window.location.href } },
      { event: 'booking_cancellation', cancellation: { reason: 'user_cancelled' } },
    ]);
  });
});

describe('the tag-manager script', () => {
  it('is never loaded without a container id', () => {
    vi.stubEnv('VITE_GTM_ID', '');
    setConsent('accepted');
    applyConsent('accepted');
    expect(loadTagManager()).toBe(false);
    expect(scripts()).toHaveLength(0);
  });

  it('is loaded once after acceptance, from the configured address', () => {
    vi.stubEnv('VITE_GTM_ID', 'GTM-TEST');
    vi.stubEnv('VITE_GTM_SCRIPT_URL', 'http://127.0.0.1:5199/gtm.js');
    applyConsent(null);
    applyConsent('rejected');
    expect(scripts()).toHaveLength(0);

    applyConsent('accepted');
    applyConsent('accepted');
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).toHaveAttribute('src', 'http://127.0.0.1:5199/gtm.js?id=GTM-TEST');
    expect(events()).toEqual(['gtm.js']);
  });

  it('comes from Google Tag Manager unless the build names another address', () => {
    expect(tagManagerUrl('GTM-AB12', '')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AB12');
  });
});

describe('useAnalytics: page views on route changes', () => {
  function renderApp() {
    function Root() {
      useAnalytics();
      return (
        <>
          <Link to="/pricing">Pricing</Link>
          <Outlet />
        </>
      );
    }
    window.history.replaceState(null, '', '/');
    render(
      <BrowserRouter>
        <Routes
          routes={[
            {
              path: '/',
              element: <Root />,
              children: [
                { index: true, element: <p>Home</p> },
                { path: 'pricing', element: <p>Pricing page</p> },
              ],
            },
          ]}
        />
      </BrowserRouter>,
    );
    return testRouter;
  }

  it('counts none while undecided or rejected', async () => {
    const router = renderApp();
    await act(() => router.navigate('/pricing'));
    act(() => setConsent('rejected'));
    await act(() => router.navigate('/'));
    expect(events()).not.toContain('page_view');
  });

  it('counts the current page on acceptance, then every route change', async () => {
    vi.stubEnv('VITE_GTM_ID', '');
    const router = renderApp();
    expect(events()).toEqual([]);
    act(() => setConsent('accepted'));
    await act(() => router.navigate('/pricing?billing=yearly'));
    await act(() => router.navigate('/'));
    expect(window.dataLayer?.map((e) => e.page_path)).toEqual(['/', '/pricing?billing=yearly', '/']);
  });

  it('starts counting at once when the choice was made on an earlier visit', () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    renderApp();
    expect(events()).toEqual(['page_view']);
  });
});
