// The fields the app's react-hook-form forms ask for in the same way — e-mail, password, names, company
// — so sign-in, sign-up, the account page, Settings → Password, the waiting list and the sales dialog label
// them, fill them in (autocomplete) and show their errors alike. Each takes the form and the field's name and
// registers it itself; the error shown is the form's for that name.
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { ReactNode } from 'react';
import { TextField } from '@/components/ui/text-field';

type FormFieldProps<T extends FieldValues> = { form: UseFormReturn<T>; name: Path<T> };

function errorOf<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>): string | undefined {
  return (get(form.formState.errors, name) as FieldError | undefined)?.message;
}

/** An e-mail address input (the phone's e-mail keyboard, the browser's saved address). */
export function EmailField<T extends FieldValues>({
  form,
  name,
  label = 'Email',
}: FormFieldProps<T> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      error={errorOf(form, name)}
      {...form.register(name)}
    />
  );
}

/** A password input: `current-password` to sign in or confirm, `new-password` to choose one. */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  label = 'Password',
  autoComplete,
  hint,
}: FormFieldProps<T> & {
  label?: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      error={errorOf(form, name)}
      {...form.register(name)}
    />
  );
}

/** A person's first and last name side by side (`firstName`, `lastName`), one under the other on a phone. */
export function PersonNameFields<T extends FieldValues & { firstName: string; lastName: string }>({
  form,
}: {
  form: UseFormReturn<T>;
}) {
  const first = 'firstName' as Path<T>;
  const last = 'lastName' as Path<T>;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="First name"
        autoComplete="given-name"
        error={errorOf(form, first)}
        {...form.register(first)}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        error={errorOf(form, last)}
        {...form.register(last)}
      />
    </div>
  );
}

/** A person's whole name in one input (the waiting list, the sales enquiry). */
export function FullNameField<T extends FieldValues>({ form, name }: FormFieldProps<T>) {
  return <TextField label="Name" autoComplete="name" error={errorOf(form, name)} {...form.register(name)} />;
}

/** The company someone works for, which they may leave empty. */
export function CompanyField<T extends FieldValues>({ form, name }: FormFieldProps<T>) {
  return (
    <TextField
      label="Company (optional)"
      autoComplete="organization"
      error={errorOf(form, name)}
      {...form.register(name)}
    />
  );
}
