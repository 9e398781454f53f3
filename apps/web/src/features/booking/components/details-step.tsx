// Step 4 (spec §2.4 "Details", §5): what is being booked, and the buyer's details. The form itself lives in
// the booking flow so its values survive a trip back to the calendar (e.g. after a 409).
import type { UseFormReturn } from 'react-hook-form';
import { BUDGET_RANGES, BUYER_TYPES, BUYER_TYPE_LABELS, INCOME_RANGES } from '@keyturn/domain/enums';
import { budgetRangeLabel, incomeRangeLabel } from '@keyturn/domain/enums';
import type { BookingDetailsForm, BookingDetailsFormInput } from '@keyturn/domain/schemas/booking';
import { SelectField, TextAreaField, TextField } from '@/components/ui/text-field';
import { SpinnerCircle } from '@/components/ui/spinner';
import { BrandButton } from './brand-button';
import { StepHeading } from './step-heading';
import { BookingSummary } from './booking-summary';
import type { SummaryRow } from './booking-summary';

export type DetailsForm = UseFormReturn<BookingDetailsFormInput, unknown, BookingDetailsForm>;

interface DetailsStepProps {
  form: DetailsForm;
  summary: SummaryRow[];
  reschedule: boolean;
  submitting: boolean;
  onSubmit: () => void;
}

export function DetailsStep({ form, summary, reschedule, submitting, onSubmit }: DetailsStepProps) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div>
      <StepHeading title="Enter Your Details" />
      <BookingSummary rows={summary} />

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="mt-6 grid gap-4 sm:grid-cols-2"
      >
        <TextField
          className="sm:col-span-2"
          label="Full name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <SelectField
          className="sm:col-span-2"
          label="Buyer type"
          error={errors.buyerType?.message}
          {...register('buyerType')}
        >
          <option value="">Select buyer type</option>
          {BUYER_TYPES.map((type) => (
            <option key={type} value={type}>
              {BUYER_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Budget range" error={errors.budgetRange?.message} {...register('budgetRange')}>
          <option value="">Select budget range (optional)</option>
          {BUDGET_RANGES.map((range) => (
            <option key={range} value={range}>
              {budgetRangeLabel(range)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Income range" error={errors.incomeRange?.message} {...register('incomeRange')}>
          <option value="">Select income range (optional)</option>
          {INCOME_RANGES.map((range) => (
            <option key={range} value={range}>
              {incomeRangeLabel(range)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          className="sm:col-span-2"
          label="Additional notes"
          placeholder="Anything the agent should know (optional)"
          error={errors.notes?.message}
          {...register('notes')}
        />
        {reschedule ? (
          <TextAreaField
            className="sm:col-span-2"
            label="Reason for rescheduling"
            error={errors.rescheduleReason?.message}
            {...register('rescheduleReason')}
          />
        ) : null}
        <div className="sm:col-span-2">
          <BrandButton type="submit" fullWidth disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? <SpinnerCircle size="sm" /> : null}
            {reschedule ? 'Confirm Reschedule' : 'Confirm Booking'}
          </BrandButton>
        </div>
      </form>
    </div>
  );
}
