import type { ReactNode } from 'react';

/** The heading of a step, with an optional line under it. */
export function StepHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5">
      <h2
        tabIndex={-1}
        className="text-lg font-bold tracking-tight text-slate-900 focus:outline-none sm:text-xl"
      >
        {title}
      </h2>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
