import type { PlanId } from '@keyturn/domain/enums';

const tones: Record<PlanId, string> = {
  basic: 'bg-slate-100 text-slate-700 ring-slate-200',
  pro: 'bg-blue-50 text-blue-700 ring-blue-200',
  enterprise: 'bg-violet-50 text-violet-700 ring-violet-200',
};

/** The agent's plan name as a small pill (spec §2.2, §4). */
export function PlanBadge({ planId, name }: { planId: PlanId; name: string }) {
  return (
    <span
      data-testid="plan-badge"
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[planId]}`}
    >
      {name}
    </span>
  );
}
