// The waiting-list sign-up (spec §2.5, first-party form) and the "Talk to Sales team" enquiry (§2.3).
import { z } from 'zod';
import { emailSchema, requiredText } from './common';

export const WAITLIST_SEGMENTS = [
  'residential',
  'commercial',
  'property_management',
  'agency',
  'independent_agent',
  'growing_business',
] as const;
export type WaitlistSegment = (typeof WAITLIST_SEGMENTS)[number];

/** The segments named on the about page (spec §1), as the form lists them. */
export const WAITLIST_SEGMENT_LABELS: Record<WaitlistSegment, string> = {
  residential: 'Residential',
  commercial: 'Commercial',
  property_management: 'Property management',
  agency: 'Agency',
  independent_agent: 'Independent agent',
  growing_business: 'Growing business',
};

/** An optional free text of at most `max` characters; blank is null. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const waitlistSignupSchema = z.object({
  name: requiredText('Name is required').max(120, 'Name must be at most 120 characters'),
  email: emailSchema,
  company: optionalText(120, 'Company'),
  segment: z.enum(WAITLIST_SEGMENTS, { error: 'Choose the segment that fits you best' }),
});
export type WaitlistSignupInput = z.input<typeof waitlistSignupSchema>;

/** POST /api/waitlist answers which of the two happened, so the page can say so kindly. */
export const waitlistResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['joined', 'already_joined']),
  message: z.string(),
});

export const salesInquirySchema = z.object({
  name: requiredText('Name is required').max(120, 'Name must be at most 120 characters'),
  email: emailSchema,
  company: optionalText(120, 'Company'),
  team_size: z
    .number({ error: 'Team size must be a number' })
    .int('Team size must be a whole number')
    .min(1, 'Team size must be at least 1')
    .max(10_000, 'Team size must be at most 10,000')
    .nullish()
    .transform((v) => v ?? null),
  message: requiredText('Tell us a little about your team').max(
    2000,
    'Message must be at most 2000 characters',
  ),
});
export type SalesInquiryInput = z.input<typeof salesInquirySchema>;
