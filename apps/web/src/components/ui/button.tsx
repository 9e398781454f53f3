import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from '@/lib/router';
import type { LinkProps } from '@/lib/router';

/** `brand`: the agent's colour on a buyer page (the --kt-primary variables), Keyturn blue elsewhere. */
export type ButtonVariant = 'primary' | 'brand' | 'secondary' | 'ghost' | 'danger' | 'danger-ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & StyleProps) {
  return (
    <button
      type={type}
      className={`${buttonClasses({ variant, size, fullWidth })} ${className}`}
      {...props}
    />
  );
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className = '',
  ...props
}: LinkProps & StyleProps & { children: ReactNode }) {
  return <Link className={`${buttonClasses({ variant, size, fullWidth })} ${className}`} {...props} />;
}

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary,#3b82f6)] focus-visible:ring-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-blue-600 text-white shadow-sm hover:bg-blue-700 active:bg-blue-800',
  brand:
    'bg-[var(--kt-primary,#2563eb)] text-[var(--kt-on-primary,#fff)] shadow-sm hover:brightness-95 active:brightness-90',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  'danger-ghost': 'text-red-700 hover:bg-red-50 active:bg-red-100',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

function buttonClasses({ variant, size, fullWidth }: Required<StyleProps>): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${fullWidth ? 'w-full' : ''}`;
}
