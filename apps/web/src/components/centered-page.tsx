import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';

/** A single card in the middle of the screen, the logo above it: sign-in, sign-up and public one-off pages. */
export function CenteredPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-slate-50 px-4 py-10 sm:justify-center sm:py-16">
      <div className="mb-8">
        <Logo />
      </div>
      <main
        id="main"
        className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}
      >
        {children}
      </main>
    </div>
  );
}
