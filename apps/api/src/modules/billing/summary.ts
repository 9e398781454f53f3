// The `billing` part of GET /api/payments/subscription (issue 30): what Subscription and the dashboard's
// banner show. Read only: an agent with no billing row yet has status 'none'; the waiting-list discount is
// looked up the same way Checkout decides it.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { BillingSummary } from '@keyturn/domain/schemas/subscription';
import type { Db } from '../../db/client';
import { billingAccounts, properties, waitlistEntries } from '../../db/schema';

export async function billingSummary(
  db: Db,
  agent: { id: string; email: string },
  configured: boolean,
): Promise<BillingSummary> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.agentId, agent.id));
  const [hidden] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(properties)
    .where(and(eq(properties.agentId, agent.id), isNotNull(properties.planHiddenAt)));
  const onList = row
    ? row.waitlistDiscount
    : (
        await db
          .select({ id: waitlistEntries.id })
          .from(waitlistEntries)
          .where(
            and(
              eq(waitlistEntries.kind, 'waitlist'),
              sql`lower(${waitlistEntries.email}) = lower(${agent.email})`,
            ),
          )
      ).length > 0;
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    configured,
    status: row?.status ?? 'none',
    plan: row?.plan ?? null,
    interval: row?.interval ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: iso(row?.currentPeriodEnd),
    trialEnd: iso(row?.trialEnd),
    graceUntil: iso(row?.graceUntil),
    waitlistDiscount: onList,
    hiddenListings: hidden?.n ?? 0,
    canManage: configured && Boolean(row?.customerId),
  };
}
