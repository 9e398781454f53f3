import { figureLabel } from '@keyturn/domain/figures';
import { MESSAGES } from '@keyturn/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BILLING_MESSAGES, type BillingInterval, type PaidPlanId } from '@keyturn/domain/billing';
import { ANNUAL_DISCOUNT_PERCENT } from '@keyturn/domain/constants';
import { PLAN_ORDER } from '@keyturn/domain/plans';
import type { Plan } from '@keyturn/domain/plans';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PlanBadge } from '@/components/ui/plan-badge';
import { Spinner } from '@/components/ui/spinner';
import { UsageBar } from '@/components/ui/usage-bar';
import { usePlan } from '@/lib/plan';
import { SubscriptionTeamSeats } from '@/components/team-seats';
import { fetchUsageStats, startCheckout } from '../api';
import { BillingPanel } from '../components/billing-panel';
import { KeptListings } from '../components/kept-listings';

export const SALES_EMAIL = 'sales@keyturn.app';

/**
 * Subscription (spec §2.2, §4, §9; issue 30): the current plan, usage against its limits, and the plan table.
 * Before launch (billing not configured) Basic and Professional say 'Coming Soon' and Enterprise goes to
 * sales; once configured, a paid plan's button opens Stripe Checkout (with the trial), "Manage billing" the
 * Customer Portal. `?plan=pro&interval=yearly` (from the pricing page, after sign-up) opens Checkout at once;
 * `?checkout=done` is Checkout's way back.
 */
export function SubscriptionPage() {
  const { plan, billing, refresh } = usePlan(true);
  const usage = useQuery({ queryKey: ['agents', 'usage-stats'], queryFn: fetchUsageStats });
  const refreshAll = () => Promise.all([refresh(), usage.refetch()]);
  const [params, setParams] = useSearchParams();
  const [interval, setInterval] = useState<BillingInterval>(
    params.get('interval') === 'yearly' ? 'yearly' : 'monthly',
  );
  const checkout = useMutation({
    mutationFn: (target: PaidPlanId) => startCheckout(target, interval),
    onSuccess: (answer) => window.location.assign(answer.url),
  });
  const configured = billing?.configured === true;
  const wanted = params.get('plan');
  const started = useRef(false);
  useEffect(() => {
    if (!configured || started.current || (wanted !== 'pro' && wanted !== 'enterprise')) return;
    started.current = true;
    checkout.mutate(wanted);
  }, [configured, wanted, checkout]);
  const returned = params.get('checkout') === 'done';
  useEffect(() => {
    if (!returned) return;
    // The webhook may land a moment after the browser comes back: ask again a few times.
    const timers = [1500, 4000, 8000].map((ms) => window.setTimeout(() => void refreshAll(), ms));
    return () => timers.forEach((t) => window.clearTimeout(t));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);

  return (
    <>
      <title>Subscription · Keyturn</title>
      <PageHeader
        title="Subscription"
        description="Your plan, what you use of it, and the plans there are."
      />

      <section
        aria-labelledby="current-plan-heading"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="current-plan-heading" className="text-sm font-semibold text-slate-500">
              Current plan
            </h2>
            <p className="mt-1 flex items-center gap-2 text-xl font-bold text-slate-900">
              {plan.name} <PlanBadge planId={plan.id} name={plan.name} />
            </p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => void refreshAll()} disabled={usage.isFetching}>
            {usage.isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        </div>
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          {usage.isPending ? (
            <Spinner label="Loading usage" size="sm" />
          ) : usage.isError ? (
            <div className="sm:col-span-2">
              <ErrorAlert>We could not load your usage. {usage.error.message}</ErrorAlert>
            </div>
          ) : (
            <>
              <UsageBar
                label={figureLabel('properties', { scope: usage.data.scope })}
                used={usage.data.properties.used}
                limit={usage.data.properties.limit}
              />
              <UsageBar
                label={figureLabel('bookingsThisMonth', { scope: usage.data.scope })}
                used={usage.data.bookingsThisMonth.used}
                limit={usage.data.bookingsThisMonth.limit}
              />
            </>
          )}
        </div>
        {returned ? (
          <p role="status" className="mt-5 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {plan.id === 'basic'
              ? BILLING_MESSAGES.checkoutReturned
              : BILLING_MESSAGES.checkoutDone(plan.name)}{' '}
            <button type="button" className="font-semibold underline" onClick={() => setParams({})}>
              Dismiss
            </button>
          </p>
        ) : null}
        <BillingPanel billing={billing} plan={plan} />
      </section>

      {billing && billing.hiddenListings > 0 ? <KeptListings onSaved={() => void refreshAll()} /> : null}

      <SubscriptionTeamSeats enabled={plan.features.teams} />

      <section aria-labelledby="plans-heading" className="mt-10">
        <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
          Plans
        </h2>
        <p className="mt-1 text-sm text-slate-600">Billed yearly, you save {ANNUAL_DISCOUNT_PERCENT}%.</p>
        {configured ? <IntervalSwitch value={interval} onChange={setInterval} /> : null}
        {checkout.isError ? (
          <div className="mt-4">
            <ErrorAlert>{checkout.error.message}</ErrorAlert>
          </div>
        ) : null}
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {PLAN_ORDER.map((item) => (
            <PlanCard
              key={item.id}
              plan={item}
              current={item.id === plan.id}
              onBuy={
                configured && item.id !== 'basic' && item.id !== plan.id
                  ? () => checkout.mutate(item.id as PaidPlanId)
                  : null
              }
              busy={checkout.isPending && checkout.variables === item.id}
              launched={configured}
              subscribed={
                billing?.status === 'trialing' ||
                billing?.status === 'active' ||
                billing?.status === 'past_due'
              }
            />
          ))}
        </ul>
      </section>
    </>
  );
}

