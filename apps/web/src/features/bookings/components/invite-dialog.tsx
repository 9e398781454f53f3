// "Invite a buyer": a booking link that opens the booking page already filled in with what the agent knows
// (the spec §3 prefill), created with POST /api/booking-links and shown ready to copy.
import { MESSAGES } from '@keyturn/domain/messages';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { bookingLinkCreateSchema } from '@keyturn/domain/schemas/agentBooking';
import type { BookingLink, BookingLinkCreateInput } from '@keyturn/domain/schemas/agentBooking';
import type { Prefill } from '@keyturn/domain/schemas/prefill';
import type { Property } from '@keyturn/domain/schemas/property';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { FormDialog } from '@/components/form-dialog';
import { SelectField, TextAreaField, TextField } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useCreateBookingLink } from '../hooks/use-bookings';
import { BudgetRangeSelect, PropertyOptions, propertyIdValue } from './buyer-fields';
import { BuyerTypeOptions, IncomeOptions, PurposeOptions } from './buyer-select-options';

type Values = z.output<typeof bookingLinkCreateSchema>;

const FORM_ID = 'invite-form';
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export function InviteDialog({
  properties,
  onClose,
}: {
  properties: readonly Property[];
  onClose: () => void;
}) {
  const [created, setCreated] = useState<BookingLink | null>(null);
  return created ? (
    <Dialog
      open
      onClose={onClose}
      title="Invitation ready"
      description="Send this link to the buyer. It opens your booking page with their details filled in."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <CreatedLink link={created} />
    </Dialog>
  ) : (
    <InviteForm properties={properties} onClose={onClose} onCreated={setCreated} />
  );
}

function InviteForm({
  properties,
  onClose,
  onCreated,
}: {
  properties: readonly Property[];
  onClose: () => void;
  onCreated: (link: BookingLink) => void;
}) {
  const create = useCreateBookingLink();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BookingLinkCreateInput, unknown, Values>({
    resolver: zodResolver(bookingLinkCreateSchema),
    defaultValues: { label: '', property_id: null, prefill: { budget_min: null, budget_max: null } },
  });
  const { control, register, setValue, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  const [purpose, budgetMin, budgetMax] = useWatch({
    control,
    name: ['prefill.booking_purpose', 'prefill.budget_min', 'prefill.budget_max'],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const link = await create.mutateAsync({ ...values, prefill: compactPrefill(values.prefill) });
      toast.success('Invitation link created.');
      onCreated(link);
    } catch (error) {
      const result = applyServerErrors(error, setError, ['label', 'property_id']);
      if (!result.onFields) setFailure(result.message);
    }
  });

  const text = { setValueAs: blankToNull } as const;

  return (
    <FormDialog
      onClose={onClose}
      title="Invite a buyer"
      description="Fill in what you know; the buyer completes the rest and picks a time."
      size="lg"
      formId={FORM_ID}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel="Create invitation link"
      busyLabel="Creating…"
      failure={failure}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Label"
          hint="Only you see it, e.g. “Smith family”."
          error={errors.label?.message}
          {...register('label')}
        />
        <SelectField
          label="Property"
          error={errors.property_id?.message}
          {...register('property_id', propertyIdValue)}
        >
          <PropertyOptions properties={properties} none="Any (the buyer chooses)" />
        </SelectField>
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">What you know about the buyer</legend>
        <TextField label="Buyer's name" autoComplete="off" {...register('prefill.buyer_name', text)} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Buyer's email"
            type="email"
            autoComplete="off"
            {...register('prefill.buyer_email', text)}
          />
          <TextField
            label="Buyer's phone"
            type="tel"
            autoComplete="off"
            {...register('prefill.buyer_phone', text)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Buyer type" {...register('prefill.buyer_type', text)}>
            <option value="">Let the buyer say</option>
            <BuyerTypeOptions />
          </SelectField>
          <SelectField label="Purpose" {...register('prefill.booking_purpose', text)}>
            <option value="">Let the buyer choose</option>
            <PurposeOptions />
          </SelectField>
        </div>
        {purpose === 'custom' ? (
          <TextField
            label="Custom purpose"
            placeholder={MESSAGES.customPurposePlaceholder}
            {...register('prefill.custom_purpose', text)}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <BudgetRangeSelect
            min={budgetMin}
            max={budgetMax}
            onChange={(bounds) => {
              setValue('prefill.budget_min', bounds.budget_min);
              setValue('prefill.budget_max', bounds.budget_max);
            }}
          />
          <SelectField label="Income range" {...register('prefill.income_range', text)}>
            <option value="">Not given</option>
            <IncomeOptions />
          </SelectField>
        </div>
        <TextAreaField label="Notes for the booking" {...register('prefill.notes', text)} />
      </fieldset>
    </FormDialog>
  );
}

function CreatedLink({ link }: { link: BookingLink }) {
  return (
    <div className="space-y-3">
      <TextField
        label="Invitation link"
        readOnly
        value={link.url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="flex flex-wrap gap-2">
        <CopyButton text={link.url} label="Copy link" accessibleLabel="Copy invitation link" />
        <a
          href={link.url}
          target="_blank"
          rel="noreferrer"
          aria-label="Open the invitation link in a new tab"
          className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold text-blue-700 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          Open
        </a>
      </div>
    </div>
  );
}

/** The prefill without its empty answers; none at all → null (a plain link). */
function compactPrefill(prefill: Prefill | null): Prefill | null {
  if (!prefill) return null;
  const entries = Object.entries(prefill).filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  return entries.length === 0 ? null : (Object.fromEntries(entries) as Prefill);
}
