import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PLANS } from '@keyturn/domain/plans';
import { json, renderAt, stubApi } from '@/test/utils';
import { PricingTable } from './pricing-table';

const prices = () => screen.getAllByTestId('plan-price').map((el) => el.textContent);
const card = (name: string) => screen.getByRole('article', { name: `${name} plan` });

describe('pricing table (spec §2.3, §9)', () => {
  it('shows monthly prices, and the yearly ones (20% off) after the switch', async () => {
    stubApi({});
    renderAt(<PricingTable />);
    const user = userEvent.setup();
    expect(prices()).toEqual(['Free', '$25', '$99']);
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(prices()).toEqual(['Free', '$20', '$79']);
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Professional')).getByText('billed yearly ($240 a year)')).toBeInTheDocument();
    expect(screen.getByText('Save 20% with yearly billing')).toBeInTheDocument();
  });

  it('lists each plan’s limits from the plan table', () => {
    stubApi({});
    renderAt(<PricingTable />);
    for (const plan of Object.values(PLANS)) {
      for (const line of plan.highlights) expect(within(card(plan.name)).getByText(line)).toBeInTheDocument();
    }
  });

  it('has Coming Soon (disabled) on Basic and Professional, Talk to Sales team on Enterprise', () => {
    stubApi({});
    renderAt(<PricingTable />);
    for (const name of ['Basic', 'Professional']) {
      expect(within(card(name)).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    }
    expect(within(card('Enterprise')).getByRole('button', { name: 'Talk to Sales team' })).toBeEnabled();
  });

  it('Talk to Sales team opens a form that validates and is stored by POST /api/sales-inquiries', async () => {
    const api = stubApi({ 'POST /sales-inquiries': () => json(201, { success: true }) });
    renderAt(<PricingTable />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Talk to Sales team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Talk to our sales team' });

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Tell us a little about your team')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Dev Castellano');
    await user.type(within(dialog).getByLabelText('Work email'), 'dev@agency.example');
    await user.type(within(dialog).getByLabelText('Team size (optional)'), '12');
    await user.type(within(dialog).getByLabelText('How can we help?'), 'Twelve agents, two offices.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('dev@agency.example');
    expect(api.callsTo('POST', '/sales-inquiries')[0]?.body).toEqual({
      name: 'Dev Castellano',
      email: 'dev@agency.example',
      company: null,
      team_size: 12,
      message: 'Twelve agents, two offices.',
    });
  });
});