function IntervalSwitch({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (value: BillingInterval) => void;
}) {
  return (
    <div role="group" aria-label="Billing period" className="mt-3 inline-flex rounded-full bg-slate-100 p-1">
      {(['monthly', 'yearly'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={`min-h-10 rounded-full px-4 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
            value === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'
          }`}
        >
          {option === 'monthly' ? 'Monthly' : 'Yearly'}
        </button>
      ))}
    </div>
  );
}

function PlanCard({
  plan,
  current,
  onBuy,
  busy,
  launched,
  subscribed,
}: {
  plan: Plan;
  current: boolean;
  /** Opens Checkout (billing configured); null keeps the launch-stage buttons. */
  onBuy: (() => void) | null;
  busy: boolean;
  launched: boolean;
  /** Already paying: the button says "Switch to …" (the portal), not a trial. */
  subscribed: boolean;
}) {
  return (
    <li
      aria-label={plan.name}
      className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${
        current ? 'border-blue-500 ring-1 ring-blue-500' : 'border-slate-200'
      }`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
        {current ? (
          <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-700">
            Your plan
          </span>
        ) : null}
      </div>
      <p className="mt-3">
        <span className="text-3xl font-bold text-slate-900">{price(plan.monthlyPriceUsd)}</span>
        {plan.monthlyPriceUsd > 0 ? <span className="text-sm text-slate-600"> / month</span> : null}
      </p>
      <p className="text-sm text-slate-600">
        {plan.monthlyPriceUsd > 0
          ? `${price(plan.yearlyMonthlyPriceUsd)} / month billed yearly`
          : 'Free forever'}
      </p>
      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Properties</dt>
          <dd className="font-medium text-slate-900">{limit(plan.maxProperties)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Bookings / month</dt>
          <dd className="font-medium text-slate-900">{limit(plan.maxBookingsPerMonth)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Users included</dt>
          <dd className="font-medium text-slate-900">{plan.includedUsers}</dd>
        </div>
      </dl>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {plan.highlights.map((highlight) => (
          <li key={highlight} className="flex gap-2">
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 text-emerald-600"
            >
              <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {highlight}
          </li>
        ))}
      </ul>
      <div className="mt-5">
        {onBuy ? (
          <Button fullWidth onClick={onBuy} disabled={busy}>
            {busy
              ? 'Opening checkout…'
              : subscribed
                ? BILLING_MESSAGES.switchTo(plan.name)
                : BILLING_MESSAGES.upgrade(plan.name)}
          </Button>
        ) : launched && (current || plan.id === 'basic') ? null : plan.id === 'enterprise' ? (
          <a
            href={`mailto:${SALES_EMAIL}?subject=${encodeURIComponent('Keyturn Enterprise')}`}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-blue-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
          >
            {MESSAGES.talkToSales}
          </a>
        ) : (
          <Button fullWidth variant="secondary" disabled>
            {MESSAGES.comingSoon}
          </Button>
        )}
      </div>
    </li>
  );
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

function price(amount: number): string {
  return amount === 0 ? '$0' : usd.format(amount).replace(/\.00$/, '');
}

function limit(value: number | null): string {
  return value === null ? 'Unlimited' : String(value);
}
