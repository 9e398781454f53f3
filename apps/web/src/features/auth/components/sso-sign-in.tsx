// "Continue with your company's account (SSO)" on the sign-in page (issue 41, decision 070), offered once a
// team of this server has set SSO up (or when a refused SSO sign-in comes back): the agent types their work e-mail; when its domain has a team SSO, the browser goes to the team's provider. A sign-in the
// server refused comes back as ?ssoError=CODE and is said here in the words of packages/domain.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useSearchParams } from '@/lib/router';
import { isTeamSsoError, TEAM_SSO_ERRORS, TEAM_SSO_TEXTS } from '@keyturn/domain/teamSso';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { SOCIAL_PROVIDERS_KEY, signInOffers } from '@/lib/social-sign-in';
import { startSso } from '@/lib/team-sso';

export function SsoSignIn() {
  const [params] = useSearchParams();
  const returned = params.get('ssoError');
  const [failure, setFailure] = useState<string | null>(
    returned && isTeamSsoError(returned) ? TEAM_SSO_ERRORS[returned] : null,
  );
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { data } = useQuery({ queryKey: SOCIAL_PROVIDERS_KEY, queryFn: signInOffers, staleTime: 60_000 });

  const go = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      window.location.assign(await startSso(email.trim()));
    } catch (error) {
      const message = error instanceof ApiError ? (error.fields.email ?? error.message) : String(error);
      setFailure(message);
      setBusy(false);
    }
  };

  if (!data?.sso && !failure) return null;
  return (
    <div className="mb-6 space-y-3">
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      {open ? (
        <form noValidate onSubmit={(e) => void go(e)} className="space-y-3">
          <TextField
            label={TEAM_SSO_TEXTS.workEmailLabel}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={busy || email.trim() === ''}>
              {TEAM_SSO_TEXTS.continue}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {TEAM_SSO_TEXTS.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" variant="secondary" fullWidth onClick={() => setOpen(true)}>
          {TEAM_SSO_TEXTS.signInButton}
        </Button>
      )}
    </div>
  );
}
