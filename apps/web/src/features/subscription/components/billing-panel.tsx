// Subscription's billing lines (issue 30): where the plan stands with Stripe (trial, renewal, cancellation,
// failed payment), the waiting-list discount, and "Manage billing" (the Customer Portal). Before launch
// (billing not configured) the spec's early-access sentence, its "contact us" opening the sales form.
import { useState } from 'react';
import { LazySalesDialog } from '@/components/lazy-sales-dialog';
import { useMutation } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '@keyturn/domain/billing';
import type { Plan } from '@keyturn/domain/plans';
import type { BillingSummary } from '@keyturn/domain/schemas/subscription';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PaymentFailedBanner } from '@/components/payment-failed-banner';
import { openBillingPortal } from '../api';

export function BillingPanel({ billing, plan }: { billing: BillingSummary | null; plan: Plan }) {
  const [salesOpen, setSalesOpen] = useState(false);
  const portal = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: (answer) => window.location.assign(answer.url),
  });
  if (!billing?.configured) {
    return (
      <>
        <p className="mt-5 text-sm text-slate-600">
          {BILLING_MESSAGES.notConfigured}{' '}
          <button
            type="button"
            onClick={() => setSalesOpen(true)}
            className="font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            {BILLING_MESSAGES.contactUs}
          </button>
          .
        </p>
        <LazySalesDialog open={salesOpen} onClose={() => setSalesOpen(false)} />
      </>
    );
  }
  const lines: string[] = [];
  if (billing.status === 'trialing' && billing.trialEnd)
    lines.push(BILLING_MESSAGES.trialUntil(new Date(billing.trialEnd)));
  if (billing.cancelAtPeriodEnd && billing.currentPeriodEnd) {
    lines.push(BILLING_MESSAGES.cancelsAt(plan.name, new Date(billing.currentPeriodEnd)));
  } else if (billing.status === 'active' && billing.currentPeriodEnd) {
    lines.push(BILLING_MESSAGES.renews(new Date(billing.currentPeriodEnd)));
  }
  if (billing.waitlistDiscount) lines.push(BILLING_MESSAGES.waitlistDiscount);
  return (
    <div className="mt-5 space-y-3 text-sm text-slate-700">
      <PaymentFailedBanner billing={billing} plan={plan} linkToSubscription={false} />
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {billing.canManage ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" onClick={() => portal.mutate()} disabled={portal.isPending}>
            {portal.isPending ? 'Opening…' : BILLING_MESSAGES.manage}
          </Button>
          <span className="text-slate-600">{BILLING_MESSAGES.manageHint}</span>
        </div>
      ) : null}
      {portal.isError ? <ErrorAlert>{portal.error.message}</ErrorAlert> : null}
    </div>
  );
}
