// Properties an agent lists (spec §3): the stored shape as read and the create/update body.
import { US_STATE_MESSAGE, US_ZIP_MESSAGE, isUsZip, usStateCode } from '../usAddress';
import { z } from 'zod';
import { requiredText } from './common';
import { halfSteps } from './numbers';

export const PROPERTY_TYPES = [
  'Residential',
  'Condo',
  'Townhouse',
  'Multi-family',
  'Commercial',
  'Land',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const MAX_PROPERTY_IMAGES = 20;
export const IMAGE_REF_MESSAGE = 'Each image must be a web address (https://...) or a path starting with /';

/** An absolute http(s) URL, or a root-relative path on our own origin (uploaded files). */
export const imageRefSchema = z
  .string({ error: IMAGE_REF_MESSAGE })
  .trim()
  .refine(isImageRef, IMAGE_REF_MESSAGE);

export const propertySchema = z.object({
  id: z.number().int(),
  /** The unguessable id public links use (issue 11); the numeric id keeps working for the spec's routes. */
  public_id: z.string(),
  agent_id: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  price: z.number(),
  bedrooms: z.number().int(),
  bathrooms: z.number().multipleOf(0.5),
  property_type: z.enum(PROPERTY_TYPES),
  images: z.array(imageRefSchema),
  is_public: z.boolean(),
});
export type Property = z.infer<typeof propertySchema>;

/**
 * A property as the dashboard lists it (issue 15, decision 026): whose team it belongs to (null for the
 * agent's own), the assigned agent's name, and what the caller may do with it.
 */
export const agentPropertySchema = propertySchema.extend({
  team_id: z.string().nullable(),
  agent_name: z.string(),
  can_edit: z.boolean(),
  can_assign: z.boolean(),
  /** Issue 45: listed in "Find homes to show" for the server's other agents. */
  network_listed: z.boolean().optional(),
});
export type AgentProperty = z.infer<typeof agentPropertySchema>;

/** Body of PUT /api/properties/{id}/agent: the team member the property is assigned to. */
export const propertyAssignSchema = z.object({
  agent_id: z.uuid({ error: 'Choose a member of your team' }),
});

/** Body of POST /api/properties and PUT /api/properties/{id}. */
export const propertyInputSchema = z.object({
  address: requiredText('Address is required').max(200, 'Address must be at most 200 characters'),
  city: requiredText('City is required').max(100, 'City must be at most 100 characters'),
  // US properties (decision 016): the USPS state code, upper-cased; a 5-digit ZIP or ZIP+4.
  state: requiredText('State is required').transform((state, ctx) => {
    const code = usStateCode(state);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: US_STATE_MESSAGE });
      return z.NEVER;
    }
    return code;
  }),
  zip_code: requiredText('ZIP code is required').refine(isUsZip, US_ZIP_MESSAGE),
  price: z
    .number({ error: 'Price is required' })
    .nonnegative('Price cannot be negative')
    .int('Price must be a whole number')
    .max(1_000_000_000, 'Price must be at most 1,000,000,000'),
  bedrooms: z
    .number({ error: 'Bedrooms is required' })
    .int('Bedrooms must be a whole number')
    .min(0, 'Bedrooms cannot be negative')
    .max(100, 'Bedrooms must be at most 100'),
  bathrooms: halfSteps('Bathrooms', 100),
  property_type: z.enum(PROPERTY_TYPES, { error: 'Choose a property type' }),
  images: z
    .array(imageRefSchema)
    .max(MAX_PROPERTY_IMAGES, `At most ${MAX_PROPERTY_IMAGES} images per property`)
    .default([]),
  is_public: z.boolean().default(true),
  // Issue 45: listed in "Find homes to show" for the server's other agents; absent keeps it as it is.
  network_listed: z.boolean({ error: 'Listed in Find homes to show must be true or false' }).optional(),
});
export type PropertyInput = z.input<typeof propertyInputSchema>;
export type PropertyData = z.output<typeof propertyInputSchema>;

// The domain package has no DOM or Node types, so no URL class: a scheme, a host, then no whitespace.
function isImageRef(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value);
}
