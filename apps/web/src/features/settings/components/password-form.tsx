// Settings → Account: change the password (current, new, new again). The server refuses the most common
// passwords and ends every other session; this browser carries on with the fresh session it answers.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@keyturn/domain/messages';
import { changePasswordFormSchema, type ChangePasswordForm } from '@keyturn/domain/schemas/auth';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/form-fields';
import { request } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { setSessionToken } from '@/lib/session-token';

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError(null);
    try {
      const { data } = await request<{ token?: string }>('POST', '/auth/change-password', {
        currentPassword,
        newPassword,
      });
      // Every session of the account ended, this one too; the answer carries its replacement.
      if (data.token) setSessionToken(data.token);
      form.reset(EMPTY);
      toast.success(MESSAGES.passwordChanged);
    } catch (error) {
      const result = applyServerErrors(error, form.setError, ['currentPassword', 'newPassword']);
      setServerError(result.onFields ? null : result.message);
    }
  });

  return (
    <section
      aria-labelledby="change-password-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="change-password-heading" className="font-semibold text-slate-900">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600">Changing it signs you out on every other device.</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-4">
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        <PasswordField
          form={form}
          name="currentPassword"
          label="Current password"
          autoComplete="current-password"
        />
        <PasswordField form={form} name="newPassword" label="New password" autoComplete="new-password" />
        <PasswordField
          form={form}
          name="confirmPassword"
          label="Confirm new password"
          autoComplete="new-password"
        />
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </section>
  );
}
