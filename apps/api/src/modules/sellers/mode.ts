// How a property is shown, as saved in property_showing_rules.approval (decision 053): the approval chain opens
// a seller's request for `seller` and `agent_then_seller`. The booking's own status (pending or confirmed) is the
// slot check's, through the rules engine's effectiveApproval (decision 052); null (the agent's own setting) never
// involves a seller.
import { eq } from 'drizzle-orm';
import type { ApprovalMode } from '@keyturn/domain/listing/showingRules';
import type { Db, DbTransaction } from '../../db/client';
import { propertyShowingRules } from '../../db/schema';

export async function storedApprovalMode(
  db: Db | DbTransaction,
  propertyId: number | null,
): Promise<ApprovalMode | null> {
  if (propertyId === null) return null;
  const [row] = await db
    .select({ approval: propertyShowingRules.approval })
    .from(propertyShowingRules)
    .where(eq(propertyShowingRules.propertyId, propertyId));
  return row?.approval ?? null;
}
