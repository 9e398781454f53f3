// Issue 44 "Open houses with capacity", the agent's side: the form that schedules an open house (POST
// /open-houses) — one of the agent's properties, a date from tomorrow on, a window of whole 30-minute times and the
// groups allowed per time. Checked in the browser with the domain's schema and its window rule (said under "To");
// the server's field messages go under the same fields, its refusal (an overlapping showing or open house) above
// them in its own words. Loaded when the agent opens it (open-houses-section.tsx).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { openHouseCreateSchema } from '@keyturn/domain/schemas/openHouses';
import type { OpenHouseCreate, OpenHouseView } from '@keyturn/domain/schemas/openHouses';
import {
  OPEN_HOUSE_MAX_PER_GROUP,
  OPEN_HOUSE_TEXTS,
  openHouseWindowProblem,
} from '@keyturn/domain/slots/openHouse';
import { isValidIsoDate, isValidTime24, isoDateInZone, timeZoneName } from '@keyturn/domain/time';
import { FormDialog } from '@/components/form-dialog';
import { SelectField, TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { usePropertyOptions } from '../hooks/use-bookings';
import { PropertyOptions, propertyIdValue } from './buyer-fields';

const WORDS = OPEN_HOUSE_TEXTS.agent;
const FORM_ID = 'open-house-form';
const FIELDS: Path<OpenHouseCreate>[] = ['property_id', 'date', 'start_time', 'end_time', 'groups_per_slot'];
/** The time inputs step by one group: 30 minutes. */
const GROUP_SECONDS = 30 * 60;

/** The domain's schema, and its window rule on the wall times typed (the server checks the instants too). */
const formSchema = openHouseCreateSchema.superRefine((values, ctx) => {
  if (!isValidTime24(values.start_time) || !isValidTime24(values.end_time)) return;
  const day = isValidIsoDate(values.date) ? values.date : '2000-01-03';
  const at = (time: string) => new Date(`${day}T${time}:00Z`);
  const problem = openHouseWindowProblem(at(values.start_time), at(values.end_time));
  if (problem) ctx.addIssue({ code: 'custom', path: ['end_time'], message: problem });
});

export function OpenHouseDialog({
  timeZone,
  queryKey,
  onClose,
}: {
  /** The agent's zone: where "tomorrow", the first date allowed, begins. */
  timeZone: string | undefined;
  /** The list of open houses, asked again once one is scheduled. */
  queryKey: readonly unknown[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const properties = usePropertyOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<OpenHouseCreate>({
    resolver: zodResolver(formSchema),
    defaultValues: { date: '', start_time: '', end_time: '', groups_per_slot: 4 },
  });
  const { register, setError, formState } = form;
  const { errors, isSubmitting } = formState;
  // The times are the agent's clock: its zone named under each.
  const zone = timeZone ? timeZoneName(timeZone) : undefined;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api.post<{ data: OpenHouseView }>('/open-houses', values);
      toast.success(WORDS.saved);
      // No showing can be booked in its window now: the free times are asked again too.
      await Promise.all([queryKey, ['free-slots']].map((key) => client.invalidateQueries({ queryKey: key })));
      onClose();
    } catch (error) {
      const result = applyServerErrors(error, setError, FIELDS);
      if (!result.onFields) setFailure(result.message);
    }
  });

  return (
    <FormDialog
      onClose={onClose}
      title={WORDS.create}
      description={WORDS.intro}
      formId={FORM_ID}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={WORDS.save}
      busyLabel="Saving…"
      failure={failure}
      formClassName="space-y-4"
    >
      <SelectField
        label={WORDS.property}
        error={errors.property_id?.message}
        {...register('property_id', propertyIdValue)}
      >
        <PropertyOptions properties={properties.data ?? []} none="Choose…" />
      </SelectField>
      <TextField
        label={WORDS.date}
        type="date"
        min={timeZone ? tomorrowIn(timeZone) : undefined}
        error={errors.date?.message}
        {...register('date')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={WORDS.from}
          type="time"
          step={GROUP_SECONDS}
          hint={zone}
          error={errors.start_time?.message}
          {...register('start_time')}
        />
        <TextField
          label={WORDS.to}
          type="time"
          step={GROUP_SECONDS}
          hint={zone}
          error={errors.end_time?.message}
          {...register('end_time')}
        />
      </div>
      <TextField
        label={WORDS.groups}
        type="number"
        inputMode="numeric"
        min={1}
        max={OPEN_HOUSE_MAX_PER_GROUP}
        step={1}
        error={errors.groups_per_slot?.message}
        {...register('groups_per_slot', { valueAsNumber: true })}
      />
    </FormDialog>
  );
}

/** The day after today on `timeZone`'s calendar ('yyyy-MM-dd'). */
function tomorrowIn(timeZone: string): string {
  const next = new Date(`${isoDateInZone(new Date(), timeZone)}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
