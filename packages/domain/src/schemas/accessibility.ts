// Issue 43: the accessibility statement (/accessibility) and its "report a problem" form. A report is stored
// (POST /api/accessibility-reports), e-mailed to the server's administrators when the server sends mail, and
// listed on Server settings, so it reaches whoever runs this server either way.
import { z } from 'zod';
import { emailSchema, requiredText } from './common';
import { optionalText } from './waitlist';

export const ACCESSIBILITY_REPORT_LIMITS = { name: 120, page: 500, message: 4000 } as const;

export const accessibilityReportSchema = z.object({
  name: optionalText(ACCESSIBILITY_REPORT_LIMITS.name, 'Name'),
  email: emailSchema,
  page: optionalText(ACCESSIBILITY_REPORT_LIMITS.page, 'Page'),
  message: requiredText('Describe the problem you met').max(
    ACCESSIBILITY_REPORT_LIMITS.message,
    `Message must be at most ${ACCESSIBILITY_REPORT_LIMITS.message} characters`,
  ),
});
export type AccessibilityReportInput = z.input<typeof accessibilityReportSchema>;

export const accessibilityReportViewSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
  page: z.string().nullable(),
  message: z.string(),
  /** When the report arrived (an instant; the page shows it in the reader's zone, labelled). */
  created_at: z.string(),
});
export type AccessibilityReport = z.infer<typeof accessibilityReportViewSchema>;

/** Server settings' list: the newest first, at most ACCESSIBILITY_REPORTS_SHOWN. */
export const ACCESSIBILITY_REPORTS_SHOWN = 50;
export const accessibilityReportsResponseSchema = z.object({
  success: z.literal(true),
  reports: z.array(accessibilityReportViewSchema),
  /** All reports ever received, of which `reports` are the newest. */
  total: z.number().int(),
});
export type AccessibilityReportsResponse = z.infer<typeof accessibilityReportsResponseSchema>;

/** One wording for the statement's form, its answer, the operator's e-mail and the Server settings section. */
export const ACCESSIBILITY_TEXTS = {
  received: (email: string) =>
    `Thank you. Your report has reached the people who run this Keyturn server; they will answer you at ${email}.`,
  mailSubject: 'Accessibility report from a Keyturn visitor',
  mailHeading: 'Someone met an accessibility problem',
  mailParagraph: (who: string) =>
    `${who} reported a problem through the form on the accessibility statement. Please answer them by e-mail.`,
  mailFooter: 'Keyturn · sent to the administrators of this server',
  sectionTitle: 'Accessibility reports',
  sectionIntro:
    'Problems visitors reported through the form on the accessibility statement (/accessibility), newest first. Answer each by e-mail.',
  none: 'No accessibility report so far.',
} as const;
