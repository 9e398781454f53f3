// The plan cards of the landing page and /pricing (spec §2.3, §9), read from the domain's plan table: a
// monthly/yearly switch (yearly = ANNUAL_DISCOUNT_PERCENT off), Basic and Professional not on sale yet
// ('Coming Soon', disabled), Enterprise through the sales team.
import { MESSAGES } from '@keyturn/domain/messages';
import { useId, useState } from 'react';
import { LazySalesDialog } from '@/components/lazy-sales-dialog';
import { ANNUAL_DISCOUNT_PERCENT, TRIAL_DAYS } from '@keyturn/domain/constants';
import { PLAN_ORDER } from '@keyturn/domain/plans';
import type { Plan } from '@keyturn/domain/plans';
import { Button, ButtonLink } from '@/components/ui/button';
import { useLaunched } from '@/lib/launch';
import { useSession } from '@/lib/auth';
import { withNext } from '@/lib/next-path';
import { formatUsd } from '../format';
import { CheckIcon } from '@/components/marks';

export type Billing = 'monthly' | 'yearly';

const taglines: Record<Plan['id'], string> = {
  basic: 'For agents trying Keyturn with a few listings.',
  pro: 'For busy agents who want buyers to book themselves.',
  enterprise: 'For teams and agencies with many agents.',
};

export function PricingTable({ planHeading = 'h3' }: { planHeading?: 'h2' | 'h3' }) {
  const [billing, setBilling] = useState<Billing>('monthly');
  // Issue 40: once this server is launched, Basic and Professional start (a trial) instead of 'Coming Soon'.
  const launched = useLaunched();
  const signedIn = useSession().status === 'signed-in';
  const [salesOpen, setSalesOpen] = useState(false);
  return (
    <div>
      <BillingSwitch value={billing} onChange={setBilling} />
      <ul className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-3">
        {PLAN_ORDER.map((plan) => (
          <li key={plan.id} className="flex">
            <PlanCard
              plan={plan}
              billing={billing}
              heading={planHeading}
              onTalkToSales={() => setSalesOpen(true)}
              startPath={launched ? startPath(plan.id, billing, signedIn) : null}
            />
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-600">
        Prices in US dollars per month. Paid plans start with a {TRIAL_DAYS}-day free trial.
      </p>
      <LazySalesDialog open={salesOpen} onClose={() => setSalesOpen(false)} />
    </div>
  );
}

function BillingSwitch({ value, onChange }: { value: Billing; onChange: (value: Billing) => void }) {
  const labelId = useId();
  const option = (billing: Billing, label: string) => (
    <button
      type="button"
      aria-pressed={value === billing}
      onClick={() => onChange(billing)}
      className={`min-h-10 rounded-full px-4 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 ${
        value === billing ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col items-center gap-2">
      <span id={labelId} className="sr-only">
        Billing period
      </span>
      <div role="group" aria-labelledby={labelId} className="inline-flex rounded-full bg-slate-100 p-1">
        {option('monthly', 'Monthly')}
        {option('yearly', 'Yearly')}
      </div>
      <p className="text-sm font-medium text-emerald-700">
        Save {ANNUAL_DISCOUNT_PERCENT}% with yearly billing
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  billing,
  heading: Heading,
  onTalkToSales,
  startPath,
}: {
  plan: Plan;
  billing: Billing;
  heading: 'h2' | 'h3';
  onTalkToSales: () => void;
  /** Where the plan's button goes once plans are on sale; null keeps the launch-stage button. */
  startPath: string | null;
}) {
  const featured = plan.id === 'pro';
  const free = plan.monthlyPriceUsd === 0;
  const price = billing === 'yearly' ? plan.yearlyMonthlyPriceUsd : plan.monthlyPriceUsd;
  return (
    <article
      aria-label={`${plan.name} plan`}
      className={`relative flex w-full flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 ${
        featured ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200'
      }`}
    >
      {featured ? (
        <p className="absolute -top-3 left-6 rounded-full bg-blue-600 px-3 py-0.5 text-xs font-semibold text-white">
          Recommended
        </p>
      ) : null}
      <Heading className="text-lg font-semibold text-slate-900">{plan.name}</Heading>
      <p className="mt-1 text-sm text-slate-600">{taglines[plan.id]}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="plan-price">
          {free ? 'Free' : formatUsd(price)}
        </span>
        {free ? null : <span className="text-sm text-slate-600">/month</span>}
      </p>
      <p className="mt-1 min-h-5 text-sm text-slate-600">
        {free
          ? 'Free forever'
          : billing === 'yearly'
            ? `billed yearly (${formatUsd(price * 12)} a year)`
            : `or ${formatUsd(plan.yearlyMonthlyPriceUsd)}/month billed yearly`}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.highlights.map((line) => (
          <li key={line} className="flex gap-3">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-blue-600" />
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">
        {plan.id === 'enterprise' ? (
          <Button fullWidth onClick={onTalkToSales}>
            {MESSAGES.talkToSales}
          </Button>
        ) : startPath ? (
          <ButtonLink to={startPath} fullWidth variant={free ? 'secondary' : 'primary'}>
            {free ? 'Get started free' : `Start ${TRIAL_DAYS}-day free trial`}
          </ButtonLink>
        ) : (
          <Button fullWidth variant="secondary" disabled>
            {MESSAGES.comingSoon}
          </Button>
        )}
      </div>
    </article>
  );
}

/** Basic: an account; a paid plan: Checkout on Subscription, after signing up when signed out. */
function startPath(plan: Plan['id'], billing: Billing, signedIn: boolean): string {
  const target = plan === 'basic' ? '/dashboard' : `/dashboard/subscription?plan=${plan}&interval=${billing}`;
  return signedIn ? target : withNext('/sign-up', target);
}
