// The booking steps' Back (spec §2.4): a quiet link-like button with a chevron, above the step it leaves.
import { useT } from '@/lib/i18n';
import { BOOKING } from '../texts';

export function BackButton({ onClick }: { onClick: () => void }) {
  const t = useT(BOOKING);
  return (
    <button
      type="button"
      onClick={onClick}
      className="mb-4 inline-flex min-h-10 items-center gap-1 rounded-lg pr-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
        className="size-4"
      >
        <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('back')}
    </button>
  );
}
