import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/**
 * An on/off setting: a real checkbox (so forms register it like any input) shown as a switch, its label
 * (clickable) and optional description beside it.
 */
export function SwitchField({
  label,
  description,
  className = '',
  ref,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className={`flex items-start justify-between gap-4 ${className}`}>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-500">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0 items-center">
        <input
          id={id}
          ref={ref}
          type="checkbox"
          role="switch"
          aria-describedby={description ? `${id}-description` : undefined}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          {...props}
        />
        <span
          aria-hidden="true"
          className="inline-flex h-7 w-12 items-center rounded-full bg-slate-300 p-0.5 transition-colors peer-checked:bg-blue-600 peer-disabled:opacity-50 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-500 peer-focus-visible:ring-offset-2 peer-checked:[&>span]:translate-x-5"
        >
          <span className="size-6 rounded-full bg-white shadow transition-transform" />
        </span>
      </span>
    </div>
  );
}
