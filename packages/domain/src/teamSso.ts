// SSO for Enterprise teams (issue 41, decision 070): a team owner sets the team's OpenID Connect provider
// (issuer, client id, client secret) and the team's e-mail domain; people of that domain sign in through it and
// join the team as members on their first sign-in. The request schemas, the errors a refused SSO sign-in comes
// back with (?ssoError=CODE, never a free text) and every sentence the pages and the API say about it.
import { z } from 'zod';

/** A domain name as people type it after the @ (lower-cased): labels of letters, digits and hyphens. */
const DOMAIN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const TEAM_SSO_TEXTS = {
  title: 'Single sign-on (SSO)',
  intro:
    "People of your company's e-mail domain sign in with your company's OpenID Connect provider and join this team as members on their first sign-in, while a seat is free. Owners keep their password.",
  issuerLabel: 'Issuer address',
  issuerHint: 'The address your provider calls its issuer, e.g. https://login.example.com',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  secretSet: 'A client secret is saved. Leave the field empty to keep it.',
  secretNotSet: 'No client secret is saved yet.',
  // Not "E-mail …": the Team page's invitation field is "E-mail", and a label must name one field.
  domainLabel: 'Company domain',
  domainHint: 'The part after the @ in your agents’ work addresses, e.g. example.com',
  redirectLabel: 'Redirect address to register at your provider',
  save: 'Save SSO settings',
  saved: 'SSO settings saved.',
  check: 'Check',
  checking: 'Checking…',
  remove: 'Remove SSO',
  removed: 'SSO was switched off. Everyone stays in the team.',
  checkFound: (found: { issuer: string; authorizationEndpoint: string; tokenEndpoint: string }) =>
    `Found the provider ${found.issuer}: sign-in at ${found.authorizationEndpoint}, tokens at ${found.tokenEndpoint}.`,
  onlyOwners: 'Only the team’s owners can set up SSO.',
  // The sign-in page.
  signInButton: "Continue with your company's account (SSO)",
  workEmailLabel: 'Work e-mail',
  continue: 'Continue',
  cancel: 'Cancel',
} as const;

export const TEAM_SSO_MESSAGES = {
  issuerInvalid: 'Enter the issuer as an https address (http only for 127.0.0.1 or localhost).',
  clientIdRequired: 'Enter the client ID.',
  secretRequired: 'Enter the client secret.',
  domainInvalid: 'Enter a domain like example.com.',
  domainTaken: 'Another team already uses this e-mail domain for SSO.',
  notEnterprise: 'SSO is part of the Enterprise plan: an owner of this team must be on Enterprise.',
  noSsoForDomain: 'No team signs in with SSO for this e-mail domain. Sign in with your password instead.',
  discoveryFailed: (reason: string) => `The provider's settings could not be read: ${reason}`,
  ssoRequired:
    'Your team signs in through its company account: use "Continue with your company\'s account (SSO)".',
} as const;

export const TEAM_SSO_ERRORS = {
  /** Unknown, used or expired state, or a state from another browser: nothing was signed in. */
  SIGN_IN_EXPIRED: 'This sign-in link is no longer valid. Start again from the sign-in page.',
  /** The team removed its SSO settings while the person was at the provider. */
  SSO_NOT_SET_UP: 'Your team does not sign in with SSO any more. Sign in with your password instead.',
  /** The provider refused, or its answer failed a check (issuer, audience, state, nonce). */
  PROVIDER_REFUSED:
    "Your company's provider did not confirm who you are, so you were not signed in. Please try again.",
  PROVIDER_UNAVAILABLE: "Your company's provider could not be reached. Please try again in a few minutes.",
  /** The ID token's address is missing, unverified, or of another domain than the team's. */
  EMAIL_NOT_VERIFIED:
    "Your company's provider did not vouch for a work e-mail address of your team's domain, so you were not signed in.",
  /** A Keyturn account with the address exists and has not verified it: no automatic link. */
  LINK_NEEDS_VERIFIED_EMAIL:
    'A Keyturn account already uses this e-mail address and has not verified it. Sign in with your password and verify your e-mail address first.',
  /** Every seat of the team is taken: nobody was added, no account was made. */
  SEAT_LIMIT_REACHED:
    'Your team has no free seat, so you could not join it. Ask an owner of your team to add a seat.',
  /** The person is already in another team (one team per person). */
  IN_ANOTHER_TEAM: 'You are already in another Keyturn team. Leave it before you join this one with SSO.',
  /** The team's owners are no longer on Enterprise. */
  NOT_ENTERPRISE: 'Your team’s plan no longer includes SSO. Ask an owner of your team.',
  /** Two-factor is on for the account: only the password and a code sign it in. */
  TWO_FACTOR_REQUIRED:
    'Two-factor sign-in is on for this account: sign in with your password and your authenticator code.',
} as const;
export type TeamSsoError = keyof typeof TEAM_SSO_ERRORS;

export const isTeamSsoError = (code: string): code is TeamSsoError =>
  Object.prototype.hasOwnProperty.call(TEAM_SSO_ERRORS, code);

const HTTPS_ISSUER = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s?#]*)?$/i;
const LOOPBACK_ISSUER = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?(\/[^\s?#]*)?$/i;

/** https, or http only for a provider on this machine; no query, fragment or credentials (OpenID Connect). */
export const issuerAllowed = (value: string): boolean =>
  HTTPS_ISSUER.test(value) || LOOPBACK_ISSUER.test(value);

const issuerSchema = z
  .string()
  .trim()
  .max(500, { error: TEAM_SSO_MESSAGES.issuerInvalid })
  .refine(issuerAllowed, { error: TEAM_SSO_MESSAGES.issuerInvalid });

export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DOMAIN, { error: TEAM_SSO_MESSAGES.domainInvalid });

/** PUT /api/team/sso: the secret may be left out when one is saved already (it is never sent back). */
export const teamSsoInputSchema = z
  .object({
    issuer: issuerSchema,
    client_id: z.string().trim().min(1, { error: TEAM_SSO_MESSAGES.clientIdRequired }).max(300),
    client_secret: z.string().max(2000).optional(),
    email_domain: emailDomainSchema,
  })
  .strict();
export type TeamSsoInput = z.infer<typeof teamSsoInputSchema>;

/** GET /api/team/sso: the settings without the secret, and the address to register at the provider. */
export const teamSsoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  client_secret_set: z.boolean(),
  email_domain: z.string().nullable(),
  redirect_uri: z.string(),
});
export type TeamSsoSettings = z.infer<typeof teamSsoSettingsSchema>;

export const teamSsoCheckInputSchema = z.object({ issuer: issuerSchema }).strict();
export const teamSsoCheckSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  message: z.string(),
});
export type TeamSsoCheck = z.infer<typeof teamSsoCheckSchema>;

/** POST /api/auth/sso/start: the agent's work address; its domain picks the team. */
export const ssoStartInputSchema = z.object({ email: z.email().max(320) }).strict();

/** The domain of an address, lower-cased ("" when it has none). */
export const domainOfEmail = (email: string): string => email.trim().toLowerCase().split('@')[1] ?? '';
