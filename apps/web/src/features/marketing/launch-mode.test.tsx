// Launch mode (issue 40, decision 069): the public pages branch on the server's one answer
// (GET /api/public/launch). Before launch the specification's texts; once launched no waiting-list button, no
// launch date, no usage figures, no launch question, and the waiting list says it is closed.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LAUNCH_TEXTS, LAUNCH_URL, TRIAL_TARGET } from '@keyturn/domain/launch';
import { SiteHeader } from '@/components/site-chrome';
import { FIRST_PAINT_INLINE_ID } from '@/lib/first-paint-data';
import { json, renderAt, stubApi } from '@/test/utils';
import { PricingTable } from './components/pricing-table';
import { AboutPage } from './pages/about-page';
import { FeaturesPage } from './pages/features-page';
import { SuccessStoriesPage } from './pages/success-stories-page';
import { LandingPage } from './pages/landing-page';

const launchedServer = (launched: boolean) =>
  stubApi({ 'GET /public/launch': () => json(200, { launched }) });
const trialHref = `/sign-up?next=${encodeURIComponent(TRIAL_TARGET)}`;

afterEach(() => document.getElementById(FIRST_PAINT_INLINE_ID)?.remove());

describe('the landing page and the header, before and after launch', () => {
  it('before launch: the launch date, the usage figures, Join Waiting List and the launch question', async () => {
    launchedServer(false);
    renderAt(<LandingPage />);
    await screen.findByRole('heading', { level: 2, name: 'Be first in line' });
    expect(screen.getByText('Launching Q3 2025 · 25% off for life on the waiting list')).toBeInTheDocument();
    expect(screen.getByText('10k+')).toBeInTheDocument();
    expect(screen.getByText('When does Keyturn launch?')).toBeInTheDocument();
    const ctas = within(screen.getByRole('main')).getAllByRole('link', { name: 'Join Waiting List' });
    expect(ctas.map((a) => a.getAttribute('href'))).toEqual(['/waiting-list', '/waiting-list']);
  });

  it('launched: the hero and the closing call lead to sign-up and the trial; no pre-launch element is left', async () => {
    launchedServer(true);
    const { container } = renderAt(<LandingPage />);
    await screen.findByRole('heading', { level: 2, name: LAUNCH_TEXTS.ctaTitle });
    const main = within(screen.getByRole('main'));
    const ctas = main.getAllByRole('link', { name: LAUNCH_TEXTS.startTrialLong });
    expect(ctas.map((a) => a.getAttribute('href'))).toEqual([trialHref, trialHref]);
    expect(screen.getByText(LAUNCH_TEXTS.heroBadge)).toBeInTheDocument();
    for (const gone of [
      'Join Waiting List',
      'Launching',
      'Q3 2025',
      '10k+',
      '50k+',
      'When does Keyturn launch?',
    ])
      expect(container.textContent, gone).not.toContain(gone);
    expect(screen.getByText(LAUNCH_TEXTS.testimonialsNote)).toBeInTheDocument();
  });

  it("the header's button follows too, and the first render takes the page's inline answer (no loading step)", () => {
    stubApi({});
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_PAINT_INLINE_ID;
    element.textContent = JSON.stringify({ [LAUNCH_URL]: { launched: true } });
    document.head.append(element);
    renderAt(<SiteHeader />);
    // Synchronously, as the browser's first render over the server's markup must be.
    const buttons = screen.getAllByRole('link', { name: LAUNCH_TEXTS.startTrial });
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toHaveAttribute('href', trialHref);
    expect(screen.queryByRole('link', { name: 'Join Waiting List' })).not.toBeInTheDocument();
  });
});

describe('/pricing and /about after launch', () => {
  it('pricing: Basic and Professional start (no Coming Soon) once launched', async () => {
    launchedServer(true);
    renderAt(<PricingTable />);
    expect(await screen.findByRole('link', { name: 'Get started free' })).toHaveAttribute(
      'href',
      `/sign-up?next=${encodeURIComponent('/dashboard')}`,
    );
    expect(screen.getByRole('link', { name: 'Start 14-day free trial' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Coming Soon' })).not.toBeInTheDocument();
  });

  it('about: no usage figures and no waiting list once launched', async () => {
    launchedServer(true);
    const { container } = renderAt(<AboutPage />, { path: '/about' });
    expect(await screen.findByText(LAUNCH_TEXTS.aboutCtaText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LAUNCH_TEXTS.startTrialLong })).toHaveAttribute(
      'href',
      trialHref,
    );
    for (const gone of ['Join Waiting List', 'waiting list', '10k+', 'showings scheduled'])
      expect(container.textContent, gone).not.toContain(gone);
  });
});

describe('/features and /success-stories, before and after launch', () => {
  for (const [name, Page] of [
    ['/features', FeaturesPage],
    ['/success-stories', SuccessStoriesPage],
  ] as const) {
    it(`${name}: Join Waiting List before launch, the trial and no "not launched" after`, async () => {
      launchedServer(false);
      const before = renderAt(<Page />);
      expect(await screen.findByRole('link', { name: 'Join Waiting List' })).toHaveAttribute(
        'href',
        '/waiting-list',
      );
      before.unmount();
      launchedServer(true);
      const { container } = renderAt(<Page />);
      expect(await screen.findByRole('link', { name: LAUNCH_TEXTS.startTrial })).toHaveAttribute(
        'href',
        trialHref,
      );
      for (const gone of ['Join Waiting List', 'not launched', 'after launch', 'Waiting-list members'])
        expect(container.textContent, gone).not.toContain(gone);
    });
  }
});
