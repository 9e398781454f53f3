import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '@keyturn/domain/constants';
import { LANDING_ANCHORS, SiteHeader } from '@/components/site-chrome';
import { renderAt, stubApi } from '@/test/utils';
import { LandingPage } from './landing-page';

async function renderLanding() {
  stubApi({});
  const rendered = renderAt(<LandingPage />);
  await screen.findByRole('heading', { level: 1, name: 'Showings that book themselves' });
  // The sections below the first screen are a lazy part (decision 036): their code arrives after the hero.
  await screen.findByRole('heading', { level: 2, name: 'Resources' });
  await screen.findByRole('heading', { level: 2, name: 'Be first in line' });
  return rendered;
}

describe('landing page (spec §2.3)', () => {
  it('has the sections of §2.3 in order', async () => {
    await renderLanding();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const order = [
      'From link to confirmed showing',
      'Everything a showing needs',
      'Know who is ready to buy',
      'Less back-and-forth, more showings',
      'Up and running in three steps',
      'Simple plans that grow with you',
      'Questions agents ask',
      'Made for the way agents work',
      'Be first in line',
      'Resources',
    ];
    expect(headings.filter((h) => order.includes(h ?? ''))).toEqual(order);
  });

  it('sends both calls to action to /waiting-list and names Watch Demo', async () => {
    await renderLanding();
    const main = within(screen.getByRole('main'));
    const ctas = main.getAllByRole('link', { name: 'Join Waiting List' });
    expect(ctas).toHaveLength(2);
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/waiting-list');
    expect(main.getByRole('button', { name: 'Watch Demo' })).toBeInTheDocument();
  });

  it('has every footer anchor as a section on the page, and footer links to the public pages', async () => {
    const { container } = await renderLanding();
    for (const id of LANDING_ANCHORS) {
      expect(container.querySelector(`#${id}`), id).not.toBeNull();
      expect(screen.getAllByRole('link').some((a) => a.getAttribute('href') === `/#${id}`)).toBe(true);
    }
    const footer = within(screen.getByRole('contentinfo'));
    for (const href of ['/pricing', '/about', '/privacy-policy', '/waiting-list']) {
      expect(
        footer.getAllByRole('link').some((a) => a.getAttribute('href') === href),
        href,
      ).toBe(true);
    }
    expect(footer.getByText('Terms of Service').closest('a')).toBeNull();
  });

  it('shows a sample schedule with confirmed and pending showings, and the trial in the FAQ', async () => {
    await renderLanding();
    const figure = screen.getByText('Today’s schedule').closest('figure');
    expect(figure).not.toBeNull();
    const schedule = within(figure as HTMLElement);
    expect(schedule.getAllByText('Confirmed').length).toBeGreaterThan(0);
    expect(schedule.getAllByText('Pending').length).toBeGreaterThan(0);
    const trial = screen.getByText('Is there a free trial?').closest('details');
    expect(trial).toHaveTextContent(`${TRIAL_DAYS}-day free trial`);
  });
});

describe('site header (issue 19: a way to sign up)', () => {
  it('offers a signed-out visitor both Sign in and Sign up', async () => {
    stubApi({});
    renderAt(<SiteHeader />);
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up');
    expect(nav.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });
});
