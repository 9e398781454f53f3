// /sign-in/complete#code=… (issue 41): where a Google or Microsoft sign-in lands. The one-use code in the
// address's fragment (never sent to a server by the browser) is exchanged for the session, which then starts
// like a password sign-in's.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@/lib/router';
import { SIGN_IN_METHOD_TEXTS, SOCIAL_SIGN_IN_ERRORS } from '@keyturn/domain/signInMethods';
import { ErrorAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { fetchSession, startSession } from '@/lib/auth';
import { setSessionToken } from '@/lib/session-token';
import { AuthCard, textLink } from '../components/auth-card';
import { finishSocial } from '@/lib/social-sign-in';

export function SocialSignInComplete() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    // The code is spent either way: it leaves the address (and the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    void (async () => {
      try {
        if (!code) throw new Error(SOCIAL_SIGN_IN_ERRORS.SIGN_IN_EXPIRED);
        const token = await finishSocial(code);
        setSessionToken(token);
        const session = await fetchSession();
        if (!session) throw new Error(SOCIAL_SIGN_IN_ERRORS.SIGN_IN_EXPIRED);
        startSession(queryClient, token, session.user);
        await navigate('/dashboard', { replace: true });
      } catch (error) {
        setFailure(error instanceof Error ? error.message : SOCIAL_SIGN_IN_ERRORS.SIGN_IN_EXPIRED);
      }
    })();
  }, [navigate, queryClient]);

  return (
    <AuthCard
      title="Sign in"
      intro={SIGN_IN_METHOD_TEXTS.finishing}
      footer={
        <Link to="/sign-in" className={textLink}>
          Back to sign in
        </Link>
      }
    >
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : <Spinner label={SIGN_IN_METHOD_TEXTS.finishing} />}
    </AuthCard>
  );
}
