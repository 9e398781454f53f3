// Issue 30: after a failed payment, the dashboard and Subscription say so — the grace period's last day while
// it lasts, what Basic's limits did after — with the way to fix it.
import { Link } from '@/lib/router';
import { BILLING_MESSAGES } from '@keyturn/domain/billing';
import type { BillingSummary } from '@keyturn/domain/schemas/subscription';
import type { Plan } from '@keyturn/domain/plans';
import { ErrorAlert } from '@/components/ui/alert';

export function PaymentFailedBanner({
  billing,
  plan,
  linkToSubscription = true,
}: {
  billing: BillingSummary | null;
  plan: Plan;
  linkToSubscription?: boolean;
}) {
  if (!billing || billing.status !== 'past_due') return null;
  const graceUntil = billing.graceUntil ? new Date(billing.graceUntil) : null;
  const inGrace = graceUntil !== null && plan.id !== 'basic';
  return (
    <div role="alert" data-testid="payment-failed-banner">
      <ErrorAlert>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="font-semibold">Payment failed</p>
            <p className="mt-0.5">
              {inGrace ? BILLING_MESSAGES.paymentFailed(plan.name, graceUntil) : BILLING_MESSAGES.downgraded}
            </p>
          </div>
          {linkToSubscription ? (
            <Link
              to="/dashboard/subscription"
              className="inline-flex min-h-11 shrink-0 items-center rounded-lg bg-red-700 px-3 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2"
            >
              Update payment method
            </Link>
          ) : null}
        </div>
      </ErrorAlert>
    </div>
  );
}
