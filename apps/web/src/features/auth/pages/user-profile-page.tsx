import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import { toast } from '@/lib/toast';
import { profileUpdateSchema } from '@keyturn/domain/schemas/auth';
import type { AuthProfile, ProfileUpdateInput } from '@keyturn/domain/schemas/auth';
import { CenteredPage } from '@/components/centered-page';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PersonNameFields } from '@/components/form-fields';
import { SESSION_QUERY_KEY, useSession, userNames } from '@/lib/auth';
import type { SessionUser } from '@/lib/auth';
import { AUTH_PROFILE_QUERY_KEY, primaryEmail, updateAuthProfile, useAuthProfile } from '@/lib/auth-profile';
import { applyServerErrors } from '@/lib/form-errors';
import { textLink } from '../components/auth-card';

/** The account page (spec §2.1 /user-profile): who is signed in, and their name, editable. */
export function UserProfilePage() {
  const session = useSession();
  const profile = useAuthProfile(session.status === 'signed-in');

  return (
    <CenteredPage>
      <title>Your account · Keyturn</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your account</h1>
      {session.status === 'loading' || (session.status === 'signed-in' && profile.isPending) ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : session.status === 'signed-out' ? (
        <p className="mt-3 text-sm text-slate-600">
          You are not signed in.{' '}
          <Link to="/sign-in" className={textLink}>
            Sign in
          </Link>{' '}
          to see your account.
        </p>
      ) : (
        <AccountDetails user={session.user} profile={profile.data} />
      )}
    </CenteredPage>
  );
}

function AccountDetails({ user, profile }: { user: SessionUser; profile: AuthProfile | undefined }) {
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const names = profile ?? userNames(user);
  const email = primaryEmail(profile) ?? user.email;
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { firstName: names.firstName, lastName: names.lastName },
  });
  const { isSubmitting, isDirty } = form.formState;
  const mutation = useMutation({ mutationFn: updateAuthProfile });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await mutation.mutateAsync(values);
      form.reset(values);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUTH_PROFILE_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]);
      toast.success('Your name is saved.');
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, ['firstName', 'lastName']).message);
    }
  });

  return (
    <>
      <dl className="mt-6 space-y-3 rounded-xl bg-slate-50 p-4 text-sm">
        <div>
          <dt className="font-medium text-slate-500">Name</dt>
          <dd className="mt-0.5 text-slate-900">
            {`${names.firstName} ${names.lastName}`.trim() || user.name}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-500">Email</dt>
          <dd className="mt-0.5 break-all text-slate-900">{email}</dd>
        </div>
      </dl>

      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <h2 className="text-base font-semibold text-slate-900">Change your name</h2>
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <PersonNameFields form={form} />
        <Button type="submit" fullWidth disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save name'}
        </Button>
      </form>

      <p className="mt-6 border-t border-slate-100 pt-6 text-center text-sm">
        <Link to="/dashboard" className={textLink}>
          Back to the dashboard
        </Link>
      </p>
    </>
  );
}
