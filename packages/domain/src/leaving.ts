// Leaving (issue 41): Settings → Account's "Download my data" and "Delete account" — the parts of the export,
// the request shapes and every text, once.
import { z } from 'zod';

export const DATA_EXPORT_PARTS = ['profile', 'properties', 'bookings', 'leads'] as const;
export type DataExportPart = (typeof DATA_EXPORT_PARTS)[number];

/** GET /api/account/export: the whole export as JSON, or one part as CSV. */
export const dataExportQuerySchema = z
  .object({
    format: z.enum(['json', 'csv'], { error: 'Choose json or csv' }).default('json'),
    part: z.enum(DATA_EXPORT_PARTS, { error: 'Choose profile, properties, bookings or leads' }).optional(),
  })
  .refine((q) => q.format === 'json' || q.part !== undefined, {
    path: ['part'],
    message: 'A CSV file holds one part: choose profile, properties, bookings or leads',
  });

export const dataExportSchema = z.object({
  exported_at: z.string(),
  profile: z.record(z.string(), z.unknown()),
  properties: z.array(z.record(z.string(), z.unknown())),
  bookings: z.array(z.record(z.string(), z.unknown())),
  leads: z.array(z.record(z.string(), z.unknown())),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** DELETE /api/account: the typed confirmation, so a stray request deletes nothing. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
export const deleteAccountSchema = z.object({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, {
    error: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`,
  }),
});

export const deleteAccountResponseSchema = z.object({
  success: z.literal(true),
  /** Future showings cancelled, each buyer told as on any cancellation by the agent. */
  cancelled: z.number().int(),
});

export const LEAVING_TEXTS = {
  downloadTitle: 'Download my data',
  downloadIntro:
    'Your profile, properties, bookings and leads — yours only — as one JSON file, or as a CSV file per part.',
  downloadJson: 'Download everything (JSON)',
  downloadCsv: (part: DataExportPart) => `${part[0]!.toUpperCase()}${part.slice(1)} (CSV)`,
  deleteTitle: 'Delete account',
  deleteIntro:
    'Deleting your account cancels your upcoming showings (each buyer gets the usual cancellation message), takes your booking pages offline and removes your data. This cannot be undone.',
  deleteButton: 'Delete account',
  confirmTitle: 'Delete your account?',
  confirmBody: `Your upcoming showings will be cancelled and each buyer told; your booking pages go offline and your data is removed. Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.`,
  confirmLabel: 'Type DELETE to confirm',
  /** Sent as the cancellation's reason to each buyer. */
  cancelReason: 'The agent closed their Keyturn account.',
  teamOwner: (team: string) =>
    `You own the team “${team}”. Make another member its owner on the Team page before deleting your account.`,
  deleted: 'Your account was deleted.',
} as const;
