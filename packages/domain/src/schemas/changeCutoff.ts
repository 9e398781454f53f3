// Issue 44: the agent's cut-off as the API takes and answers it (GET/PUT /api/agents/change-cutoff) and as a
// property's showing rules carry it. The rule and its words: changeCutoff.ts.
import { z } from 'zod';
import { CHANGE_CUTOFF_MAX_HOURS } from '../changeCutoff';

export const changeCutoffHoursSchema = z
  .number({ error: 'The cut-off must be a number of hours' })
  .int('The cut-off must be a whole number of hours')
  .min(0, 'The cut-off cannot be negative')
  .max(CHANGE_CUTOFF_MAX_HOURS, 'The cut-off can be at most one week (168 hours)');

/** PUT /api/agents/change-cutoff and its answer: the agent's own cut-off. */
export const agentChangeCutoffSchema = z.object({ hours: changeCutoffHoursSchema });
export type AgentChangeCutoff = z.infer<typeof agentChangeCutoffSchema>;
export const agentChangeCutoffResponseSchema = z.object({
  success: z.literal(true),
  data: agentChangeCutoffSchema,
});
