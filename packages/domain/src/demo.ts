// The demo account (issue 40, decision 064): what the server, Server settings and Settings → Messages say about
// it, once. The demo's sign-in is public (the README prints it), so its messages stay on the server and its
// password and e-mail stay as they are.
import { z } from 'zod';

/** The demo account's e-mail (its password is in the API's demo data): how the server recognises it. */
export const DEMO_EMAIL = 'demo@keyturn.app';

export const DEMO_TEXTS = {
  /** A demo message's reason in Settings → Messages (status "skipped": it was kept, never sent). */
  notSent: 'Not sent: demo account. Messages of the demo account are kept on this server, never delivered.',
  /** Change password / change e-mail, signed in as the demo agent. */
  credentialsLocked:
    "The demo account's password and e-mail can't be changed: everyone who tries Keyturn signs in with them. Create your own account to choose yours.",
  /** Server settings' section. */
  sectionTitle: 'Demo account',
  present: (email: string) =>
    `The demo account ${email} is on this server. Anyone who knows its public password can sign in to it; its e-mails and texts are never delivered, only kept in its Messages, and its data is rebuilt every day.`,
  absent: 'There is no demo account on this server.',
  remove: 'Remove the demo',
  confirmRemove:
    'Remove the demo account and all of its data (listings, bookings, messages)? No other account is touched. This cannot be undone.',
  removed: 'The demo account and its data were removed.',
  /** Why the demo is (or is not) on a new server, for the operator reading Server settings. */
  seeding:
    'A new server that is reachable from elsewhere does not create the demo account unless its configuration asks for one.',
} as const;

export const demoStatusResponseSchema = z.object({
  success: z.literal(true),
  demo: z
    .object({
      email: z.string(),
      properties: z.number().int(),
      bookings: z.number().int(),
    })
    .nullable(),
});
export type DemoStatusResponse = z.infer<typeof demoStatusResponseSchema>;
