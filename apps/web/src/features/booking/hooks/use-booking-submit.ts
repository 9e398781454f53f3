// The booking page's submit (spec §8), as the page holds it: whether a submit is under way and the team member a
// consultation went to. The work itself — the request, its retry, the answer and its failures — is in
// booking-submit.ts, which loads when the buyer submits (and is warmed by the details step): not on the first
// load (issue 43: the booking page makes room for its texts within its budget).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BookingDetailsForm } from '@keyturn/domain/schemas/booking';
import { MESSAGES } from '@keyturn/domain/messages';
import { useLocale, useTranslate } from '@/lib/i18n';
import { toast } from '@/lib/toast';

/** The submit's work (booking-submit.ts): loaded once, when the details step shows or the buyer submits. */
export const loadSubmit = () => import('./booking-submit');

export type { BookingSubmitInput } from './booking-submit-input';
import type { BookingSubmitInput } from './booking-submit-input';

export function useBookingSubmit(input: BookingSubmitInput) {
  const queryClient = useQueryClient();
  // Issue 43: the booking is made in the page's language (its e-mails and texts follow it).
  const { locale } = useLocale();
  const tr = useTranslate();
  const [submitting, setSubmitting] = useState(false);
  const [assignedAgent, setAssignedAgent] = useState<string | null>(null);

  async function submit(values: BookingDetailsForm): Promise<Record<string, string>> {
    setSubmitting(true);
    try {
      const work = await loadSubmit().catch(() => null);
      if (!work) {
        const id = input.setup.reschedule ? 'details.rescheduleFailed' : 'details.submitFailed';
        const text = tr(id);
        const english = input.setup.reschedule ? MESSAGES.rescheduleFailed : MESSAGES.bookingSubmitFailed;
        toast.error(text === id ? english : text);
        return {};
      }
      return await work.submitBooking({ ...input, queryClient, locale, tr, setAssignedAgent }, values);
    } finally {
      setSubmitting(false);
    }
  }

  return { submit, submitting, assignedAgent };
}
