// The overview's first steps, worked out from what is true for the agent: a property exists, hours are saved
// (or the agent kept the default hours), the link was shared (copied or shown as a QR code — recorded here — or
// a booking has come in), and whether the card was dismissed. The recorded marks live in agent_settings under
// the area 'onboarding' as { hours_at, link_at, dismissed_at }.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Onboarding, OnboardingMark } from '@keyturn/domain/schemas/agentSettings';
import type { Db } from '../../db/client';
import { agentSettings, availabilityDays, bookings, properties } from '../../db/schema';

const AREA = 'onboarding';
type Marks = Partial<Record<`${OnboardingMark}_at`, string>>;

export async function onboardingOf(db: Db, agentId: string): Promise<Onboarding> {
  const [[props], [hours], [booked], [row]] = await Promise.all([
    db
      .select({ n: count() })
      .from(properties)
      .where(and(eq(properties.agentId, agentId), isNull(properties.deletedAt))),
    db.select({ n: count() }).from(availabilityDays).where(eq(availabilityDays.agentId, agentId)),
    db.select({ n: count() }).from(bookings).where(eq(bookings.agentId, agentId)),
    db
      .select({ settings: agentSettings.settings })
      .from(agentSettings)
      .where(and(eq(agentSettings.agentId, agentId), eq(agentSettings.area, AREA))),
  ]);
  const marks = (row?.settings ?? {}) as Marks;
  return {
    property: (props?.n ?? 0) > 0,
    hours: (hours?.n ?? 0) > 0 || Boolean(marks.hours_at),
    link: Boolean(marks.link_at) || (booked?.n ?? 0) > 0,
    dismissed: Boolean(marks.dismissed_at),
  };
}

/** Records a step the agent took on the card; the first time counts (marking twice changes nothing). */
export async function markOnboarding(db: Db, agentId: string, mark: OnboardingMark, at: Date): Promise<void> {
  const value = { [`${mark}_at`]: at.toISOString() };
  await db
    .insert(agentSettings)
    .values({ agentId, area: AREA, settings: value })
    .onConflictDoUpdate({
      target: [agentSettings.agentId, agentSettings.area],
      // Existing marks win: the stored time is when the step was first done.
      set: {
        settings: sql`${JSON.stringify(value)}::jsonb || coalesce(${agentSettings.settings}, '{}'::jsonb)`,
      },
    });
}
