// /waiting-list and launch mode (issue 40, decision 069): open before launch (the specification's page), closed
// once the server is launched — no form, no launch date — leading to the trial and sign-up.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAUNCH_TEXTS, TRIAL_TARGET } from '@keyturn/domain/launch';
import { json, renderAt, stubApi } from '@/test/utils';
import { WaitingListPage } from './waiting-list-page';

const launchedServer = (launched: boolean) =>
  stubApi({ 'GET /public/launch': () => json(200, { launched }) });
const trialHref = `/sign-up?next=${encodeURIComponent(TRIAL_TARGET)}`;

describe('/waiting-list before and after launch', () => {
  it('the waiting list says it is closed and leads to the trial and sign-up, with no form and no launch date', async () => {
    launchedServer(true);
    const { container } = renderAt(<WaitingListPage />, { path: '/waiting-list' });
    expect(
      await screen.findByRole('heading', { level: 1, name: LAUNCH_TEXTS.waitlistClosedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: LAUNCH_TEXTS.startTrialLong })).toHaveAttribute(
      'href',
      trialHref,
    );
    expect(screen.getByRole('link', { name: LAUNCH_TEXTS.signUp })).toHaveAttribute('href', '/sign-up');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    for (const gone of ['Q3 2025', 'Join the waiting list', 'Book your Demo'])
      expect(container.textContent, gone).not.toContain(gone);
  });

  it('before launch the waiting list keeps its form and launch date', async () => {
    launchedServer(false);
    renderAt(<WaitingListPage />, { path: '/waiting-list' });
    expect(await screen.findByText('Waiting list · launching Q3 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Join the waiting list' })).toBeInTheDocument();
  });
});
