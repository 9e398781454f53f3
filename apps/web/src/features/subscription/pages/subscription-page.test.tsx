import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_MESSAGES } from '@keyturn/domain/billing';
import { PLANS } from '@keyturn/domain/plans';
import { noBilling } from '@keyturn/domain/schemas/subscription';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { SubscriptionPage } from './subscription-page';

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function renderSubscription(routes: Routes = {}, path = '/dashboard/subscription') {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /payments/subscription': () =>
      json(200, { success: true, subscription: null, plan: { id: 'basic', name: 'Basic' } }),
    'GET /agents/usage-stats': () =>
      json(200, {
        success: true,
        data: {
          plan: 'basic',
          scope: 'own',
          properties: { used: 2, limit: 3 },
          bookingsThisMonth: { used: 15, limit: 15 },
        },
      }),
    ...routes,
  });
  const rendered = renderAt(<SubscriptionPage />, { path, routePath: '/dashboard/subscription' });
  return { ...rendered, api };
}

describe('subscription page', () => {
  it("lists the plans of PLANS: 'Coming Soon' twice (disabled) and 'Talk to Sales team' for Enterprise", async () => {
    renderSubscription();
    const comingSoon = await screen.findAllByRole('button', { name: 'Coming Soon' });
    expect(comingSoon).toHaveLength(2);
    for (const button of comingSoon) expect(button).toBeDisabled();

    const basic = screen.getByRole('listitem', { name: 'Basic' });
    const pro = screen.getByRole('listitem', { name: 'Professional' });
    const enterprise = screen.getByRole('listitem', { name: 'Enterprise' });
    expect(within(basic).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    expect(within(pro).getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    const sales = within(enterprise).getByRole('link', { name: 'Talk to Sales team' });
    expect(sales.getAttribute('href')).toMatch(/^mailto:sales@keyturn\.app/);

    expect(within(pro).getByText(`$${PLANS.pro.monthlyPriceUsd}`)).toBeInTheDocument();
    expect(
      within(pro).getByText(`$${PLANS.pro.yearlyMonthlyPriceUsd} / month billed yearly`),
    ).toBeInTheDocument();
    for (const highlight of PLANS.enterprise.highlights) {
      expect(within(enterprise).getByText(highlight)).toBeInTheDocument();
    }
    expect(within(enterprise).getAllByText('Unlimited').length).toBeGreaterThanOrEqual(2);
    const earlyAccess = screen.getByText(/To change plans during early access,/);
    expect(earlyAccess).toHaveTextContent('To change plans during early access, contact us.');
    // Issue 30: "contact us" opens the sales form.
    await userEvent.click(within(earlyAccess).getByRole('button', { name: 'contact us' }));
    expect(await screen.findByRole('dialog', { name: 'Talk to our sales team' })).toBeInTheDocument();
  });

  it('shows usage against the limits, and "Unlimited" where the limit is null', async () => {
    renderSubscription({
      'GET /payments/subscription': () =>
        json(200, {
          success: true,
          subscription: { status: 'active' },
          plan: { id: 'enterprise', name: 'Enterprise' },
        }),
      'GET /agents/usage-stats': () =>
        json(200, {
          success: true,
          data: {
            plan: 'enterprise',
            scope: 'team',
            properties: { used: 42, limit: null },
            bookingsThisMonth: { used: 7, limit: null },
          },
        }),
    });
    const current = await screen.findByRole('region', { name: 'Current plan' });
    await vi.waitFor(() => expect(within(current).getByTestId('plan-badge')).toHaveTextContent('Enterprise'));
    // A team's limits count the team's rows, and say so (domain figures.ts).
    await within(current).findByText("Team's properties, now");
    expect(within(current).getByText("Team's bookings made, this month")).toBeInTheDocument();
    expect(within(current).getAllByText('Unlimited')).toHaveLength(2);
    expect(within(current).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('draws a bar per limited figure', async () => {
    renderSubscription();
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuetext'))).toEqual(['2 of 3', '15 of 15']);
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Properties, now',
      'Bookings made, this month',
    ]);
    expect(within(screen.getByRole('region', { name: 'Current plan' })).queryByText('Unlimited')).toBeNull();
  });

  it('Refresh fetches the plan again (the badge follows)', async () => {
    let planId = 'basic';
    const { api } = renderSubscription({
      'GET /payments/subscription': () =>
        json(200, { success: true, subscription: { status: 'active' }, plan: { id: planId, name: planId } }),
    });
    const current = await screen.findByRole('region', { name: 'Current plan' });
    await vi.waitFor(() => expect(within(current).getByTestId('plan-badge')).toHaveTextContent('Basic'));

    planId = 'pro';
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() =>
      expect(within(current).getByTestId('plan-badge')).toHaveTextContent('Professional'),
    );
    expect(api.callsTo('GET', '/payments/subscription')).toHaveLength(2);
    expect(api.callsTo('GET', '/agents/usage-stats')).toHaveLength(2);
  });

  it('back from Checkout: "changes as soon as…" until the plan has changed, then "has started"', async () => {
    let planId = 'basic';
    renderSubscription(
      {
        'GET /payments/subscription': () =>
          json(200, {
            success: true,
            subscription: { status: 'trialing' },
            plan: { id: planId, name: planId },
          }),
      },
      '/dashboard/subscription?checkout=done',
    );
    const current = await screen.findByRole('region', { name: 'Current plan' });
    await vi.waitFor(() =>
      expect(within(current).getByRole('status')).toHaveTextContent(BILLING_MESSAGES.checkoutReturned),
    );
    planId = 'pro';
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() =>
      expect(within(current).getByRole('status')).toHaveTextContent(
        BILLING_MESSAGES.checkoutDone('Professional'),
      ),
    );
    expect(within(current).queryByText(BILLING_MESSAGES.checkoutReturned)).toBeNull();
  });

  it('once billing is configured: the trial buttons open Checkout, the waiting-list discount is stated', async () => {
    const billing = { ...noBilling(true), waitlistDiscount: true };
    const { api } = renderSubscription({
      'GET /payments/subscription': () =>
        json(200, { success: true, subscription: null, plan: { id: 'basic', name: 'Basic' }, billing }),
      'POST /payments/checkout': () =>
        json(409, { error: 'No.', code: 'BILLING_NOT_CONFIGURED', fields: {} }),
    });
    expect(
      await screen.findByText('Waiting list member: your 25% lifetime discount is applied at checkout.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Coming Soon' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    const pro = screen.getByRole('listitem', { name: 'Professional' });
    await userEvent.click(
      within(pro).getByRole('button', { name: 'Start the 14-day free trial of Professional' }),
    );
    await vi.waitFor(() => expect(api.callsTo('POST', '/payments/checkout')).toHaveLength(1));
    expect(api.callsTo('POST', '/payments/checkout')[0]!.body).toEqual({ plan: 'pro', interval: 'yearly' });
    expect(await screen.findByText('No.')).toBeInTheDocument();
  });

  it('a failed payment shows the banner with the grace period', async () => {
    renderSubscription({
      'GET /payments/subscription': () =>
        json(200, {
          success: true,
          subscription: { status: 'active' },
          plan: { id: 'pro', name: 'Professional' },
          billing: {
            ...noBilling(true),
            status: 'past_due',
            plan: 'pro',
            graceUntil: '2026-03-09T15:00:00.000Z',
            canManage: true,
          },
        }),
    });
    const banner = await screen.findByTestId('payment-failed-banner');
    expect(banner).toHaveTextContent(
      "Update your payment method by March 9, 2026 to keep Professional; after that your account moves to Basic's limits. Nothing is deleted.",
    );
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeEnabled();
  });
});
