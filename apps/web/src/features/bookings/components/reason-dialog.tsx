// Cancel or decline a booking, with a reason for the buyer (optional; bookingActionSchema limits its length).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BOOKING_ACTION_LABELS } from '@keyturn/domain/bookingStatus';
import { bookingActionSchema } from '@keyturn/domain/schemas/agentBooking';
import type { AgentBooking, BookingActionInput } from '@keyturn/domain/schemas/agentBooking';
import { FormDialog } from '@/components/form-dialog';
import { formatIsoDate, formatTime } from '@/components/ui/format';
import { TextAreaField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';

const FORM_ID = 'booking-reason-form';

export function ReasonDialog({
  booking,
  action,
  onClose,
  onSubmit,
}: {
  booking: AgentBooking;
  action: 'cancel' | 'decline';
  onClose: () => void;
  /** Sends the action; rejects with the server's refusal. */
  onSubmit: (input: BookingActionInput) => Promise<unknown>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BookingActionInput>({
    resolver: zodResolver(bookingActionSchema),
    defaultValues: { action, reason: '' },
  });
  const { register, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const label = BOOKING_ACTION_LABELS[action];

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit({ action, reason: values.reason?.trim() || null });
    } catch (error) {
      const result = applyServerErrors(error, setError, ['reason']);
      if (!result.onFields) setFailure(result.message);
    }
  });

  return (
    <FormDialog
      onClose={onClose}
      size="sm"
      title={action === 'cancel' ? 'Cancel this booking?' : 'Decline this request?'}
      description={`${booking.client_name} · ${formatIsoDate(booking.booking_date)} at ${formatTime(booking.booking_time)}`}
      formId={FORM_ID}
      onSubmit={submit}
      busy={isSubmitting}
      submitLabel={label}
      busyLabel="Working…"
      cancelLabel="Go back"
      variant="danger"
      failure={failure}
      formClassName="space-y-4"
    >
      <TextAreaField label="Reason" hint="Optional." error={errors.reason?.message} {...register('reason')} />
    </FormDialog>
  );
}
