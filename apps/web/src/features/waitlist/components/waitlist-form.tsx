// The waiting-list sign-up (spec §2.5, first-party instead of the spec's embedded form): validated with the
// domain schema, stored by POST /api/waitlist. A new sign-up moves on to the thank-you page after
// CLIENT_TIMINGS.waitlistRedirectMs; an e-mail already on the list is told so kindly and may go there itself.
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@/lib/router';
import type { z } from 'zod';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import {
  WAITLIST_SEGMENTS,
  WAITLIST_SEGMENT_LABELS,
  waitlistSignupSchema,
} from '@keyturn/domain/schemas/waitlist';
import type { WaitlistSignupInput } from '@keyturn/domain/schemas/waitlist';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CompanyField, EmailField, FullNameField } from '@/components/form-fields';
import { SelectField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { joinWaitlist } from '../api';
import type { WaitlistResponse } from '../api';
import { THANK_YOU_PATH } from '../content';
import { CheckIcon } from '@/components/marks';

type WaitlistSignup = z.output<typeof waitlistSignupSchema>;

/** What the thank-you page may greet the visitor with. */
export interface ThankYouState {
  name?: string;
}

const FIELDS = ['name', 'email', 'company', 'segment'] as const;

export function WaitlistForm() {
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<{ response: WaitlistResponse; name: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<WaitlistSignupInput, unknown, WaitlistSignup>({
    resolver: zodResolver(waitlistSignupSchema),
    defaultValues: { name: '', email: '', company: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: joinWaitlist });

  useEffect(() => {
    if (answer?.response.status !== 'joined') return;
    const state: ThankYouState = { name: answer.name };
    const timer = window.setTimeout(
      () => void navigate(THANK_YOU_PATH, { state }),
      CLIENT_TIMINGS.waitlistRedirectMs,
    );
    return () => window.clearTimeout(timer);
  }, [answer, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const response = await mutation.mutateAsync(values);
      setAnswer({ response, name: values.name });
    } catch (error) {
      setServerError(applyServerErrors(error, form.setError, FIELDS).message);
    }
  });

  if (answer?.response.status === 'joined') {
    return (
      <div role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-emerald-600 text-white">
          <CheckIcon className="size-7" />
        </span>
        <p className="mt-4 text-lg font-semibold text-emerald-950">{answer.response.message}</p>
        <p className="mt-1 text-sm text-emerald-900">Taking you to what happens next…</p>
      </div>
    );
  }

  if (answer?.response.status === 'already_joined') {
    return (
      <div role="status" className="rounded-2xl border border-blue-200 bg-blue-50 p-6">
        <p className="text-lg font-semibold text-blue-950">Welcome back!</p>
        <p className="mt-2 text-base text-blue-900">{answer.response.message}</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Link
            to={THANK_YOU_PATH}
            state={{ name: answer.name } satisfies ThankYouState}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-blue-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
          >
            See what happens next
          </Link>
          <Button variant="ghost" onClick={() => setAnswer(null)}>
            Use another e-mail
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {serverError ? <ErrorAlert>{serverError}</ErrorAlert> : null}
      <FullNameField form={form} name="name" />
      <EmailField form={form} name="email" />
      <CompanyField form={form} name="company" />
      <SelectField
        label="What describes you best?"
        defaultValue=""
        error={errors.segment?.message}
        {...form.register('segment')}
      >
        <option value="" disabled>
          Choose one…
        </option>
        {WAITLIST_SEGMENTS.map((segment) => (
          <option key={segment} value={segment}>
            {WAITLIST_SEGMENT_LABELS[segment]}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="lg" fullWidth disabled={isSubmitting}>
        {isSubmitting ? 'Joining…' : 'Join the waiting list'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        We only use your details to tell you about Keyturn. See our{' '}
        <Link
          to="/privacy-policy"
          className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800"
        >
          privacy policy
        </Link>
        .
      </p>
    </form>
  );
}
