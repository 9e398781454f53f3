// Issue 41: Settings → Account's e-mail address — a new address replaces the current one only once the link
// sent to it is opened; until then the current one keeps signing in.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { changeEmailSchema } from '@keyturn/domain/schemas/accountSecurity';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/form-fields';
import { useSession } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { changeEmail } from '@/lib/account-security';

type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export function ChangeEmailSection() {
  const session = useSession();
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    setServerError(null);
    setSent(null);
    try {
      await changeEmail(newEmail);
      setSent(ACCOUNT_TEXTS.changeEmailSent(newEmail));
      form.reset({ newEmail: '' });
    } catch (error) {
      const result = applyServerErrors(error, form.setError, ['newEmail']);
      setServerError(result.onFields ? null : result.message);
    }
  });

  return (
    <section
      aria-labelledby="change-email-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="change-email-heading" className="font-semibold text-slate-900">
        {ACCOUNT_TEXTS.changeEmailTitle}
      </h2>
      {session.user ? <p className="mt-1 text-sm text-slate-600">{session.user.email}</p> : null}
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-md space-y-4">
        {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
        {sent ? (
          <p role="status" className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
            {sent}
          </p>
        ) : null}
        <EmailField form={form} name="newEmail" label={ACCOUNT_TEXTS.changeEmailLabel} />
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {ACCOUNT_TEXTS.changeEmailSubmit}
        </Button>
      </form>
    </section>
  );
}
