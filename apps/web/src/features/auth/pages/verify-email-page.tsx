// Issue 41: the link from "Confirm your e-mail address" (or a new address): the server checks it once and the
// page says what happened; a signed-in session learns the news at once.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '@/lib/router';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { ErrorAlert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { CenteredPage } from '@/components/centered-page';
import { SESSION_QUERY_KEY, useSession } from '@/lib/auth';
import { verifyEmail } from '@/lib/account-security';

type Outcome = { state: 'checking' } | { state: 'done' } | { state: 'failed'; message: string };

export function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const queryClient = useQueryClient();
  const session = useSession();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { state: 'checking' } : { state: 'failed', message: ACCOUNT_TEXTS.linkInvalid },
  );
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    verifyEmail(token)
      .then(async () => {
        setOutcome({ state: 'done' });
        await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      })
      .catch((error: unknown) =>
        setOutcome({
          state: 'failed',
          message: error instanceof Error ? error.message : ACCOUNT_TEXTS.linkInvalid,
        }),
      );
  }, [token, queryClient]);

  const signedIn = session.status === 'signed-in';
  return (
    <CenteredPage>
      <title>Confirm your e-mail address · Keyturn</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">E-mail address</h1>
      <div className="mt-6 space-y-4">
        {outcome.state === 'checking' ? (
          <p role="status" className="text-sm text-slate-700">
            {ACCOUNT_TEXTS.verifyingEmail}
          </p>
        ) : outcome.state === 'done' ? (
          <p role="status" className="rounded-lg bg-green-50 p-4 text-sm text-green-900">
            {ACCOUNT_TEXTS.emailVerified}
          </p>
        ) : (
          <ErrorAlert>{outcome.message}</ErrorAlert>
        )}
        {outcome.state !== 'checking' ? (
          <ButtonLink to={signedIn ? '/dashboard' : '/sign-in'} className="w-full">
            {signedIn ? 'Go to the dashboard' : 'Sign in'}
          </ButtonLink>
        ) : null}
      </div>
    </CenteredPage>
  );
}
