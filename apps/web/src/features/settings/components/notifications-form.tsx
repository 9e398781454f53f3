// Which e-mails and reminders go out (notificationSettingsSchema). SMS reminders belong to the plans that
// include SMS (spec §9); the others see the switch off with the plans that have it.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/lib/toast';
import { PLAN_ORDER } from '@keyturn/domain/plans';
import { notificationSettingsSchema } from '@keyturn/domain/schemas/agentSettings';
import type { NotificationSettings, NotificationSettingsInput } from '@keyturn/domain/schemas/agentSettings';
import {
  NOT_CONFIRMED_BADGE,
  RECONFIRM_MINUTES_MAX,
  RECONFIRM_MINUTES_MIN,
  UNCONFIRMED_ALERT_MINUTES,
} from '@keyturn/domain/texts/reconfirm';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { SwitchField } from '@/components/ui/switch-field';
import { inputClasses } from '@/components/ui/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { usePlan } from '@/lib/plan';
import { useSaveNotificationSettings } from '../hooks/use-settings';
import { messageOf } from './form-messages';

/** Choices for "how long before": common offsets; a saved value outside them is listed too. */
const OFFSET_CHOICES = [15, 30, 60, 120, 180, 360, 720, 1440, 2880, 4320, 10_080];
/** Choices for the second text (issue 33): between the domain's bounds. */
const RECONFIRM_CHOICES = [180, 240, 360, 720, 1440, 2880].filter(
  (m) => m >= RECONFIRM_MINUTES_MIN && m <= RECONFIRM_MINUTES_MAX,
);

export function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  const { plan } = usePlan(true);
  const smsPlans = PLAN_ORDER.filter((p) => p.features.sms).map((p) => p.name);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NotificationSettingsInput, unknown, NotificationSettings>({
    resolver: zodResolver(notificationSettingsSchema),
    defaultValues: settings,
  });
  const { control, register, setValue, trigger, setError, formState, reset } = form;
  const { errors, isSubmitting, isSubmitted } = formState;
  const [reminders, offsets, sms] = useWatch({
    control,
    name: ['reminder_emails', 'reminder_offsets_minutes', 'sms_reminders'],
  });

  const setOffsets = (next: number[]) => {
    setValue('reminder_offsets_minutes', next, { shouldDirty: true });
    if (isSubmitted) void trigger('reminder_offsets_minutes');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(values);
      reset(saved.data);
      toast.success('Notification settings saved.');
    } catch (error) {
      const result = applyServerErrors(error, setError, [
        'buyer_confirmation_email',
        'agent_new_booking_email',
        'reminder_emails',
        'reminder_offsets_minutes',
        'sms_reminders',
        'feedback_request_email',
        'reconfirm_minutes_before',
      ]);
      if (!result.onFields) setFailure(result.message);
    }
  });

  const offsetErrors = errors.reminder_offsets_minutes;
  const listMessage = messageOf(offsetErrors);
  const smsAllowed = plan.features.sms || sms;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <SwitchField
          label="Confirmation e-mail to the buyer"
          description="Sent when a booking is made or confirmed."
          {...register('buyer_confirmation_email')}
        />
        <SwitchField
          label="E-mail me about new bookings"
          description="Every new request or booking."
          {...register('agent_new_booking_email')}
        />
        <SwitchField
          label="Feedback request e-mail"
          description="Asks the buyer how the showing went."
          {...register('feedback_request_email')}
        />
      </div>

      <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <SwitchField
          label="Reminder e-mails"
          description="Sent to the buyer before the showing."
          {...register('reminder_emails')}
        />
        <SwitchField
          label="SMS reminders"
          description={
            plan.features.sms
              ? 'Text messages at the same times.'
              : `Included in the ${smsPlans.join(' and ')} plans.`
          }
          disabled={!smsAllowed}
          {...register('sms_reminders')}
        />
        {sms ? (
          <div className="max-w-xs">
            <label htmlFor="reconfirm-minutes" className="mb-1 block text-sm font-medium text-slate-700">
              Ask again when the buyer has not confirmed
            </label>
            <select
              id="reconfirm-minutes"
              aria-describedby="reconfirm-minutes-help"
              className={`${inputClasses} border-slate-300`}
              {...register('reconfirm_minutes_before', { valueAsNumber: true })}
            >
              {RECONFIRM_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {offsetLabel(choice)} before
                </option>
              ))}
            </select>
            <p id="reconfirm-minutes-help" className="mt-1 text-sm text-slate-600">
              A second text to a buyer who has not replied Y. No answer {UNCONFIRMED_ALERT_MINUTES / 60} hours
              before the showing, we e-mail you and mark it “{NOT_CONFIRMED_BADGE}”.
            </p>
            {errors.reconfirm_minutes_before?.message ? (
              <p className="mt-1 text-sm text-red-600">{errors.reconfirm_minutes_before.message}</p>
            ) : null}
          </div>
        ) : null}
        {reminders || sms ? (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Remind before the showing</legend>
            <ul className="space-y-2">
              {offsets.map((minutes, index) => {
                const itemMessage = messageOf(Array.isArray(offsetErrors) ? offsetErrors[index] : undefined);
                return (
                  <li key={index}>
                    <div className="grid max-w-xs grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
                      <select
                        aria-label={`Reminder ${index + 1}`}
                        value={minutes}
                        onChange={(event) =>
                          setOffsets(offsets.map((m, i) => (i === index ? Number(event.target.value) : m)))
                        }
                        className={`${inputClasses} border-slate-300`}
                      >
                        {choicesWith(minutes).map((choice) => (
                          <option key={choice} value={choice}>
                            {offsetLabel(choice)} before
                          </option>
                        ))}
                      </select>
                      <button
                        type="button"
                        aria-label={`Remove reminder ${index + 1}`}
                        onClick={() => setOffsets(offsets.filter((_, i) => i !== index))}
                        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                      >
                        <svg
                          viewBox="0 0 24 24"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          aria-hidden="true"
                          className="size-4"
                        >
                          <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
                        </svg>
                      </button>
                    </div>
                    {itemMessage ? <p className="mt-1 text-sm text-red-600">{itemMessage}</p> : null}
                  </li>
                );
              })}
            </ul>
            <Button
              variant="ghost"
              size="sm"
              className="mt-2"
              onClick={() => setOffsets([...offsets, OFFSET_CHOICES.find((c) => !offsets.includes(c)) ?? 60])}
            >
              <PlusIcon className="size-4" />
              Add reminder
            </Button>
            {listMessage ? <p className="mt-1 text-sm text-red-600">{listMessage}</p> : null}
          </fieldset>
        ) : null}
      </div>

      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save notifications'}
      </Button>
    </form>
  );
}

function choicesWith(minutes: number): number[] {
  return OFFSET_CHOICES.includes(minutes)
    ? OFFSET_CHOICES
    : [...OFFSET_CHOICES, minutes].sort((a, b) => a - b);
}

/** 90 → '1 h 30 min', 1440 → '1 day', 2880 → '2 days'. */
export function offsetLabel(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 day' : `${minutes / 1440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
  if (minutes > 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${minutes} minutes`;
}
