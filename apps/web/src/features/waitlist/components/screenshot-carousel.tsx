// The waiting list's screenshot carousel (spec §2.5, §4): three slides that advance every
// CLIENT_TIMINGS.carouselIntervalMs and wrap 0 → 1 → 2 → 0, with dots, Previous/Next and the arrow keys.
// It holds still while the pointer is over it, while focus is inside, while a screenshot is enlarged, when
// paused, and from the start for visitors who prefer reduced motion. A click on a screenshot enlarges it.
import { useId, useLayoutEffect, useState } from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { useReducedMotion } from '@/lib/reduced-motion';
import { Lightbox } from './lightbox';
import type { LightboxImage } from './lightbox';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/marks';

export function ScreenshotCarousel({
  slides,
  label,
  intervalMs = CLIENT_TIMINGS.carouselIntervalMs,
}: {
  slides: readonly LightboxImage[];
  label: string;
  intervalMs?: number;
}) {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [enlarged, setEnlarged] = useState<LightboxImage | null>(null);
  const slidesId = useId();

  const count = slides.length;
  const paused = userPaused ?? reducedMotion;
  const rotating = !paused && !hovered && !focused && enlarged === null && count > 1;

  useLayoutEffect(() => {
    if (!rotating) return;
    // A fresh interval after every move, manual or automatic, counted from the moment the slide is shown (a
    // layout effect: it runs with the commit that shows the slide, never a frame after it).
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count, intervalMs]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys pressed in the enlarged view (a portal, but still a React child) belong to it.
    if (enlarged) return;
    if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === 'ArrowLeft') go(index - 1);
    else return;
    event.preventDefault();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  const current = slides[index] ?? slides[0];
  if (!current) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      className="mx-auto max-w-5xl"
    >
      <div className="relative">
        <div
          id={slidesId}
          aria-live={rotating ? 'off' : 'polite'}
          className="relative aspect-[16/10] overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-2xl shadow-blue-900/10"
        >
          {slides.map((slide, i) => {
            const active = i === index;
            return (
              <div
                key={slide.src}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}: ${slide.title}`}
                aria-hidden={active ? undefined : true}
                inert={!active}
                data-active={active}
                className={`absolute inset-0 transition-opacity duration-500 ${active ? 'opacity-100' : 'opacity-0'}`}
              >
                <button
                  type="button"
                  onClick={() => setEnlarged(slide)}
                  className="block size-full cursor-zoom-in focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-blue-500 focus-visible:ring-inset"
                >
                  <img
                    src={slide.src}
                    alt={slide.alt}
                    width={1280}
                    height={800}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    className="size-full object-cover object-top"
                  />
                  <span className="sr-only">(open larger view)</span>
                </button>
              </div>
            );
          })}
        </div>
        <ArrowButton side="left" controls={slidesId} onClick={() => go(index - 1)} />
        <ArrowButton side="right" controls={slidesId} onClick={() => go(index + 1)} />
      </div>

      <div className="mt-5 flex flex-col items-center gap-4 text-center">
        <p className="text-base text-slate-700">
          <span className="font-semibold text-slate-900">{current.title}.</span> {current.caption}
        </p>
        <div className="flex items-center gap-4">
          <button
            type="button"
            onClick={() => setUserPaused(!paused)}
            className="inline-flex size-10 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            <span className="sr-only">{paused ? 'Play slideshow' : 'Pause slideshow'}</span>
          </button>
          <ol className="flex items-center gap-1">
            {slides.map((slide, i) => (
              <li key={slide.src}>
                <button
                  type="button"
                  aria-label={`Show slide ${i + 1}: ${slide.title}`}
                  aria-current={i === index ? 'true' : undefined}
                  aria-controls={slidesId}
                  onClick={() => go(i)}
                  className="group inline-flex size-10 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2.5 rounded-full transition-all ${
                      i === index ? 'w-8 bg-blue-600' : 'w-2.5 bg-slate-400 group-hover:bg-slate-500'
                    }`}
                  />
                </button>
              </li>
            ))}
          </ol>
          <p className="w-12 text-sm text-slate-600" aria-hidden="true">
            {index + 1} / {count}
          </p>
        </div>
      </div>
      <Lightbox image={enlarged} onClose={() => setEnlarged(null)} />
    </section>
  );
}

function ArrowButton({
  side,
  controls,
  onClick,
}: {
  side: 'left' | 'right';
  controls: string;
  onClick: () => void;
}) {
  const Icon = side === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      aria-controls={controls}
      onClick={onClick}
      className={`absolute top-1/2 ${side === 'left' ? 'left-2 sm:-left-5' : 'right-2 sm:-right-5'} inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full border border-slate-200 bg-white/95 text-slate-800 shadow-lg hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500`}
    >
      <Icon className="size-5" />
      <span className="sr-only">{side === 'left' ? 'Previous' : 'Next'}</span>
    </button>
  );
}
