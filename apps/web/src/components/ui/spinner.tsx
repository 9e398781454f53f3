type SpinnerSize = 'sm' | 'md' | 'lg';

const sizes: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-8 border-[3px]',
  lg: 'size-12 border-4',
};

/** A busy indicator announced to assistive technology as `label` (default "Loading"). */
export function Spinner({ label = 'Loading', size = 'md' }: { label?: string; size?: SpinnerSize }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <SpinnerCircle size={size} />
    </span>
  );
}

/** The spinner centred in the viewport, for screens waiting on the session. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={label} size="lg" />
    </div>
  );
}

/** The circle alone, without the status role (when the surrounding text already says what is loading). */
export function SpinnerCircle({ size = 'md' }: { size?: SpinnerSize }) {
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} animate-spin rounded-full border-blue-200 border-t-blue-600 motion-reduce:animate-[spin_1.5s_linear_infinite]`}
    />
  );
}
