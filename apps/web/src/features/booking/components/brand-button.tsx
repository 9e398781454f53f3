import type { ComponentProps } from 'react';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 text-sm font-semibold transition ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  solid:
    'bg-[var(--kt-primary)] text-[var(--kt-on-primary)] shadow-sm hover:brightness-95 active:brightness-90',
  outline: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
};

/** A button in the agent's colour (the --kt-primary variable set by the booking page). */
export function BrandButton({
  variant = 'solid',
  fullWidth = false,
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: keyof typeof variants; fullWidth?: boolean }) {
  return (
    <button
      type={type}
      className={`${base} ${variants[variant]} ${fullWidth ? 'w-full' : ''} ${className}`}
      {...props}
    />
  );
}
