// The agent's weekly hours and date exceptions, minimum notice, buffer and approval (spec §3: one object,
// read and replaced whole). agentAvailabilitySchema validates; Save sends the whole object with PUT.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { agentAvailabilitySchema, DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import type {
  AgentAvailability,
  AgentAvailabilityInput,
  AvailabilityOverride,
  TimeInterval,
  WeeklyDay,
} from '@keyturn/domain/schemas/availability';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatIsoDate } from '@/components/ui/format';
import { PlusIcon } from '@/components/ui/icons';
import { SwitchField } from '@/components/ui/switch-field';
import { FieldFooter, inputClasses } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useSaveAvailability } from '../hooks/use-settings';
import { messageOf } from './form-messages';
import { IntervalsEditor } from './intervals-editor';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Monday to Friday, as day_of_week numbers (Sunday = 0). */
const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];
/** The hours a day gets when switched on or given a new range: a new agent's usual weekday. */
const TEMPLATE: TimeInterval = DEFAULT_AVAILABILITY.days.find((d) => d.intervals.length > 0)
  ?.intervals[0] ?? {
  start: '09:00',
  end: '17:00',
};

export function AvailabilityEditor({ availability }: { availability: AgentAvailability }) {
  const save = useSaveAvailability();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AgentAvailabilityInput, unknown, AgentAvailability>({
    resolver: zodResolver(agentAvailabilitySchema),
    defaultValues: normalise(availability),
  });
  const { control, setValue, trigger, setError, formState, reset } = form;
  const { errors, isSubmitting, isSubmitted, isDirty } = formState;
  const values = useWatch({ control }) as AgentAvailabilityInput;
  const days = (values.days ?? []) as WeeklyDay[];
  const overrides = (values.overrides ?? []) as AvailabilityOverride[];

  // Every change goes through here; once a save was tried, the whole form is checked again so messages
  // that depend on neighbours (overlaps, duplicates) come and go with the edit.
  const update = <P extends Parameters<typeof setValue>[0]>(
    path: P,
    value: Parameters<typeof setValue<P>>[1],
  ) => {
    setValue(path, value, { shouldDirty: true });
    if (isSubmitted) void trigger();
  };

  const setDay = (index: number, day: WeeklyDay) => update(`days.${index}`, day);
  const copyToWeekdays = (from: WeeklyDay) => {
    const next = days.map((day) =>
      WEEKDAYS.includes(day.day_of_week) && day.day_of_week !== from.day_of_week
        ? { ...day, is_available: from.is_available, intervals: from.intervals.map((i) => ({ ...i })) }
        : day,
    );
    update('days', next);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(input);
      reset(normalise(saved));
      toast.success('Availability saved.');
    } catch (error) {
      const result = applyServerErrors(error, setError, [
        'days',
        'overrides',
        'minimum_notice_minutes',
        'buffer_minutes',
      ]);
      setFailure(result.message);
    }
  });

  const dayErrors = (index: number) => (errors.days as FieldErrors<WeeklyDay>[] | undefined)?.[index];

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-8">
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}

      <section aria-labelledby="weekly-hours-heading" className="space-y-3">
        <div>
          <h2 id="weekly-hours-heading" className="text-lg font-semibold text-slate-900">
            Weekly hours
          </h2>
          <p className="text-sm text-slate-600">When buyers can book you, in your own time zone.</p>
        </div>
        {messageOf(errors.days) ? <ErrorAlert>{messageOf(errors.days)}</ErrorAlert> : null}
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {days.map((day, index) => {
            const name = DAY_NAMES[day.day_of_week] ?? `Day ${day.day_of_week}`;
            return (
              <li key={day.day_of_week} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                <div className="sm:w-44 sm:shrink-0 sm:pt-2">
                  <SwitchField
                    label={name}
                    checked={day.is_available}
                    onChange={(event) =>
                      setDay(index, {
                        ...day,
                        is_available: event.target.checked,
                        intervals: event.target.checked
                          ? day.intervals.length
                            ? day.intervals
                            : [TEMPLATE]
                          : [],
                      })
                    }
                  />
                </div>
                <div className="min-w-0 flex-1">
                  {day.is_available ? (
                    <IntervalsEditor
                      dayLabel={name}
                      intervals={day.intervals}
                      template={TEMPLATE}
                      errors={dayErrors(index)?.intervals}
                      onChange={(intervals) => setDay(index, { ...day, intervals })}
                    />
                  ) : (
                    <p className="text-sm text-slate-500 sm:pt-2.5">Unavailable</p>
                  )}
                </div>
                {/* A day marked unavailable has no hours to copy (issue 29). */}
                {day.is_available ? (
                  <div className="sm:pt-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => copyToWeekdays(day)}
                      aria-label={`Copy ${name} to all weekdays`}
                    >
                      Copy to all weekdays
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <OverridesSection
        overrides={overrides}
        errors={errors.overrides}
        onChange={(next) => update('overrides', next)}
      />

      <section aria-labelledby="booking-rules-heading" className="space-y-4">
        <h2 id="booking-rules-heading" className="text-lg font-semibold text-slate-900">
          Booking rules
        </h2>
        <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2">
          <MinimumNotice
            minutes={values.minimum_notice_minutes ?? 0}
            error={errors.minimum_notice_minutes?.message}
            onChange={(minutes) => update('minimum_notice_minutes', minutes)}
          />
          <NumberField
            label="Buffer between showings (minutes)"
            hint="Free time kept after each showing."
            value={values.buffer_minutes ?? 0}
            error={errors.buffer_minutes?.message}
            onChange={(minutes) => update('buffer_minutes', minutes)}
          />
          <SwitchField
            className="sm:col-span-2"
            label="Require my approval for new bookings"
            description="New requests wait as pending until you confirm them."
            checked={values.requires_approval ?? false}
            onChange={(event) => update('requires_approval', event.target.checked)}
          />
        </div>
      </section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save availability'}
        </Button>
        {isDirty ? <p className="text-sm text-slate-500">You have unsaved changes.</p> : null}
      </div>
    </form>
  );
}

function OverridesSection({
  overrides,
  errors,
  onChange,
}: {
  overrides: AvailabilityOverride[];
  errors: unknown;
  onChange: (overrides: AvailabilityOverride[]) => void;
}) {
  const itemErrors = (index: number) =>
    Array.isArray(errors) ? ((errors as unknown[])[index] as Record<string, unknown> | undefined) : undefined;
  const replace = (index: number, override: AvailabilityOverride) =>
    onChange(overrides.map((o, i) => (i === index ? override : o)));

  return (
    <section aria-labelledby="overrides-heading" className="space-y-3">
      <div>
        <h2 id="overrides-heading" className="text-lg font-semibold text-slate-900">
          Date exceptions
        </h2>
        <p className="text-sm text-slate-600">A day off, or different hours on one date.</p>
      </div>
      {messageOf(errors) ? <ErrorAlert>{messageOf(errors)}</ErrorAlert> : null}
      {overrides.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {overrides.map((override, index) => {
            const label = override.date ? formatIsoDate(override.date, 'long') : `Exception ${index + 1}`;
            const errorsHere = itemErrors(index);
            const dateMessage = messageOf(errorsHere?.date);
            return (
              <li key={index} className="space-y-3 p-4">
                <div className="flex flex-wrap items-end gap-3">
                  <div className="w-44">
                    <label
                      className="mb-1.5 block text-sm font-medium text-slate-700"
                      htmlFor={`override-${index}-date`}
                    >
                      Date
                    </label>
                    <input
                      id={`override-${index}-date`}
                      type="date"
                      value={override.date}
                      onChange={(event) => replace(index, { ...override, date: event.target.value })}
                      aria-invalid={dateMessage ? true : undefined}
                      aria-describedby={dateMessage ? `override-${index}-date-error` : undefined}
                      className={`${inputClasses} ${dateMessage ? 'border-red-500' : 'border-slate-300'}`}
                    />
                  </div>
                  <div className="w-40">
                    <label
                      className="mb-1.5 block text-sm font-medium text-slate-700"
                      htmlFor={`override-${index}-kind`}
                    >
                      That day
                    </label>
                    <select
                      id={`override-${index}-kind`}
                      value={override.is_available ? 'hours' : 'off'}
                      onChange={(event) => {
                        const open = event.target.value === 'hours';
                        replace(index, {
                          ...override,
                          is_available: open,
                          intervals: open ? [TEMPLATE] : [],
                        });
                      }}
                      className={`${inputClasses} border-slate-300`}
                    >
                      <option value="off">Day off</option>
                      <option value="hours">Special hours</option>
                    </select>
                  </div>
                  <Button
                    variant="danger-ghost"
                    size="sm"
                    aria-label={`Remove exception ${label}`}
                    onClick={() => onChange(overrides.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </div>
                <FieldFooter id={`override-${index}-date`} error={dateMessage} />
                {override.is_available ? (
                  <IntervalsEditor
                    dayLabel={label}
                    intervals={override.intervals}
                    template={TEMPLATE}
                    errors={errorsHere?.intervals}
                    onChange={(intervals) => replace(index, { ...override, intervals })}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onChange([...overrides, { date: '', is_available: false, intervals: [] }])}
      >
        <PlusIcon className="size-4" />
        Add a date
      </Button>
    </section>
  );
}

type Unit = 'minutes' | 'hours';

function MinimumNotice({
  minutes,
  error,
  onChange,
}: {
  minutes: number;
  error: string | undefined;
  onChange: (minutes: number) => void;
}) {
  const [unit, setUnit] = useState<Unit>(minutes > 0 && minutes % 60 === 0 ? 'hours' : 'minutes');
  // What the agent typed, as typed: the unit says what it means and never converts it (issue 29: 2 then
  // "hours" is two hours). A value from outside (loaded, reset) is shown in the unit chosen.
  const [typed, setTyped] = useState<string | null>(null);
  const factorOf = (u: Unit) => (u === 'hours' ? 60 : 1);
  const factor = factorOf(unit);
  const minutesOf = (text: string, u: Unit) => (text === '' ? Number.NaN : Number(text) * factorOf(u));
  const own = typed !== null && Object.is(minutesOf(typed, unit), minutes);
  const shown = own ? typed : Number.isFinite(minutes) ? minutes / factor : '';
  return (
    <div>
      <label htmlFor="minimum-notice" className="mb-1.5 block text-sm font-medium text-slate-700">
        Minimum notice
      </label>
      <div className="grid grid-cols-[minmax(0,1fr)_8rem] gap-2">
        <input
          id="minimum-notice"
          type="number"
          inputMode="decimal"
          min={0}
          value={shown}
          onChange={(event) => {
            setTyped(event.target.value);
            onChange(minutesOf(event.target.value, unit));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'minimum-notice-error' : 'minimum-notice-hint'}
          className={`${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'}`}
        />
        <select
          aria-label="Minimum notice unit"
          value={unit}
          onChange={(event) => {
            const next = event.target.value as Unit;
            const text = String(shown);
            setUnit(next);
            setTyped(text);
            onChange(minutesOf(text, next));
          }}
          className={`${inputClasses} border-slate-300`}
        >
          <option value="minutes">minutes</option>
          <option value="hours">hours</option>
        </select>
      </div>
      <FieldFooter
        id="minimum-notice"
        error={error}
        hint="How soon before a showing it can still be booked."
      />
    </div>
  );
}

function NumberField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: number;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  return (
    <div>
      <label htmlFor="buffer-minutes" className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id="buffer-minutes"
        type="number"
        inputMode="numeric"
        min={0}
        value={Number.isFinite(value) ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'buffer-minutes-error' : 'buffer-minutes-hint'}
        className={`${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      <FieldFooter id="buffer-minutes" error={error} hint={hint} />
    </div>
  );
}

/** Days in day_of_week order (the editor lists Sunday to Saturday), so index and day agree. */
function normalise(availability: AgentAvailability): AgentAvailabilityInput {
  return {
    ...availability,
    days: [...availability.days].sort((a, b) => a.day_of_week - b.day_of_week),
    overrides: availability.overrides ?? [],
  };
}
