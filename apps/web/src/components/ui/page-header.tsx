import type { ReactNode } from 'react';

/** The heading of a page and one line saying what it holds. */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <header className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {description ? <p className="text-base text-slate-600">{description}</p> : null}
    </header>
  );
}
