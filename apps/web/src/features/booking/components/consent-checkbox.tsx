// A ticked-or-not answer of the booking page's small buyer forms (the waiting list's, an open house's), with its
// message under it, linked for screen readers: a 24 px box in the agent's colour.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldFooter, describedBy } from '@/components/ui/text-field';

/** The box of a checkbox or radio button on these forms. */
export const CHECKBOX = 'size-6 shrink-0 rounded border-slate-400 accent-[var(--kt-primary)]';

export function ConsentCheckbox({
  id,
  label,
  error,
  field,
}: {
  id: string;
  label: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className={CHECKBOX}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, undefined)}
          {...field}
        />
        <label htmlFor={id} className="min-h-6 pt-0.5 text-sm text-slate-700">
          {label}
        </label>
      </div>
      <FieldFooter id={id} error={error} />
    </div>
  );
}
