// Decorative icons of the waiting-list pages (24×24 outline, currentColor); the text beside them says it all.
import type { ReactNode, SVGProps } from 'react';

type MarkProps = SVGProps<SVGSVGElement>;

function Mark({ children, className = 'size-6', ...props }: MarkProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}

export const CheckIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Mark>
);
export const ChevronLeftIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="m15 5-7 7 7 7" />
  </Mark>
);
export const ChevronRightIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="m9 5 7 7-7 7" />
  </Mark>
);
export const PlayIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M8 5.5v13l10.5-6.5L8 5.5Z" />
  </Mark>
);
export const PauseIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M8.5 5v14M15.5 5v14" />
  </Mark>
);
export const MailIcon = (p: MarkProps) => (
  <Mark {...p}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </Mark>
);
export const BoltIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M13 3 5 13.5h6L10 21l8-10.5h-6L13 3Z" />
  </Mark>
);
export const CrownIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="m4 8 4 4 4-7 4 7 4-4-1.5 10h-13L4 8Z" />
  </Mark>
);
