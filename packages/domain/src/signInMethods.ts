// Sign-in with Google or Microsoft (issue 41): the providers, their names, and every sentence the sign-in
// pages, Settings → Account and the API say about them, written once. A failed sign-in comes back to the
// page as one of SOCIAL_SIGN_IN_ERRORS (a code in the address, never a free text).
import { OAUTH_PROVIDERS, type OAuthProvider } from './schemas/integrations';

export const SOCIAL_PROVIDERS = OAUTH_PROVIDERS;
export type SocialProvider = OAuthProvider;

/** The name on the buttons and in the messages. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
};

/** The sign-in methods an account can have; `password` is better-auth's `credential` account. */
export type SignInMethod = 'password' | SocialProvider;

export const SOCIAL_SIGN_IN_ERRORS = {
  /** The server has no app for the provider (the administrator has not set it up). */
  PROVIDER_NOT_OFFERED: 'Sign-in with this provider is not switched on for this server.',
  /** Unknown, used or expired state, or a state from another browser: nothing was signed in. */
  SIGN_IN_EXPIRED: 'This sign-in link is no longer valid. Start again from the sign-in page.',
  /** The provider refused, or its answer failed a check (issuer, audience, nonce): nothing was signed in. */
  PROVIDER_REFUSED: 'The provider did not confirm who you are, so you were not signed in. Please try again.',
  /** The provider could not be reached. */
  PROVIDER_UNAVAILABLE: 'The provider could not be reached. Please try again in a few minutes.',
  /** An account with the address exists, and one side has not verified the address: no automatic link. */
  LINK_NEEDS_VERIFIED_EMAIL:
    'A Keyturn account already uses this e-mail address. Sign in with your password, verify your e-mail address, then link the provider in Settings → Account.',
  /** Linking from Settings: the provider account's address is not verified by the provider. */
  PROVIDER_EMAIL_NOT_VERIFIED:
    'The provider has not verified the e-mail address of that account, so it cannot be linked.',
  /** Linking from Settings: our account's address is not verified yet. */
  ACCOUNT_EMAIL_NOT_VERIFIED: 'Verify your e-mail address before you link another way to sign in.',
  /** The provider account already signs in to another Keyturn account. */
  LINKED_ELSEWHERE: 'That account is already linked to another Keyturn account.',
  /** The provider answered without an e-mail address. */
  NO_EMAIL: 'The provider did not share an e-mail address, so no account could be opened.',
  /** Two-factor is on for the account: only the password and a code sign it in (issue 41). */
  TWO_FACTOR_REQUIRED:
    'Two-factor sign-in is on for this account: sign in with your password and your authenticator code.',
} as const;
export type SocialSignInError = keyof typeof SOCIAL_SIGN_IN_ERRORS;

export const SIGN_IN_METHOD_TEXTS = {
  continueWith: (provider: SocialProvider) => `Continue with ${SOCIAL_PROVIDER_NAMES[provider]}`,
  or: 'or',
  sectionTitle: 'Sign-in methods',
  sectionDescription: 'The ways you can sign in to Keyturn.',
  password: 'Password',
  link: (provider: SocialProvider) => `Link ${SOCIAL_PROVIDER_NAMES[provider]}`,
  /** A row's state: a provider is linked or not; the password is set or not. */
  state: (method: SignInMethod, on: boolean) =>
    method === 'password' ? (on ? 'Set' : 'Not set') : on ? 'Linked' : 'Not linked',
  unlink: 'Unlink',
  linked: (provider: SocialProvider) => `${SOCIAL_PROVIDER_NAMES[provider]} is now linked to your account.`,
  unlinked: (provider: SocialProvider) =>
    `${SOCIAL_PROVIDER_NAMES[provider]} was unlinked. You can no longer sign in with it.`,
  /** Refusal: removing the only way in would lock the agent out. */
  lastMethod: 'This is your only way to sign in. Link another one before you remove it.',
  notLinked: 'This sign-in method is not linked to your account.',
  finishing: 'Signing you in…',
  /** The sign-in redirect address on Server settings, beside the calendar one. */
  redirectLabel: (provider: SocialProvider) => `${SOCIAL_PROVIDER_NAMES[provider]} sign-in redirect address`,
  redirectIntro: (provider: SocialProvider) =>
    `The same app lets agents sign in with ${SOCIAL_PROVIDER_NAMES[provider]} once this second redirect address is registered too:`,
} as const;

export const isSocialSignInError = (code: string): code is SocialSignInError =>
  Object.prototype.hasOwnProperty.call(SOCIAL_SIGN_IN_ERRORS, code);
