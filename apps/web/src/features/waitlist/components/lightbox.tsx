// A screenshot at full size over the page (spec §2.5): Escape, a click outside the picture or the Close button
// close it; the page behind does not scroll; focus stays inside and returns to what opened it.
import { useEffect, useEffectEvent, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/ui/icons';

export interface LightboxImage {
  src: string;
  alt: string;
  title: string;
  caption: string;
}

export function Lightbox({ image, onClose }: { image: LightboxImage | null; onClose: () => void }) {
  if (!image) return null;
  return createPortal(<OpenLightbox image={image} onClose={onClose} />, document.body);
}

function OpenLightbox({ image, onClose }: { image: LightboxImage; onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = useEffectEvent(onClose);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = Array.from(
        dialogRef.current?.querySelectorAll<HTMLElement>(
          'button, a[href], [tabindex]:not([tabindex="-1"])',
        ) ?? [],
      );
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialogRef.current?.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialogRef.current?.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };

    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={image.title}
      data-testid="lightbox"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center bg-slate-950/95 p-4 sm:p-8"
      onClick={(event) => {
        if (!figureRef.current?.contains(event.target as Node)) onClose();
      }}
    >
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        className="absolute top-3 right-3 inline-flex min-h-11 items-center gap-2 rounded-lg bg-white/10 px-3 text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white sm:top-5 sm:right-5"
      >
        <CloseIcon />
        Close
      </button>
      <figure ref={figureRef} className="flex max-h-full max-w-6xl flex-col items-center">
        <img
          src={image.src}
          alt={image.alt}
          className="max-h-[calc(100dvh-9rem)] w-auto max-w-full rounded-lg bg-white shadow-2xl"
        />
        <figcaption className="mt-3 text-center text-sm text-slate-200">
          <span className="font-semibold text-white">{image.title}.</span> {image.caption}
        </figcaption>
      </figure>
    </div>
  );
}
