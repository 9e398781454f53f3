// Plan-gated calls (issue 13): refused by the server, not only hidden by the web app. The plan table in the
// domain package says which plan includes what.
import { planAllows, upgradeMessage, type GatedFeature } from '@keyturn/domain/planGates';
import { planFor } from '@keyturn/domain/plans';
import { AppError } from './errors';

export const PLAN_UPGRADE_REQUIRED = 'PLAN_UPGRADE_REQUIRED';

/** Throws 403 PLAN_UPGRADE_REQUIRED when the agent's plan does not include `feature`. */
export function requirePlanFeature(agent: { plan: string }, feature: GatedFeature): void {
  if (!planAllows(planFor(agent.plan), feature)) {
    throw new AppError(403, PLAN_UPGRADE_REQUIRED, upgradeMessage(feature));
  }
}
