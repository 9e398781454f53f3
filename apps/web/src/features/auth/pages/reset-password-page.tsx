// Issue 41: the link from the "Choose a new password" e-mail — the new password twice (the server keeps the
// password policy: length, common passwords refused), then every session of the account has ended.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from '@/lib/router';
import type { z } from 'zod';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { resetPasswordFormSchema } from '@keyturn/domain/schemas/accountSecurity';
import { ErrorAlert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { PasswordField } from '@/components/form-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { AuthCard, textLink } from '../components/auth-card';
import { resetPassword } from '@/lib/account-security';

type ResetForm = z.infer<typeof resetPasswordFormSchema>;

export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState(false);
  const [serverError, setServerError] = useState<string | null>(
    token ? null : ACCOUNT_TEXTS.resetLinkInvalid,
  );
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setServerError(null);
    try {
      await resetPassword(token, newPassword);
      setDone(true);
    } catch (error) {
      const result = applyServerErrors(error, form.setError, ['newPassword']);
      setServerError(result.onFields ? null : result.message);
    }
  });

  return (
    <AuthCard
      title={ACCOUNT_TEXTS.resetPasswordTitle}
      intro=""
      footer={
        <Link to="/sign-in/forgot-password" className={textLink}>
          Ask for a new link
        </Link>
      }
    >
      {done ? (
        <div className="space-y-4">
          <p role="status" className="rounded-lg bg-green-50 p-4 text-sm text-green-900">
            {ACCOUNT_TEXTS.resetPasswordDone}
          </p>
          <ButtonLink to="/sign-in" className="w-full">
            Sign in
          </ButtonLink>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <PasswordField form={form} name="newPassword" label="New password" autoComplete="new-password" />
          <PasswordField
            form={form}
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
          />
          <Button type="submit" fullWidth disabled={isSubmitting || !token}>
            {isSubmitting ? 'Saving…' : ACCOUNT_TEXTS.resetPasswordSubmit}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
