// The plans as waiting-list members will pay for them (spec §2.5, §9): Basic free forever, the paid plans at
// their lifetime waiting-list price, and Enterprise's features behind 'Show/Hide Enterprise Features'.
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { TRIAL_DAYS, WAITLIST } from '@keyturn/domain/constants';
import { PLANS } from '@keyturn/domain/plans';
import type { Plan } from '@keyturn/domain/plans';
import { formatUsd } from '../format';
import { CheckIcon } from '@/components/marks';

export function WaitlistPlans() {
  const [showEnterprise, setShowEnterprise] = useState(false);
  const enterpriseListId = useId();
  return (
    <div>
      <ul className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <li className="flex">
          <PlanCard plan={PLANS.basic}>
            <Price main="Free" note="forever" />
            <Highlights plan={PLANS.basic} />
          </PlanCard>
        </li>
        <li className="flex">
          <PlanCard plan={PLANS.pro} featured>
            <DiscountedPrice plan={PLANS.pro} />
            <Highlights plan={PLANS.pro} />
          </PlanCard>
        </li>
        <li className="flex">
          <PlanCard plan={PLANS.enterprise}>
            <DiscountedPrice plan={PLANS.enterprise} />
            <button
              type="button"
              aria-expanded={showEnterprise}
              aria-controls={enterpriseListId}
              onClick={() => setShowEnterprise((v) => !v)}
              className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
            >
              {showEnterprise ? 'Hide Enterprise Features' : 'Show Enterprise Features'}
            </button>
            <div id={enterpriseListId} hidden={!showEnterprise}>
              <Highlights plan={PLANS.enterprise} />
            </div>
          </PlanCard>
        </li>
      </ul>
      <p className="mt-6 text-center text-sm text-slate-600">
        Paid plans start with a {TRIAL_DAYS}-day free trial. Prices in US dollars per month; your{' '}
        {WAITLIST.discountPercent}% waiting-list discount is yours for life.
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  featured = false,
  children,
}: {
  plan: Plan;
  featured?: boolean;
  children: ReactNode;
}) {
  return (
    <article
      aria-label={`${plan.name} plan`}
      className={`flex w-full flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 ${
        featured ? 'border-blue-600 ring-1 ring-blue-600' : 'border-slate-200'
      }`}
    >
      <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
      {children}
    </article>
  );
}

function Price({ main, note, was }: { main: string; note: string; was?: string }) {
  return (
    <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
      {was ? (
        <s className="text-xl font-semibold text-slate-500">
          <span className="sr-only">Normally </span>
          {was}
        </s>
      ) : null}
      <span className="text-4xl font-extrabold tracking-tight text-slate-900" data-testid="plan-price">
        {main}
      </span>
      <span className="text-sm text-slate-600">{note}</span>
    </p>
  );
}

function DiscountedPrice({ plan }: { plan: Plan }) {
  return (
    <>
      <Price
        main={formatUsd(plan.waitlistMonthlyPriceUsd)}
        note="/month for life"
        was={formatUsd(plan.monthlyPriceUsd)}
      />
      <p className="mt-2 inline-flex w-fit rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset">
        {WAITLIST.discountPercent}% lifetime discount
      </p>
    </>
  );
}

function Highlights({ plan }: { plan: Plan }) {
  return (
    <ul className="mt-6 space-y-3 text-sm text-slate-700">
      {plan.highlights.map((line) => (
        <li key={line} className="flex gap-3">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-blue-600" />
          <span>{line}</span>
        </li>
      ))}
    </ul>
  );
}
