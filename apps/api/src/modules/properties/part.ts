// What the routes of a property's parts share (issue 32: access details, the seller report): the property in
// the caller's scope that they may change (another agent's → 404, a read-only team member → 403), then the
// plan's gate; and the error answers and id parameter of such a route.
import { z } from 'zod';
import type { GatedFeature } from '@keyturn/domain/planGates';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Db } from '../../db/client';
import { requirePlanFeature } from '../../http/plan-gate';
import type { AgentRow } from '../core/agents';
import { propertyEditableBy } from './service';

export const PROPERTY_PART_ERRORS = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The answers of a property part's public link (the buyer's access, the seller's report): no sign-in, no 401. */
export const PROPERTY_LINK_ERRORS = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

export const propertyIdParams = z.object({ id: z.string() });

/** The property `id` if the caller may change it (404/403 otherwise) and their plan includes `feature`. */
export async function propertyPartOf(db: Db, agent: AgentRow, id: string, feature: GatedFeature) {
  const property = await propertyEditableBy(db, agent, id);
  requirePlanFeature(agent, feature);
  return property;
}
