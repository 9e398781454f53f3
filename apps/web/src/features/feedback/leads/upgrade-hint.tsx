// What a higher plan adds, shown where it would be, with the way to get it.
import { Link } from '@/lib/router';
import { cheapestPlanWithAnalytics } from '@keyturn/domain/planGates';
import type { AnalyticsSection } from '@keyturn/domain/schemas/leads';

export const SECTION_PITCH: Record<AnalyticsSection, { depth: 'advanced' | 'predictive'; text: string }> = {
  insights: {
    depth: 'advanced',
    text:
      'a 0–100 score for every lead with the factors behind it, the sentiment of what buyers wrote, and ' +
      'a recommended next step with its reason',
  },
  prediction: {
    depth: 'predictive',
    text:
      'predictive scoring: a model trained on your own offers and purchases, with its measured accuracy and ' +
      'what drives your wins',
  },
};

export function UpgradeHint({ section }: { section: AnalyticsSection }) {
  const { depth, text } = SECTION_PITCH[section];
  const plan = cheapestPlanWithAnalytics(depth);
  return (
    <p className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
      <span className="font-semibold">{plan.name}</span> adds {text}.{' '}
      <Link
        to="/dashboard/subscription"
        className="font-semibold underline underline-offset-2 hover:text-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        Upgrade to {plan.name}
      </Link>
    </p>
  );
}
