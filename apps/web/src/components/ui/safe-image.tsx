import { useState } from 'react';
import type { ReactNode } from 'react';
import { mediaUrl } from '@/lib/api';

/**
 * A stored image (uploads resolve against the API's origin) that hides itself when it fails to load (spec
 * §8), showing `fallback` instead — nothing by default. A new `src` gets a fresh try.
 */
export function SafeImage({
  src,
  alt,
  className,
  fallback = null,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  fallback?: ReactNode;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const resolved = mediaUrl(src);
  if (!resolved || failedSrc === resolved) return <>{fallback}</>;
  return <img src={resolved} alt={alt} className={className} onError={() => setFailedSrc(resolved)} />;
}

/** The first letter of a name, for the places a picture or logo would go. */
export function initialOf(name: string | null | undefined): string {
  return name?.trim().charAt(0).toUpperCase() || '?';
}
