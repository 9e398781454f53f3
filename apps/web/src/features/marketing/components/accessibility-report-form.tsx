// Issue 43: the accessibility statement's "report a problem" form (POST /api/accessibility-reports): validated
// with the domain's schema, the answer said where the report went and where the reply will come.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  accessibilityReportSchema,
  type AccessibilityReportInput,
} from '@keyturn/domain/schemas/accessibility';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/form-fields';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';

type Report = z.output<typeof accessibilityReportSchema>;

const sendReport = (input: Report) =>
  api.post<{ success: true; message: string }>('/accessibility-reports', input);

/**
 * The page the visitor came from on this site (their report is most likely about it), else blank: a footer link
 * inside the app passes it along (router state); a page loaded anew names it as the referrer.
 */
function cameFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from !== window.location.pathname) return from;
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin && from.pathname !== window.location.pathname
      ? `${from.pathname}${from.search}`
      : '';
  } catch {
    return '';
  }
}

export function AccessibilityReportForm() {
  const [received, setReceived] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AccessibilityReportInput, unknown, Report>({
    resolver: zodResolver(accessibilityReportSchema),
    defaultValues: { name: '', email: '', page: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: sendReport });

  const { state } = useLocation();
  useEffect(() => {
    const page = cameFrom(state);
    if (page && !form.getValues('page')) form.setValue('page', page);
  }, [form, state]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await mutation.mutateAsync(values);
      setReceived(answer.message);
      form.reset();
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, ['name', 'email', 'page', 'message']).message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-labelledby="report-title">
      <div role="status" aria-live="polite">
        {received ? (
          <p className="rounded-lg bg-emerald-50 px-4 py-3 text-base leading-7 text-emerald-900">
            {received}
          </p>
        ) : null}
      </div>
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Your name (optional)"
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <EmailField form={form} name="email" label="Your e-mail (for our answer)" />
      </div>
      <TextField
        label="Page where it happened (optional)"
        hint="Its address, or what it is called: “the booking page”, “the confirmation e-mail”."
        error={errors.page?.message}
        {...form.register('page')}
      />
      <TextAreaField
        label="What went wrong?"
        hint="What you tried to do, what happened, and the browser or assistive technology you use, if you know."
        rows={5}
        error={errors.message?.message}
        {...form.register('message')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send the report'}
      </Button>
    </form>
  );
}
