import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS, CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { renderAt, renderRoutes, stubApi } from '@/test/utils';
import { BANNER_SPACE_VARIABLE, CookieBanner } from './cookie-banner';

const banner = () => screen.queryByRole('region', { name: 'Cookie consent' });

function renderBanner() {
  stubApi({});
  renderAt(<CookieBanner />);
}

function waitForBanner(ms: number = CLIENT_TIMINGS.cookieBannerDelayMs) {
  act(() => vi.advanceTimersByTime(ms));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('cookie-consent banner (spec §2.3, §9)', () => {
  it('appears one second after load when nothing is stored', () => {
    renderBanner();
    waitForBanner(CLIENT_TIMINGS.cookieBannerDelayMs - 1);
    expect(banner()).not.toBeInTheDocument();
    waitForBanner(1);
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('Accept All stores accepted and goes away', () => {
    renderBanner();
    waitForBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Accept All' }));
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(banner()).not.toBeInTheDocument();
  });

  it('Reject All stores rejected and goes away', () => {
    renderBanner();
    waitForBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('rejected');
    expect(banner()).not.toBeInTheDocument();
  });

  it('close hides it for this page view without storing a decision', () => {
    renderBanner();
    waitForBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(banner()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
    waitForBanner(10 * CLIENT_TIMINGS.cookieBannerDelayMs);
    expect(banner()).not.toBeInTheDocument();
  });

  it('never appears once a choice is stored', () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'rejected');
    renderBanner();
    waitForBanner(5 * CLIENT_TIMINGS.cookieBannerDelayMs);
    expect(banner()).not.toBeInTheDocument();
  });

  it('reserves its height at the bottom of the page while it shows, and gives it back when answered', () => {
    renderBanner();
    waitForBanner();
    expect(document.documentElement.style.getPropertyValue(BANNER_SPACE_VARIABLE)).toMatch(/^\d+px$/);
    fireEvent.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(document.documentElement.style.getPropertyValue(BANNER_SPACE_VARIABLE)).toBe('');
  });

  it("is one compact row on the buyer's pages (route handle compactConsent), with the same three actions", () => {
    stubApi({});
    renderRoutes(
      [{ path: '/bookme/:agentId', element: <CookieBanner />, handle: { compactConsent: true } }],
      '/bookme/agent-1',
    );
    waitForBanner();
    expect(banner()).toHaveAttribute('data-variant', 'compact');
    expect(screen.getByRole('button', { name: 'Accept All' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    fireEvent.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(window.localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('rejected');
  });

  it('keeps the full card elsewhere', () => {
    renderBanner();
    waitForBanner();
    expect(banner()).not.toHaveAttribute('data-variant');
  });
});
