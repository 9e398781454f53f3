// A date and the agent's free times on it, as a group of radio buttons. Times come from the slot answer
// ('HH:mm:ss') and are handed on as the payloads' 'HH:mm'. For a new booking (`typed` given) the agent's own
// free times are offered — today's remaining ones included — and a time can be typed instead: a showing
// already arranged off the free times, or held on a past date (the only way for one). The server turns the
// date and time into an instant in the agent's zone.
import { useId, useState } from 'react';
import { MESSAGES } from '@keyturn/domain/messages';
import { timeZoneName, to24Hour } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatTime } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { FieldFooter, TextField } from '@/components/ui/text-field';
import { useFreeSlots } from '../hooks/use-bookings';

/** How a typed time is saved (agentBookingStatusFor decides on the server). */
export const TYPED_TIME_HINT = 'A time that has already passed is saved as a completed showing.';
export const ENTER_OTHER_TIME = 'Enter another time';
export const PICK_FREE_TIME = 'Pick a free time';

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
  typed,
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
  /** New booking: the agent's own free times, and a typed time besides (the agent's today and zone). */
  typed?: { today: string; timeZone: string } | undefined;
}) {
  const groupId = useId();
  const [typing, setTyping] = useState(false);
  const past = typed !== undefined && date !== '' && date < typed.today;
  const typedMode = typed !== undefined && (typing || past);
  const slots = useFreeSlots(typed ? 'own' : agentId, date && !typedMode ? date : null);
  const times = slots.data?.agentAvailability.isAvailable === false ? [] : (slots.data?.availableSlots ?? []);

  const switchTo = (next: boolean) => {
    setTyping(next);
    onTimeChange('');
  };

  return (
    <div className="space-y-4">
      <TextField
        label="Date"
        type="date"
        min={minDate}
        value={date}
        error={dateError}
        onChange={(event) => {
          const next = event.target.value;
          onDateChange(next);
          // A typed time stays while the time is typed; a picked one (or one going to the picker) is dropped.
          const stillTyped =
            typedMode && typed !== undefined && (typing || (next !== '' && next < typed.today));
          if (!stillTyped) onTimeChange('');
        }}
      />
      {typed && typedMode ? (
        <div className="space-y-2">
          <TextField
            label="Time"
            type="time"
            value={time}
            // Focus follows the agent's own switch, not the first render.
            autoFocus={typing}
            error={timeError}
            hint={`${past ? 'This date has passed: enter when the showing took place. ' : ''}Times in ${timeZoneName(typed.timeZone)}. ${TYPED_TIME_HINT}`}
            onChange={(event) => onTimeChange(event.target.value)}
          />
          {past ? null : (
            <Button variant="ghost" size="sm" className="-ml-3" onClick={() => switchTo(false)}>
              {PICK_FREE_TIME}
            </Button>
          )}
        </div>
      ) : (
        <fieldset
          aria-describedby={timeError ? `${groupId}-error` : timeHint ? `${groupId}-hint` : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium text-slate-700">
            {typed ? `Time · ${timeZoneName(typed.timeZone)}` : 'Time'}
          </legend>
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
          {typed ? (
            <div className="mt-2 flex flex-wrap items-center gap-x-1 text-sm text-slate-600">
              <Button variant="ghost" size="sm" className="-ml-3" onClick={() => switchTo(true)}>
                {ENTER_OTHER_TIME}
              </Button>
              <span>for a showing arranged by phone or already held</span>
            </div>
          ) : null}
        </fieldset>
      )}
    </div>
  );
}
