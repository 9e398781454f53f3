// The time ranges of one day (a weekday or a date exception): start and end per range, add and remove. The
// messages are the availability schema's, placed where it puts them.
import type { TimeInterval } from '@keyturn/domain/schemas/availability';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { messageOf } from './form-messages';

/** Like the text fields, leaner on a phone so two times and a remove button fit its width. */
const timeInputClasses =
  'block w-full min-w-0 rounded-lg border bg-white px-2 py-2.5 text-base text-slate-900 shadow-sm ' +
  'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:border-blue-500 sm:px-3 sm:text-sm ' +
  // On a phone the field itself opens the time picker; its icon would only crowd the digits.
  'max-sm:[&::-webkit-calendar-picker-indicator]:hidden';

export function IntervalsEditor({
  dayLabel,
  intervals,
  onChange,
  errors,
  template,
}: {
  /** Names the day in the inputs' labels, e.g. "Wednesday" or "July 4". */
  dayLabel: string;
  intervals: readonly TimeInterval[];
  onChange: (intervals: TimeInterval[]) => void;
  /** The form's errors at this day's `intervals`. */
  errors: unknown;
  /** The range a new one starts as. */
  template: TimeInterval;
}) {
  const listMessage = messageOf(errors);
  const update = (index: number, patch: Partial<TimeInterval>) =>
    onChange(intervals.map((interval, i) => (i === index ? { ...interval, ...patch } : interval)));
  const add = () => {
    const last = intervals[intervals.length - 1];
    // After the last range if it leaves room, else the usual hours; the schema says if it overlaps.
    onChange([
      ...intervals,
      last && last.end < template.end ? { start: last.end, end: template.end } : template,
    ]);
  };

  return (
    <div className="space-y-2">
      {intervals.map((interval, index) => {
        const itemErrors = itemOf(errors, index);
        const message =
          messageOf(itemErrors) ??
          messageOf(fieldOf(itemErrors, 'start')) ??
          messageOf(fieldOf(itemErrors, 'end'));
        const label = `${dayLabel} range ${index + 1}`;
        return (
          <div key={index}>
            <div className="grid max-w-sm grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-1.5 sm:gap-2">
              <input
                type="time"
                aria-label={`${label} start`}
                value={interval.start}
                onChange={(event) => update(index, { start: event.target.value })}
                aria-invalid={message ? true : undefined}
                className={`${timeInputClasses} ${message ? 'border-red-500' : 'border-slate-300'}`}
              />
              <span aria-hidden="true" className="text-slate-500">
                –
              </span>
              <input
                type="time"
                aria-label={`${label} end`}
                value={interval.end}
                onChange={(event) => update(index, { end: event.target.value })}
                aria-invalid={message ? true : undefined}
                className={`${timeInputClasses} ${message ? 'border-red-500' : 'border-slate-300'}`}
              />
              <button
                type="button"
                aria-label={`Remove ${label}`}
                onClick={() => onChange(intervals.filter((_, i) => i !== index))}
                className="inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
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
            {message ? <p className="mt-1 text-sm text-red-600">{message}</p> : null}
          </div>
        );
      })}
      <Button variant="ghost" size="sm" onClick={add} aria-label={`Add a time range to ${dayLabel}`}>
        <PlusIcon className="size-4" />
        Add range
      </Button>
      {listMessage ? <p className="text-sm text-red-600">{listMessage}</p> : null}
    </div>
  );
}

function itemOf(errors: unknown, index: number): unknown {
  return Array.isArray(errors) ? (errors as unknown[])[index] : undefined;
}

function fieldOf(errors: unknown, name: string): unknown {
  return errors && typeof errors === 'object' ? (errors as Record<string, unknown>)[name] : undefined;
}
