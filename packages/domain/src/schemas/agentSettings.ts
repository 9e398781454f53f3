// The agent's settings areas (spec §3: branding, notifications, feedback settings, usage statistics) and
// the dashboard overview. Defaults live here so the server and the settings forms agree on them.
import { z } from 'zod';
import { PLAN_IDS } from '../enums';
import { agentBookingSchema } from './agentBooking';
import { ownCountsSchema, teamCountsSchema } from './figures';
import { hexColorSchema } from './agent';
import { imageRefSchema } from './property';
import { DEFAULT_RECONFIRM_MINUTES, RECONFIRM_MINUTES_MAX, RECONFIRM_MINUTES_MIN } from '../texts/reconfirm';

export const SETTINGS_AREAS = ['branding', 'notifications', 'feedback', 'assistant', 'scheduling'] as const;
export type SettingsArea = (typeof SETTINGS_AREAS)[number];

export const brandingSchema = z.object({
  companyName: z
    .string()
    .trim()
    .max(120, 'Company name must be at most 120 characters')
    .nullish()
    .transform((v) => v || null),
  primaryColor: hexColorSchema,
  logoUrl: imageRefSchema.nullish().transform((v) => v || null),
  profilePictureUrl: imageRefSchema.nullish().transform((v) => v || null),
  /**
   * Whether the public profile shows the agent's e-mail address / phone number (issue 26). The spec's public
   * profile has both, so both are shown until the agent turns them off; left out of a save, kept as they are.
   */
  showEmail: z.boolean().optional(),
  showPhone: z.boolean().optional(),
});
export type Branding = z.output<typeof brandingSchema>;
export type BrandingInput = z.input<typeof brandingSchema>;

/** Reminder offsets are minutes before the showing; 24 h and 1 h by default. */
export const notificationSettingsSchema = z.object({
  buyer_confirmation_email: z.boolean(),
  agent_new_booking_email: z.boolean(),
  reminder_emails: z.boolean(),
  reminder_offsets_minutes: z
    .array(
      z
        .number()
        .int()
        .min(15, 'Reminders start at 15 minutes before')
        .max(10_080, 'Reminders go up to 7 days before'),
    )
    .max(3, 'At most 3 reminders')
    .refine((a) => new Set(a).size === a.length, 'Each reminder time once'),
  sms_reminders: z.boolean(),
  feedback_request_email: z.boolean(),
  /** Texts on: an unconfirmed showing's second text, minutes before it (issue 33); left out of a save, 6 hours. */
  reconfirm_minutes_before: z
    .number()
    .int()
    .min(RECONFIRM_MINUTES_MIN, 'The second text goes at least 3 hours before')
    .max(RECONFIRM_MINUTES_MAX, 'The second text goes at most 2 days before')
    .default(DEFAULT_RECONFIRM_MINUTES),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  buyer_confirmation_email: true,
  agent_new_booking_email: true,
  reminder_emails: true,
  reminder_offsets_minutes: [1440, 60],
  sms_reminders: false,
  feedback_request_email: true,
  reconfirm_minutes_before: DEFAULT_RECONFIRM_MINUTES,
};

export const feedbackSettingsSchema = z.object({
  enabled: z.boolean(),
  delay_minutes_after_showing: z.number().int().min(0).max(10_080),
  ask_price_opinion: z.boolean(),
  ask_second_showing: z.boolean(),
});
export type FeedbackSettings = z.infer<typeof feedbackSettingsSchema>;
export const DEFAULT_FEEDBACK_SETTINGS: FeedbackSettings = {
  enabled: true,
  delay_minutes_after_showing: 60,
  ask_price_opinion: true,
  ask_second_showing: true,
};

/** GET /agents/notifications and /agents/feedback-settings: the settings and whether the agent has seen the defaults. */
export function settingsResponseSchema<T extends z.ZodType>(settings: T) {
  return z.object({
    success: z.literal(true),
    data: settings,
    isDefault: z.boolean(),
    acknowledged: z.boolean(),
  });
}

export const acknowledgeDefaultsSchema = z.object({
  area: z.enum(SETTINGS_AREAS, { error: 'Unknown settings area' }),
});

const usage = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

/**
 * GET /agents/usage-stats: the plan's limits and what they count — the agent's own rows, or the whole team's
 * on a team whose plan has teams (`scope`, so a screen labels the team's count as the team's).
 */
export const usageStatsSchema = z.object({
  plan: z.enum(PLAN_IDS),
  scope: z.enum(['own', 'team']),
  properties: usage,
  bookingsThisMonth: usage,
});
export type UsageStats = z.infer<typeof usageStatsSchema>;

/**
 * The overview's first steps, each true once it is done: a property added, hours saved (or the default hours
 * kept on purpose), the link shared (copied, shown as a QR code, or a first booking received); and whether the
 * agent dismissed the card. Kept per agent on the server, so it follows the agent to any browser.
 */
export const onboardingSchema = z.object({
  property: z.boolean(),
  hours: z.boolean(),
  link: z.boolean(),
  dismissed: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
/** POST /agents/onboarding: what the agent just did on the card. */
export const ONBOARDING_MARKS = ['hours', 'link', 'dismissed'] as const;
export type OnboardingMark = (typeof ONBOARDING_MARKS)[number];
export const onboardingMarkSchema = z.object({ mark: z.enum(ONBOARDING_MARKS) });

/** The card shows until every step is done or the agent dismisses it. */
export function showsOnboarding(o: Onboarding): boolean {
  return !o.dismissed && !(o.property && o.hours && o.link);
}

/** GET /agents/dashboard: everything the overview page shows in one call. */
export const dashboardSummarySchema = z.object({
  onboarding: onboardingSchema,
  today: z.array(agentBookingSchema),
  upcoming: z.array(agentBookingSchema),
  usage: usageStatsSchema,
  bookingUrl: z.string(),
  pendingCount: z.number().int(),
  /** The caller's own figures, and the team's for an agent in a team (figures.ts defines each). */
  figures: z.object({ own: ownCountsSchema, team: teamCountsSchema.nullable() }),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
