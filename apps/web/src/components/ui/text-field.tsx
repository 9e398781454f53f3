import { useId } from 'react';
import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

interface FieldProps {
  label: string;
  /** Message under the input; marks the input invalid. */
  error?: string | undefined;
  /** Help text under the input. */
  hint?: ReactNode;
}

export const inputClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:border-blue-500 sm:text-sm ' +
  'disabled:bg-slate-100 disabled:text-slate-500';

function borderFor(error: string | undefined): string {
  return error ? 'border-red-500' : 'border-slate-300';
}

/** A labelled input with its error message (and optional hint) underneath, linked for screen readers. */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ref,
  ...props
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <input id={id} ref={ref} {...controlProps(id, error, hint)} {...props} />
    </Field>
  );
}

/** A phone number input labelled 'Phone' (the schema checks and normalises what is typed, decision 016). */
export function PhoneField(props: Omit<Parameters<typeof TextField>[0], 'label' | 'type'>) {
  return <TextField label="Phone" type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

/** A labelled select with its error message underneath. */
export function SelectField({
  label,
  error,
  hint,
  className = '',
  ref,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <select id={id} ref={ref} {...controlProps(id, error, hint)} {...props}>
        {children}
      </select>
    </Field>
  );
}

/** A labelled multi-line input with its error message underneath. */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ref,
  rows = 3,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <textarea id={id} ref={ref} rows={rows} {...controlProps(id, error, hint)} {...props} />
    </Field>
  );
}

function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & { id: string; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      <FieldFooter id={id} error={error} hint={hint} />
    </div>
  );
}

function controlProps(id: string, error: string | undefined, hint: ReactNode) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: `${inputClasses} ${borderFor(error)}`,
  };
}

/** The error/hint lines of a field, for custom controls that build their own input. */
export function FieldFooter({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  return (
    <>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </>
  );
}

export function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  if (hint) return `${id}-hint`;
  return undefined;
}
