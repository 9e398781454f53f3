// Decorative icons of the public pages (24×24 outline, currentColor); the text beside them says it all.
import type { SVGProps } from 'react';
import { Icon } from './ui/icons';

type MarkProps = SVGProps<SVGSVGElement>;

function Mark({ className = 'size-6', ...props }: MarkProps) {
  return <Icon className={className} {...props} />;
}

export const CheckIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Mark>
);
export const LinkIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Mark>
);
export const GlobeIcon = (p: MarkProps) => (
  <Mark {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Mark>
);
export const ShieldIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Mark>
);
export const RepeatIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M4 12a8 8 0 0 1 13.7-5.7L20 8.5M20 4v4.5h-4.5" />
    <path d="M20 12a8 8 0 0 1-13.7 5.7L4 15.5M4 20v-4.5h4.5" />
  </Mark>
);
export const ClockIcon = (p: MarkProps) => (
  <Mark {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Mark>
);
export const GaugeIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M4 19a9 9 0 1 1 16 0" />
    <path d="m12 14 4-5" />
  </Mark>
);
export const BellIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16Z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </Mark>
);
export const StarIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
  </Mark>
);
export const RouteIcon = (p: MarkProps) => (
  <Mark {...p}>
    <circle cx="6" cy="18" r="2.5" />
    <circle cx="18" cy="6" r="2.5" />
    <path d="M8.5 18H15a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h6.5" />
  </Mark>
);
export const UsersIcon = (p: MarkProps) => (
  <Mark {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </Mark>
);
export const SyncIcon = (p: MarkProps) => (
  <Mark {...p}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4M9 15h6M13 13l2 2-2 2" />
  </Mark>
);
export const LayoutIcon = (p: MarkProps) => (
  <Mark {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M9 10h12" />
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
export const ArrowRightIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Mark>
);
export const ArrowLeftIcon = (p: MarkProps) => (
  <Mark {...p}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
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
