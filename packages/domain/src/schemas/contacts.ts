// A property's sellers, occupants, tenants and co-listing agents (issue 32 §2): the payloads of
// /api/properties/:id/contacts and the "Sellers and occupants" form. E-mail or phone required; texts only with
// the contact's consent recorded (sms_consent) and a phone number.
import { z } from 'zod';
import { CONTACT_CHANNELS, CONTACT_ROLES, contactGetsSchema } from '../listing/showingRules';
import { SELLER_APPROVAL_MESSAGES as M } from '../listing/sellerApprovalTexts';
import { LOCALES } from '../i18n/locales';
import { EMAIL_PATTERN } from './common';
import { phoneSchema } from './phone';

const emailField = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, 'Enter a valid email address')
  .transform((v) => v.toLowerCase());

const fields = {
  name: z.string().trim().min(1, 'Enter a name').max(120),
  email: emailField.nullable(),
  phone: phoneSchema.nullable(),
  role: z.enum(CONTACT_ROLES, { error: 'Pick a role' }),
  gets: contactGetsSchema,
  channel: z.enum(CONTACT_CHANNELS, { error: 'Pick e-mail, text or both' }),
  /** The contact agreed to receive texts (recorded with the time the agent ticked it). */
  sms_consent: z.boolean(),
  /**
   * Issue 43: the language of the contact's e-mails and texts; null = the agent's default language. The seller's
   * own answers from their approval page set it too.
   */
  language: z.enum(LOCALES, { error: 'Language must be en or es' }).nullable(),
};

const contactFields = z.object({
  ...fields,
  email: fields.email.default(null),
  phone: fields.phone.default(null),
  gets: fields.gets.default({ approvals: false, notices: false, feedback: false, weeklyReport: false }),
  channel: fields.channel.default('email'),
  sms_consent: fields.sms_consent.default(false),
  language: fields.language.default(null),
});

/** PATCH: any of the fields; the merged contact is checked as a whole (contactInputSchema). */
export const contactPatchSchema = z.object(fields).partial();
export type ContactPatch = z.output<typeof contactPatchSchema>;

type ContactFields = z.output<typeof contactFields>;

/** The rules across fields; each issue names the field the form shows it under. */
function checkReach(c: ContactFields, ctx: z.RefinementCtx) {
  if (!c.email && !c.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: M.contactNeedsReach });
  const texts = c.channel === 'sms' || c.channel === 'both';
  if (texts && !c.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: M.smsNeedsPhone });
  if (texts && !c.sms_consent)
    ctx.addIssue({ code: 'custom', path: ['sms_consent'], message: M.smsNeedsConsent });
  if ((c.channel === 'email' || c.channel === 'both') && !c.email)
    ctx.addIssue({ code: 'custom', path: ['email'], message: M.emailChannelNeedsEmail });
}

export const contactInputSchema = contactFields.superRefine(checkReach);
export type ContactInput = z.input<typeof contactInputSchema>;

export const propertyContactSchema = z.object({
  id: z.string(),
  property_id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(CONTACT_ROLES),
  gets: contactGetsSchema,
  channel: z.enum(CONTACT_CHANNELS),
  sms_consent_at: z.string().nullable(),
  /** The language of their messages; null = the agent's default. */
  language: z.enum(LOCALES).nullable(),
  created_at: z.string(),
});
export type PropertyContact = z.infer<typeof propertyContactSchema>;
