// The agent books a buyer in (POST /api/bookings, agentBookingCreateSchema): a property or a consultation,
// one of their free times from today on — or a typed time for a showing arranged by phone or already held
// (the server saves one that has started as completed and refuses a time another booking holds) — the
// buyer's contact and answers.
import { CONSULTATION_PURPOSES, PROPERTY_PURPOSES } from '@keyturn/domain/enums';
import { planAllows } from '@keyturn/domain/planGates';
import { MESSAGES } from '@keyturn/domain/messages';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { agentBookingCreateSchema } from '@keyturn/domain/schemas/agentBooking';
import type { AgentBooking, AgentBookingCreateInput } from '@keyturn/domain/schemas/agentBooking';
import type { Property } from '@keyturn/domain/schemas/property';
import { FormDialog } from '@/components/form-dialog';
import { ButtonLink } from '@/components/ui/button';
import { usePlan } from '@/lib/plan';
import { SelectField, TextAreaField, TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateBooking } from '../hooks/use-bookings';
import { BudgetRangeSelect, PropertyOptions, propertyIdValue } from './buyer-fields';
import { BuyerTypeOptions, IncomeOptions, PurposeOptions } from './buyer-select-options';
import { SlotPicker } from './slot-picker';

type Values = z.output<typeof agentBookingCreateSchema>;

const FIELDS = [
  'property_id',
  'client_name',
  'client_email',
  'client_phone',
  'buyer_type',
  'budget_min',
  'budget_max',
  'income_range',
  'booking_purpose',
  'custom_purpose',
  'booking_date',
  'booking_time',
  'message',
] as const;
const FORM_ID = 'new-booking-form';

const blankToNull = (value: unknown) => (value === '' ? null : value);

export function NewBookingDialog({
  timeZone,
  today,
  properties,
  onClose,
  onCreated,
}: {
  /** The agent's zone: the times' zone, named next to them. */
  timeZone: string | undefined;
  /** The agent-zone date of today: the default date, and where past dates begin. */
  today: string | undefined;
  properties: readonly Property[];
  onClose: () => void;
  onCreated: (booking: AgentBooking) => void;
}) {
  const create = useCreateBooking();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AgentBookingCreateInput, unknown, Values>({
    resolver: zodResolver(agentBookingCreateSchema),
    defaultValues: {
      property_id: null,
      booking_purpose: 'property_viewing',
      booking_date: today ?? '',
      booking_time: '',
      budget_min: null,
      budget_max: null,
      income_range: '',
    },
  });
  const { control, register, setValue, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const [propertyId, purpose, date, time, budgetMin, budgetMax] = useWatch({
    control,
    name: ['property_id', 'booking_purpose', 'booking_date', 'booking_time', 'budget_min', 'budget_max'],
  });
  // Without a property it is a consultation: no "Property Viewing" nor "Open House" (issue 29). Choosing a
  // property brings the viewing back unless the agent picked a purpose themselves.
  const consultation = propertyId == null;
  useEffect(() => {
    const current = form.getValues('booking_purpose');
    if (consultation && PROPERTY_PURPOSES.includes(current))
      setValue('booking_purpose', CONSULTATION_PURPOSES[0]!);
    if (!consultation && !form.getFieldState('booking_purpose').isDirty)
      setValue('booking_purpose', 'property_viewing');
  }, [consultation, form, setValue]);
  // Opened before the agent's profile has loaded (a slow phone, a busy server), the dialog has no "today" yet:
  // the date fills in when it arrives, unless the agent has typed one meanwhile.
  useEffect(() => {
    if (today && !form.getValues('booking_date')) setValue('booking_date', today);
  }, [today, form, setValue]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const booking = await create.mutateAsync(values);
      toast.success('Booking created.');
      onCreated(booking);
    } catch (error) {
      const result = applyServerErrors(error, setError, FIELDS);
      if (!result.onFields) setFailure(result.message);
    }
  });

  return (
    <FormDialog
      onClose={onClose}
      title="New booking"
      description="Book a buyer into a free time, or record a showing you arranged by phone."
      size="lg"
      formId={FORM_ID}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel="Create booking"
      busyLabel="Booking…"
      failure={failure}
    >
      <PlanTourLink date={date} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Property"
          error={errors.property_id?.message}
          {...register('property_id', propertyIdValue)}
        >
          <PropertyOptions properties={properties} none="No property (consultation)" />
        </SelectField>
        <SelectField label="Purpose" error={errors.booking_purpose?.message} {...register('booking_purpose')}>
          <PurposeOptions purposes={consultation ? CONSULTATION_PURPOSES : undefined} />
        </SelectField>
      </div>
      {purpose === 'custom' ? (
        <TextField
          label="Custom purpose"
          placeholder={MESSAGES.customPurposePlaceholder}
          error={errors.custom_purpose?.message}
          {...register('custom_purpose')}
        />
      ) : null}
      <SlotPicker
        agentId={null}
        typed={today && timeZone ? { today, timeZone } : undefined}
        date={date}
        onDateChange={(next) => setValue('booking_date', next)}
        time={time}
        onTimeChange={(next) =>
          setValue('booking_time', next, { shouldValidate: form.formState.isSubmitted })
        }
        dateError={errors.booking_date?.message}
        timeError={errors.booking_time?.message}
      />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Buyer</legend>
        <TextField
          label="Full name"
          autoComplete="off"
          error={errors.client_name?.message}
          {...register('client_name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.client_email?.message}
            {...register('client_email')}
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="off"
            error={errors.client_phone?.message}
            {...register('client_phone')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Buyer type"
            error={errors.buyer_type?.message}
            defaultValue=""
            {...register('buyer_type')}
          >
            <option value="" disabled>
              Choose…
            </option>
            <BuyerTypeOptions />
          </SelectField>
          <BudgetRangeSelect
            min={budgetMin}
            max={budgetMax}
            error={errors.budget_max?.message}
            onChange={(bounds) => {
              setValue('budget_min', bounds.budget_min);
              setValue('budget_max', bounds.budget_max);
            }}
          />
          <SelectField
            label="Income range"
            error={errors.income_range?.message}
            {...register('income_range', { setValueAs: blankToNull })}
          >
            <option value="">Not given</option>
            <IncomeOptions />
          </SelectField>
        </div>
        <TextAreaField label="Notes" error={errors.message?.message} {...register('message')} />
      </fieldset>
    </FormDialog>
  );
}

/**
 * Several properties for one buyer (issue 16): a buyer tour on My day for the date chosen here, in the order that
 * drives least and booked from one link. Professional (the server refuses tours below it); nothing shown on Basic.
 */
function PlanTourLink({ date }: { date: string | undefined }) {
  const { plan } = usePlan(true);
  if (!planAllows(plan, 'routeOptimisation')) return null;
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      Several properties for one buyer?
      <ButtonLink to={`/dashboard/day${query}`} variant="secondary" size="sm">
        Plan a tour
      </ButtonLink>
    </p>
  );
}
