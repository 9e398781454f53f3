// A colour as a labelled hex text input with a native colour picker beside it (profile and branding forms).
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFooter, describedBy, inputClasses } from './text-field';

export function ColorField({
  label,
  registration,
  swatch,
  onPick,
  error,
  hint,
}: {
  label: string;
  /** The hex text input's react-hook-form registration. */
  registration: UseFormRegisterReturn;
  /** The colour the picker shows: the typed one when valid, otherwise the last good one. */
  swatch: string;
  /** A colour chosen with the picker, upper-case hex. */
  onPick: (hex: string) => void;
  error?: string | undefined;
  hint: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label={`Pick the ${label.toLowerCase()}`}
          value={swatch}
          onChange={(event) => onPick(event.target.value.toUpperCase())}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        />
        <input
          id={id}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, 'hint')}
          className={`${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'} font-mono uppercase`}
          {...registration}
        />
      </div>
      <FieldFooter id={id} error={error} hint={hint} />
    </div>
  );
}
