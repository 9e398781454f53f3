import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@keyturn/domain/plans';
import { WaitlistPlans } from './waitlist-plans';

describe('waiting-list plans (spec §2.5, §9)', () => {
  it('shows Basic free forever and the paid plans at the 25% lifetime price', () => {
    render(<WaitlistPlans />);
    expect(screen.getAllByTestId('plan-price').map((el) => el.textContent)).toEqual([
      'Free',
      '$18.75',
      '$74.25',
    ]);
    expect(
      within(screen.getByRole('article', { name: 'Basic plan' })).getByText('forever'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Professional plan' })).getByText(/\$25/),
    ).toBeInTheDocument();
  });

  it('shows and hides the Enterprise features with its toggle', async () => {
    const user = userEvent.setup();
    render(<WaitlistPlans />);
    const line = PLANS.enterprise.highlights[0] ?? '';
    const toggle = screen.getByRole('button', { name: 'Show Enterprise Features' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(line)).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide Enterprise Features' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText(line)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Hide Enterprise Features' }));
    expect(screen.getByText(line)).not.toBeVisible();
  });
});
