// Issue 44: the agent's daily cap as the API takes and answers it (GET/PUT /api/agents/daily-cap). The rule
// and its words: slots/agentDailyCap.ts.
import { z } from 'zod';
import { AGENT_DAILY_CAP_MAX } from '../slots/agentDailyCap';

export const agentDailyCapSchema = z.object({
  max_showings_per_day: z
    .number({ error: 'The limit must be a number of showings, or null for no limit' })
    .int('The limit must be a whole number of showings')
    .min(1, 'The limit must be at least 1 showing a day (null for no limit)')
    .max(AGENT_DAILY_CAP_MAX, `The limit can be at most ${AGENT_DAILY_CAP_MAX} showings a day`)
    .nullable(),
});
export type AgentDailyCap = z.infer<typeof agentDailyCapSchema>;
export const agentDailyCapResponseSchema = z.object({
  success: z.literal(true),
  data: agentDailyCapSchema,
});
