// GET /api/public/launch (issue 40, decision 069): whether the public site is launched, one answer for every
// visitor. Its own module, apart from ../launch (texts and addresses every marketing page imports), so the pages
// that only read the answer's type load no zod.
import { z } from 'zod';

export const launchStateSchema = z.object({ launched: z.boolean() });
export type LaunchState = z.infer<typeof launchStateSchema>;
