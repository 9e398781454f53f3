// How a property is shown, read straight from property_showing_rules.approval (decision 053). Helper "rules"
// owns the full rules engine; until both are merged this small read is what the approval chain consults (the
// lead wires the two together). null: the property follows its agent's own setting.
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

/** A new booking of this property waits (pending) for the seller instead of being confirmed at once. */
export async function sellerDecidesFirst(
  db: Db | DbTransaction,
  propertyId: number | null,
): Promise<boolean> {
  return (await storedApprovalMode(db, propertyId)) === 'seller';
}
