// Issue 43: the accessibility statement's "report a problem" form (POST /api/accessibility-reports): validated
// with the domain's schema, the answer said where the report went and where the reply will come. In the page's
// language (issue 43: the `statement` area); the schema's refusals are shown in it by field and kind.
import { useEffect, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useLocation } from '@/lib/router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ACCESSIBILITY_REPORT_LIMITS,
  accessibilityReportSchema,
  type AccessibilityReportInput,
} from '@keyturn/domain/schemas/accessibility';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { api, ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { useT, type Translate } from '@/lib/i18n';
import { STATEMENT } from '../statement-texts';

type Report = z.output<typeof accessibilityReportSchema>;
type Field = keyof AccessibilityReportInput;
type Key = NonNullable<(typeof STATEMENT)['keys']>;

/**
 * A refusal under a field in the page's language: the schema's (by field and kind: missing, too long, not an
 * e-mail address) from the catalogue; the server's as it sent it (in the language the page asked for).
 */
function errorText(t: Translate<Key>, field: Field, error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  if (error.type === 'too_big') {
    const max = ACCESSIBILITY_REPORT_LIMITS[field as keyof typeof ACCESSIBILITY_REPORT_LIMITS];
    return t('reportTooLong', { field, max: String(max ?? /\d+/.exec(error.message ?? '')?.[0] ?? '') });
  }
  if (field === 'email' && (error.type === 'too_small' || error.type === 'invalid_type'))
    return t('reportEmailRequired');
  if (field === 'email' && (error.type === 'invalid_format' || error.type === 'invalid_string'))
    return t('reportEmailInvalid');
  if (field === 'message' && (error.type === 'too_small' || error.type === 'invalid_type'))
    return t('reportMessageRequired');
  return error.message;
}

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
  const t = useT(STATEMENT);
  /** The address the answer will go to, once the report is in. */
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
      await mutation.mutateAsync(values);
      setReceived(values.email);
      form.reset();
    } catch (error) {
      const { message } = applyServerErrors(error, form.setError, ['name', 'email', 'page', 'message']);
      setServerError(error instanceof ApiError ? message : t('reportFailed'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-labelledby="report-title">
      <div role="status" aria-live="polite">
        {received ? (
          <p className="rounded-lg bg-emerald-50 px-4 py-3 text-base leading-7 text-emerald-900">
            {t('reportReceived', { email: received })}
          </p>
        ) : null}
      </div>
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('reportName')}
          autoComplete="name"
          error={errorText(t, 'name', errors.name)}
          {...form.register('name')}
        />
        <TextField
          label={t('reportEmail')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errorText(t, 'email', errors.email)}
          {...form.register('email')}
        />
      </div>
      <TextField
        label={t('reportPage')}
        hint={t('reportPageHint')}
        error={errorText(t, 'page', errors.page)}
        {...form.register('page')}
      />
      <TextAreaField
        label={t('reportMessage')}
        hint={t('reportMessageHint')}
        rows={5}
        error={errorText(t, 'message', errors.message)}
        {...form.register('message')}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('reportSending') : t('reportSend')}
      </Button>
    </form>
  );
}
