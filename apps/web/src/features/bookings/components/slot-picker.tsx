// A date and the agent's free times on it, as a group of radio buttons. Times come from the public slot
// answer ('HH:mm:ss') and are handed on as the payloads' 'HH:mm'.
import { useId } from 'react';
import { MESSAGES } from '@keyturn/domain/messages';
import { to24Hour } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { formatTime } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { FieldFooter, TextField } from '@/components/ui/text-field';
import { useFreeSlots } from '../hooks/use-bookings';

export function SlotPicker({
  agentId,
  date,
  onDateChange,
  time,
  onTimeChange,
  minDate,
  dateError,
  timeError,
  timeHint,
}: {
  agentId: string | null;
  date: string;
  onDateChange: (date: string) => void;
  /** The chosen 'HH:mm', or '' for none. */
  time: string;
  onTimeChange: (time: string) => void;
  minDate?: string | undefined;
  dateError?: string | undefined;
  timeError?: string | undefined;
  timeHint?: string | undefined;
}) {
  const groupId = useId();
  const slots = useFreeSlots(agentId, date || null);
  const times = slots.data?.agentAvailability.isAvailable === false ? [] : (slots.data?.availableSlots ?? []);

  return (
    <div className="space-y-4">
      <TextField
        label="Date"
        type="date"
        min={minDate}
        value={date}
        error={dateError}
        onChange={(event) => {
          onDateChange(event.target.value);
          onTimeChange('');
        }}
      />
      <fieldset aria-describedby={timeError ? `${groupId}-error` : timeHint ? `${groupId}-hint` : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Time</legend>
        {!date ? (
          <p className="text-sm text-slate-500">Choose a date to see the free times.</p>
        ) : slots.isPending ? (
          <Spinner label="Loading free times" size="sm" />
        ) : slots.isError ? (
          <ErrorAlert>We could not load the free times. {slots.error.message}</ErrorAlert>
        ) : times.length === 0 ? (
          <p className="text-sm text-slate-600">{MESSAGES.noSlotsForDate}</p>
        ) : (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {times.map((slot) => {
              const value = to24Hour(slot);
              const checked = value === time;
              return (
                <label
                  key={slot}
                  className={`relative flex min-h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-medium tabular-nums has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500 has-[:focus-visible]:ring-offset-1 ${
                    checked
                      ? 'border-blue-600 bg-blue-600 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:border-blue-400'
                  }`}
                >
                  <input
                    type="radio"
                    name={groupId}
                    value={value}
                    checked={checked}
                    onChange={() => onTimeChange(value)}
                    className="sr-only"
                  />
                  {formatTime(slot)}
                </label>
              );
            })}
          </div>
        )}
        <FieldFooter id={groupId} error={timeError} hint={timeHint} />
      </fieldset>
    </div>
  );
}
