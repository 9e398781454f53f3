import type { ReactNode } from 'react';
import { CenteredPage } from '@/components/centered-page';

/** A one-message page (not found, invalid link, cancelled…) with optional actions under it. */
export function MessageScreen({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <CenteredPage>
      <title>{`${title} · Keyturn`}</title>
      <div className="text-center">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-3 text-base text-slate-600">{children}</div>
        {actions ? <div className="mt-6 flex flex-col items-center gap-3">{actions}</div> : null}
      </div>
    </CenteredPage>
  );
}
