// Issue 41: "Forgot password?" — the address of the account; the answer is the same whether an account uses it
// or not (the server decides and says nothing more), and the e-mail carries a one-use link for an hour.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@/lib/router';
import type { z } from 'zod';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { forgotPasswordSchema } from '@keyturn/domain/schemas/accountSecurity';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/form-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { AuthCard, textLink } from '../components/auth-card';
import { requestPasswordReset } from '@/lib/account-security';

type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, ['email']).message);
    }
  });

  return (
    <AuthCard
      title={ACCOUNT_TEXTS.forgotPasswordTitle}
      intro={ACCOUNT_TEXTS.forgotPasswordIntro}
      footer={
        <Link to="/sign-in" className={textLink}>
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <p role="status" className="rounded-lg bg-blue-50 p-4 text-sm text-blue-900">
          {ACCOUNT_TEXTS.forgotPasswordSent}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
          <EmailField form={form} name="email" />
          <Button type="submit" fullWidth disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : ACCOUNT_TEXTS.forgotPasswordSubmit}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
