// What a higher plan adds, for an agent whose plan does not include it (the server refuses the call anyway).
import type { ReactNode } from 'react';
import { upgradeMessage, type GatedFeature } from '@keyturn/domain/planGates';
import { ButtonLink } from '@/components/ui/button';

export function UpgradeHint({ feature, children }: { feature: GatedFeature; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-blue-300 bg-blue-50 p-4 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{upgradeMessage(feature)}</p>
      <p className="mt-1">{children}</p>
      <ButtonLink to="/dashboard/subscription" variant="secondary" size="sm" className="mt-3">
        See plans
      </ButtonLink>
    </div>
  );
}
