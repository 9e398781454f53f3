// The line under every buyer- and seller-facing page: "Powered by Keyturn", and the accessibility statement
// (issue 43: linked from every public footer).
import { ACCESSIBILITY_PATH } from '@keyturn/domain/links';
import { Logo } from '@/components/ui/logo';

export function PoweredBy({ className = '' }: { className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 ${className}`}>
      <span className="flex items-center gap-2">
        <span>Powered by</span>
        <Logo size="sm" />
      </span>
      <a
        href={ACCESSIBILITY_PATH}
        className="inline-flex min-h-6 items-center rounded underline-offset-2 hover:text-slate-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        Accessibility
      </a>
    </div>
  );
}
