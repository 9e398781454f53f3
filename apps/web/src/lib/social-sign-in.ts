// Sign-in with Google and Microsoft (issue 41): the server's own /api/auth/social and /api/auth/sign-in-methods.
import type { SignInMethod, SocialProvider } from '@keyturn/domain/signInMethods';
import { api } from '@/lib/api';

export const SOCIAL_PROVIDERS_KEY = ['auth', 'social-providers'] as const;
export const SIGN_IN_METHODS_KEY = ['auth', 'sign-in-methods'] as const;

export type SignInMethodState = { method: SignInMethod; linked: boolean; available: boolean };

/**
 * The providers whose app the administrator has set (none: no buttons), and whether a team of this server signs
 * in with SSO (the company-account option shows only then).
 */
export const signInOffers = () =>
  api
    .get<{ providers: SocialProvider[]; sso?: boolean }>('/auth/social/providers')
    .then((r) => ({ providers: r.providers, sso: r.sso === true }));

/** The provider's page to send the browser to; `link` needs the signed-in session. */
export const startSocial = (provider: SocialProvider, intent: 'sign-in' | 'link') =>
  api.post<{ url: string }>(`/auth/social/${provider}/start`, { intent }).then((r) => r.url);

/** The one-use code the callback left in the address → the session token. */
export const finishSocial = (code: string) =>
  api.post<{ token: string }>('/auth/social/finish', { code }).then((r) => r.token);

export const signInMethods = () =>
  api.get<{ methods: SignInMethodState[] }>('/auth/sign-in-methods').then((r) => r.methods);

export const unlinkSignInMethod = (method: SocialProvider) =>
  api.post<{ success: true; message: string }>('/auth/sign-in-methods/unlink', { method });
