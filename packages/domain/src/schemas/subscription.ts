// Response of GET /api/payments/subscription (spec §3, §7). A null subscription means the basic plan.
import { z } from 'zod';
import { PLAN_IDS } from '../enums';

export const subscriptionResponseSchema = z.object({
  success: z.boolean(),
  subscription: z
    .object({
      plan: z.enum(PLAN_IDS),
      status: z.literal('active'),
      startedAt: z.string(),
    })
    .nullable(),
  plan: z.object({
    id: z.enum(PLAN_IDS),
    name: z.string(),
  }),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
