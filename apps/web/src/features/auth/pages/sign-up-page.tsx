import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from '@/lib/router';
import { PASSWORD_MIN_LENGTH } from '@keyturn/domain/constants';
import { signUpSchema } from '@keyturn/domain/schemas/auth';
import type { SignUpInput } from '@keyturn/domain/schemas/auth';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField, PasswordField, PersonNameFields } from '@/components/form-fields';
import { startSession } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { safeNextPath, withNext } from '@/lib/next-path';
import { AuthCard, textLink } from '../components/auth-card';
import { SocialSignIn } from '../components/social-sign-in';
import { signUp } from '../api';

/** Sign-up (spec §2.1 /sign-up): on success the new agent goes to /profile to set up their profile. */
export function SignUpPage() {
  const navigate = useNavigate();
  // ?next= (a team invitation's page): where to continue after this screen instead of the usual place.
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { isSubmitting } = form.formState;
  // Not retried: if the first attempt did create the account, a second would only answer "already exists".
  const mutation = useMutation({ mutationFn: signUp, retry: false });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { token, user } = await mutation.mutateAsync(values);
      startSession(queryClient, token, user);
      await navigate(next ?? '/profile');
    } catch (error) {
      setServerError(
        applyServerErrors(error, form.setError, ['firstName', 'lastName', 'email', 'password']).message,
      );
    }
  });

  return (
    <AuthCard
      title="Create your account"
      intro="Start scheduling showings with your own booking page."
      footer={
        <>
          Already have an account?{' '}
          <Link to={next ? withNext('/sign-in', next) : '/sign-in'} className={textLink}>
            Sign in
          </Link>
        </>
      }
    >
      <SocialSignIn />
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <PersonNameFields form={form} />
        <EmailField form={form} name="email" />
        <PasswordField
          form={form}
          name="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <Button type="submit" fullWidth disabled={isSubmitting}>
          {isSubmitting ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
