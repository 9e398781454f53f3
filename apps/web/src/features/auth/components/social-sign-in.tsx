// "Continue with Google / Microsoft" on the sign-in and sign-up pages (issue 41): shown only for the providers
// whose app the administrator has set; a sign-in the server refused comes back as ?socialError=CODE and is
// said here in the words of packages/domain.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import {
  isSocialSignInError,
  SIGN_IN_METHOD_TEXTS,
  SOCIAL_SIGN_IN_ERRORS,
  type SocialProvider,
} from '@keyturn/domain/signInMethods';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SOCIAL_PROVIDERS_KEY, signInOffers, startSocial } from '@/lib/social-sign-in';

export function SocialSignIn() {
  const [params] = useSearchParams();
  const returned = params.get('socialError');
  const [failure, setFailure] = useState<string | null>(
    returned && isSocialSignInError(returned) ? SOCIAL_SIGN_IN_ERRORS[returned] : null,
  );
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const { data } = useQuery({ queryKey: SOCIAL_PROVIDERS_KEY, queryFn: signInOffers, staleTime: 60_000 });
  const providers = data?.providers ?? [];

  const go = async (provider: SocialProvider) => {
    setBusy(provider);
    setFailure(null);
    try {
      window.location.assign(await startSocial(provider, 'sign-in'));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : SOCIAL_SIGN_IN_ERRORS.PROVIDER_UNAVAILABLE);
      setBusy(null);
    }
  };

  if (providers.length === 0 && !failure) return null;
  return (
    <div className="mb-6 space-y-3">
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      {providers.map((provider) => (
        <Button
          key={provider}
          type="button"
          variant="secondary"
          fullWidth
          disabled={busy !== null}
          onClick={() => void go(provider)}
        >
          {SIGN_IN_METHOD_TEXTS.continueWith(provider)}
        </Button>
      ))}
      {providers.length > 0 ? (
        <p className="flex items-center gap-3 text-xs tracking-wide text-slate-500 uppercase">
          <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
          {SIGN_IN_METHOD_TEXTS.or}
          <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        </p>
      ) : null}
    </div>
  );
}
