import type { ReactNode } from 'react';
import { ACCESSIBILITY_PATH } from '@keyturn/domain/constants';
import { CenteredPage } from '@/components/centered-page';

/** The frame of the sign-in and sign-up screens: title, short intro, the form, and a link to the other one. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <CenteredPage>
      <title>{`${title} · Keyturn`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{intro}</p>
      <div className="mt-6">{children}</div>
      <p className="mt-6 border-t border-slate-100 pt-6 text-center text-sm text-slate-600">{footer}</p>
      <p className="mt-4 text-center text-xs text-slate-500">
        <a
          href={ACCESSIBILITY_PATH}
          className="inline-flex min-h-6 items-center rounded hover:text-slate-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          Accessibility
        </a>
      </p>
    </CenteredPage>
  );
}

export const textLink =
  'font-semibold text-blue-700 hover:text-blue-800 hover:underline rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500';
