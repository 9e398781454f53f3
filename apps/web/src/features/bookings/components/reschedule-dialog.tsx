// Move a booking to another free time: a date, the agent's free times on it, and the reason the buyer is
// told (required, agentRescheduleSchema). The server answers with the new booking, which the details then show.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { MESSAGES } from '@keyturn/domain/messages';
import { agentRescheduleSchema } from '@keyturn/domain/schemas/agentBooking';
import type { AgentBooking, AgentRescheduleInput } from '@keyturn/domain/schemas/agentBooking';
import { FormDialog } from '@/components/form-dialog';
import { formatIsoDate, formatTime } from '@/components/ui/format';
import { TextAreaField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useRescheduleBooking } from '../hooks/use-bookings';
import { SlotPicker } from './slot-picker';

const FIELDS = ['booking_date', 'booking_time', 'reschedule_reason'] as const;
const FORM_ID = 'reschedule-form';

export function RescheduleDialog({
  booking,
  agentId,
  today,
  onClose,
  onRescheduled,
}: {
  booking: AgentBooking;
  agentId: string | null;
  /** Today in the agent's time zone (yyyy-MM-dd), the earliest date offered. */
  today: string | undefined;
  onClose: () => void;
  onRescheduled: (booking: AgentBooking) => void;
}) {
  const reschedule = useRescheduleBooking(booking.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AgentRescheduleInput>({
    resolver: zodResolver(agentRescheduleSchema),
    defaultValues: { booking_date: booking.booking_date, booking_time: '', reschedule_reason: '' },
  });
  const { control, register, setValue, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const [date, time] = useWatch({ control, name: ['booking_date', 'booking_time'] });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const moved = await reschedule.mutateAsync(values);
      toast.success(MESSAGES.bookingRescheduled);
      onRescheduled(moved);
    } catch (error) {
      const result = applyServerErrors(error, setError, FIELDS);
      if (!result.onFields) setFailure(result.message || MESSAGES.rescheduleFailed);
    }
  });

  return (
    <FormDialog
      onClose={onClose}
      title="Reschedule booking"
      description={`${booking.client_name} · now ${formatIsoDate(booking.booking_date)} at ${formatTime(booking.booking_time)}`}
      formId={FORM_ID}
      onSubmit={onSubmit}
      busy={isSubmitting}
      disabled={!time}
      submitLabel="Reschedule"
      busyLabel="Rescheduling…"
      failure={failure}
    >
      <SlotPicker
        agentId={agentId}
        date={date}
        minDate={today}
        onDateChange={(next) => setValue('booking_date', next, { shouldValidate: true })}
        time={time}
        onTimeChange={(next) => setValue('booking_time', next)}
        dateError={errors.booking_date?.message}
        timeError={errors.booking_time?.message}
        timeHint={time ? undefined : 'Pick one of the free times.'}
      />
      <TextAreaField
        label="Reason for rescheduling"
        error={errors.reschedule_reason?.message}
        {...register('reschedule_reason')}
      />
    </FormDialog>
  );
}
