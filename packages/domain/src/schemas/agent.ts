// The agent: the profile form (POST /api/agents, PUT /api/agents/{id}) and the profile as read (spec §3).
import { LOCALES } from '../i18n/locales';
import { z } from 'zod';
import { DEFAULT_PRIMARY_COLOR } from '../constants';
import { PLAN_IDS } from '../enums';
import { firstNameSchema, lastNameSchema } from './auth';
import { phoneSchema } from './phone';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 40;
export const COMPANY_NAME_MAX_LENGTH = 120;

/**
 * Usernames that would collide with the first path segment of a route of spec §2.1 (the booking page lives
 * at /:username/...), or that would confuse a buyer.
 */
export const RESERVED_USERNAMES: readonly string[] = [
  'about',
  'accessibility',
  'admin',
  'api',
  'assets',
  'booking',
  'bookme',
  'dashboard',
  'features',
  'feedback',
  'oauth',
  'pricing',
  'privacy-policy',
  'profile',
  'sign-in',
  'sign-up',
  'success-stories',
  'team-invitation',
  'test',
  'user-profile',
  'waiting-list',
  'waitlist-thankyou',
];

export const hexColorSchema = z
  .string({ error: 'Enter a colour like #3B82F6' })
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Enter a colour like #3B82F6');

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, { error: 'Username is required', abort: true })
  .min(USERNAME_MIN_LENGTH, {
    error: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
    abort: true,
  })
  .max(USERNAME_MAX_LENGTH, {
    error: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
    abort: true,
  })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'Use lowercase letters, digits and single hyphens, not starting or ending with a hyphen',
    abort: true,
  })
  .refine((name) => !RESERVED_USERNAMES.includes(name), 'This username is reserved; choose another');

export const timeZoneSchema = z
  .string({ error: 'Choose a valid time zone' })
  .trim()
  .refine(isKnownTimeZone, 'Choose a valid time zone');

export const agentProfileInputSchema = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  phone: phoneSchema,
  companyName: z
    .string()
    .trim()
    .max(COMPANY_NAME_MAX_LENGTH, `Company name must be at most ${COMPANY_NAME_MAX_LENGTH} characters`)
    .nullish()
    .transform((name) => name || null),
  username: usernameSchema,
  timeZone: timeZoneSchema,
  primaryColor: hexColorSchema.default(DEFAULT_PRIMARY_COLOR),
  /** Issue 43: the booking pages' language for a buyer whose browser asks for neither (absent: unchanged). */
  defaultLanguage: z.enum(LOCALES, { error: 'Language must be en or es' }).optional(),
});
export type AgentProfileInput = z.input<typeof agentProfileInputSchema>;
export type AgentProfileData = z.output<typeof agentProfileInputSchema>;

/** The agent as a buyer sees it on the booking page (spec §3). */
export const agentPublicProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  logoUrl: z.string().nullable(),
  companyName: z.string().nullable(),
  primaryColor: z.string(),
  profilePictureUrl: z.string().nullable(),
  timeZone: z.string(),
  /** Issue 43: the booking pages' language when the buyer's browser asks for neither English nor Spanish. */
  defaultLanguage: z.enum(LOCALES).optional(),
});
export type AgentPublicProfile = z.infer<typeof agentPublicProfileSchema>;

export const agentProfileSchema = agentPublicProfileSchema.extend({
  id: z.string(),
  username: z.string(),
  plan: z.enum(PLAN_IDS),
  createdAt: z.string(),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

export const agentProfileResponseSchema = z.object({
  success: z.literal(true),
  data: agentProfileSchema,
});
export type AgentProfileResponse = z.infer<typeof agentProfileResponseSchema>;

/**
 * A username proposal from the agent's name that passes usernameSchema: 'José María', 'Núñez' →
 * 'jose-maria-nunez'. Uniqueness is the server's business.
 */
export function suggestUsername(firstName: string, lastName: string): string {
  const slug = slugify(`${firstName} ${lastName}`).slice(0, USERNAME_MAX_LENGTH).replace(/-+$/, '');
  if (slug.length === 0) return 'agent';
  if (slug.length < USERNAME_MIN_LENGTH || RESERVED_USERNAMES.includes(slug)) return `${slug}-agent`;
  return slug;
}

let knownTimeZones: ReadonlySet<string> | undefined;

/**
 * ICU versions disagree on which spelling of a zone is canonical (Node 20 lists Asia/Calcutta, browsers
 * send Asia/Kolkata), so an alias is accepted when it resolves to a listed zone.
 */
function isKnownTimeZone(zone: string): boolean {
  knownTimeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  if (knownTimeZones.has(zone)) return true;
  try {
    return knownTimeZones.has(
      new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
    );
  } catch {
    return false;
  }
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
