// Issue 32: what the buyer's booking page learns of a property's showing rules with the property itself — an
// instructions-only property shows its instructions and the agent's contact instead of the calendar, and a
// suggested notice is said up front. The slots' own why-texts come with each date's answer (slot-pipeline.ts).
import { eq } from 'drizzle-orm';
import { effectiveApproval, suggestedNoticeNote, takesBookings } from '@keyturn/domain/listing/applyRules';
import { deciderOf } from '@keyturn/domain/listing/whoDecides';
import type { Db } from '../../db/client';
import { availabilitySettings } from '../../db/schema';
import type { AgentRow } from '../agents/service';
import { readShowingRules } from './service';

export async function publicShowing(db: Db, propertyId: number, agent: AgentRow) {
  const [rules, [settings]] = await Promise.all([
    readShowingRules(db, propertyId),
    db
      .select({ requiresApproval: availabilitySettings.requiresApproval })
      .from(availabilitySettings)
      .where(eq(availabilitySettings.agentId, agent.id)),
  ]);
  const mode = effectiveApproval(rules, settings?.requiresApproval ?? false);
  const instructionsOnly = !takesBookings(mode);
  return {
    instructions_only: instructionsOnly,
    instructions: instructionsOnly ? rules.instructions : null,
    notice_note: suggestedNoticeNote(rules),
    contact: instructionsOnly ? { phone: agent.phone, email: agent.email } : null,
    decides: deciderOf(mode),
  };
}
