import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { signInSchema } from '@keyturn/domain/schemas/auth';
import type { SignInInput } from '@keyturn/domain/schemas/auth';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField, PasswordField } from '@/components/form-fields';
import { startSession } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { safeNextPath, withNext } from '@/lib/next-path';
import { AuthCard, textLink } from '../components/auth-card';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { signIn, TwoFactorRequired } from '../api';
import { TwoFactorStep } from '../components/two-factor-step';
import { SocialSignIn } from '../components/social-sign-in';
import { SsoSignIn } from '../components/sso-sign-in';
import { SocialSignInComplete } from './social-complete';

/** Sign-in (spec §2.1 /sign-in): on success the agent goes to /dashboard. */
export function SignInPage() {
  // Issue 41: a Google or Microsoft sign-in lands on /sign-in/complete.
  if (useLocation().pathname.replace(/\/$/, '') === '/sign-in/complete') return <SocialSignInComplete />;
  return <PasswordSignIn />;
}

function PasswordSignIn() {
  const navigate = useNavigate();
  // ?next= (a team invitation's page): where to continue after this screen instead of the usual place.
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  // Issue 41: the password was right and the account asks for its two-factor code next.
  const [codeStep, setCodeStep] = useState(false);
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: signIn });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { token, user } = await mutation.mutateAsync(values);
      startSession(queryClient, token, user);
      await navigate(next ?? '/dashboard');
    } catch (error) {
      if (error instanceof TwoFactorRequired) {
        setCodeStep(true);
        return;
      }
      setServerError(applyServerErrors(error, form.setError, ['email', 'password']).message);
    }
  });

  if (codeStep) {
    return (
      <TwoFactorStep
        onSignedIn={async ({ token, user }) => {
          startSession(queryClient, token, user);
          await navigate(next ?? '/dashboard');
        }}
        onRestart={(message) => {
          setCodeStep(false);
          setServerError(message);
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Sign in"
      intro="Welcome back. Sign in to manage your showings."
      footer={
        <>
          New to Keyturn?{' '}
          <Link to={next ? withNext('/sign-up', next) : '/sign-up'} className={textLink}>
            Create an account
          </Link>
        </>
      }
    >
      <SocialSignIn />
      <SsoSignIn />
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <EmailField form={form} name="email" />
        <PasswordField form={form} name="password" autoComplete="current-password" />
        <p className="-mt-2 text-right text-sm">
          <Link to="/sign-in/forgot-password" className={textLink}>
            {ACCOUNT_TEXTS.forgotPasswordLink}
          </Link>
        </p>
        <Button type="submit" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
