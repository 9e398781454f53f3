import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { renderAt, stubApi } from '@/test/utils';
import { ThankYouPage } from './thank-you-page';

afterEach(() => {
  delete window.dataLayer;
});

const conversions = () => (window.dataLayer ?? []).filter((entry) => entry.event === 'ad_conversion');

describe('waiting-list thank-you page (spec §2.6)', () => {
  it('says what was secured and links on as §2.6 lists', () => {
    stubApi({});
    renderAt(<ThankYouPage />, { path: '/waitlist-thankyou' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome aboard!' })).toBeInTheDocument();
    expect(screen.getAllByText(/25% lifetime/).length).toBeGreaterThan(0);
    expect(screen.getByText(/first 100 agents get priority access/)).toBeInTheDocument();
    const steps = within(screen.getByRole('heading', { name: 'What Happens Next?' }).closest('section')!);
    for (const step of ['Exclusive Updates', 'Priority Access', 'VIP Benefits']) {
      expect(steps.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    for (const href of ['/waiting-list', '/about', '/pricing', '/features', '/success-stories']) {
      expect(hrefs).toContain(href);
    }
  });

  it('pushes the ad-conversion event once on load when analytics is accepted', () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'accepted');
    stubApi({});
    renderAt(<ThankYouPage />, { path: '/waitlist-thankyou' });
    expect(conversions()).toEqual([{ event: 'ad_conversion', conversion: 'waitlist_signup' }]);
  });

  it('pushes nothing without consent', () => {
    stubApi({});
    renderAt(<ThankYouPage />, { path: '/waitlist-thankyou' });
    expect(conversions()).toEqual([]);
    window.localStorage.setItem(CONSENT_STORAGE_KEY, 'rejected');
    renderAt(<ThankYouPage />, { path: '/waitlist-thankyou' });
    expect(conversions()).toEqual([]);
  });
});
