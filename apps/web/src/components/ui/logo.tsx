import { useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/router';
import { DEFAULT_LOGO_SIZE } from '@keyturn/domain/constants';
import type { LogoSize } from '@keyturn/domain/constants';
import { useSession } from '@/lib/auth';

export const PRODUCT_NAME = 'Keyturn';

interface LogoProps {
  size?: LogoSize;
  /** Never a link, even for a signed-out visitor (spec §2.1: "a setting can also disable the click"). */
  disableClick?: boolean;
  className?: string;
}

/**
 * The product logo (spec §2.1). For a visitor who is not signed in it links to /; for a signed-in user it
 * is not clickable. The image comes from VITE_LOGO_URL; without one, or when it fails to load, the product
 * name shows as text.
 */
export function Logo({ size = DEFAULT_LOGO_SIZE, disableClick = false, className = '' }: LogoProps) {
  const { status } = useSession();
  const mark = <LogoMark size={size} />;
  if (disableClick || status === 'signed-in') {
    return <span className={`inline-flex items-center ${className}`}>{mark}</span>;
  }
  return (
    <Link
      to="/"
      aria-label={`${PRODUCT_NAME} home`}
      className={`inline-flex items-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 ${className}`}
    >
      {mark}
    </Link>
  );
}

const imageHeights: Record<LogoSize, string> = { sm: 'h-6', md: 'h-8', lg: 'h-10', xl: 'h-14' };
const textSizes: Record<LogoSize, string> = {
  sm: 'text-base',
  md: 'text-xl',
  lg: 'text-2xl',
  xl: 'text-4xl',
};
const badgeSizes: Record<LogoSize, string> = { sm: 'size-6', md: 'size-8', lg: 'size-10', xl: 'size-14' };

function LogoMark({ size }: { size: LogoSize }) {
  const logoUrl = import.meta.env.VITE_LOGO_URL;
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  // A server-rendered page's image (decision 034) may have failed before the app started: no error event then.
  useEffect(() => {
    const img = image.current;
    if (!img?.complete || img.naturalWidth !== 0 || !logoUrl) return;
    // Some browsers also give an SVG without a size a naturalWidth of 0: decode() tells a failed image apart.
    if (typeof img.decode !== 'function') setFailedUrl(logoUrl);
    else img.decode().catch(() => setFailedUrl(logoUrl));
  }, [logoUrl]);

  if (logoUrl && failedUrl !== logoUrl) {
    return (
      <img
        ref={image}
        src={logoUrl}
        alt={PRODUCT_NAME}
        className={`${imageHeights[size]} w-auto`}
        onError={() => setFailedUrl(logoUrl)}
      />
    );
  }
  return (
    <span
      className={`inline-flex items-center gap-2 font-bold tracking-tight text-slate-900 ${textSizes[size]}`}
    >
      <span
        aria-hidden="true"
        className={`${badgeSizes[size]} inline-flex shrink-0 items-center justify-center rounded-lg bg-blue-600 text-white shadow-sm`}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" className="size-3/5">
          <circle cx="8.5" cy="12" r="3.5" />
          <path d="M12 12h8m-2.5 0v3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
