// A group of radio buttons that look like buttons: one question, one answer. Native radios inside a
// fieldset whose legend is the question, so keyboards (arrow keys) and screen readers work as usual.
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface Choice {
  value: string;
  label: string;
  /** Shown larger above the label, e.g. the rating number. */
  badge?: string;
}

interface ChoiceGroupProps {
  legend: string;
  choices: readonly Choice[];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: string;
  /** Lay the choices out in this many columns from the small breakpoint up. */
  columns?: 2 | 3 | 5;
}

// Five short choices (the 1–5 rating) stay on one row even on a phone.
const columnClasses = {
  2: 'grid-cols-1 sm:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-3',
  5: 'grid-cols-5',
} as const;

export function ChoiceGroup({ legend, choices, registration, error, hint, columns = 3 }: ChoiceGroupProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      {hint && !error ? (
        <p id={`${id}-hint`} className="-mt-1 mb-2 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      <div className={`grid gap-2 ${columnClasses[columns]}`}>
        {choices.map((choice) => (
          <label key={choice.value} className="relative block cursor-pointer">
            <input
              type="radio"
              value={choice.value}
              className="peer sr-only"
              aria-describedby={describedBy}
              {...registration}
            />
            <span
              className={`flex min-h-11 flex-col items-center justify-center rounded-lg border px-1 py-2 sm:px-3 text-center text-sm font-medium shadow-sm transition-colors ${
                error ? 'border-red-400' : 'border-slate-300'
              } bg-white text-slate-800 hover:bg-slate-50 peer-checked:border-[var(--kt-primary,#2563eb)] peer-checked:bg-[color-mix(in_srgb,var(--kt-primary,#2563eb)_12%,white)] peer-checked:text-slate-900 peer-checked:ring-1 peer-checked:ring-[var(--kt-primary,#2563eb)] peer-focus-visible:ring-2 peer-focus-visible:ring-[var(--kt-primary,#3b82f6)] peer-focus-visible:ring-offset-2`}
            >
              {choice.badge ? (
                <>
                  <span className="text-lg font-bold leading-tight">{choice.badge}</span>{' '}
                </>
              ) : null}
              <span className={choice.badge ? 'text-xs sm:text-sm' : undefined}>{choice.label}</span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
