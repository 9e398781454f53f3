import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from './button';
import type { ButtonSize, ButtonVariant } from './button';

const COPIED_MS = 2_000;

/**
 * Copies `text` to the clipboard and says so ("Copied" on the button for a moment, announced politely). When
 * the clipboard is refused (no permission, insecure origin), a toast says to copy it by hand.
 */
export function CopyButton({
  text,
  label = 'Copy',
  accessibleLabel,
  variant = 'secondary',
  size = 'sm',
  onCopied,
}: {
  text: string;
  label?: string;
  /** A fuller name for screen readers when several copy buttons share a screen, e.g. "Copy booking link". */
  accessibleLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Called after a successful copy (the overview records the link as shared). */
  onCopied?: () => void;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      onCopied?.();
    } catch {
      toast.error('Could not copy automatically. Select the link and copy it by hand.');
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      onClick={() => void copy()}
      aria-label={accessibleLabel}
      className="whitespace-nowrap"
    >
      <CopyIcon />
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}

function CopyIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      className="size-4"
    >
      <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
      <path d="M15.5 8.5V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v7.5a2 2 0 0 0 2 2h2.5" />
    </svg>
  );
}
