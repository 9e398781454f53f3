// The waiting list's call: POST /api/waitlist → 201 joined, or 200 already_joined for a known e-mail.
import type { z } from 'zod';
import type { WaitlistSignupInput, waitlistResponseSchema } from '@keyturn/domain/schemas/waitlist';
import { api } from '@/lib/api';

export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

export function joinWaitlist(input: WaitlistSignupInput): Promise<WaitlistResponse> {
  return api.post<WaitlistResponse>('/waitlist', input);
}
