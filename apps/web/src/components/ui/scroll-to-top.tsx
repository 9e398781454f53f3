import { useEffect, useRef, useState } from 'react';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { boxesOverlap } from '@/lib/focus-clear';

/** What the button must never sit on (issue 29): anything a visitor can press, pick or type into. */
const INTERACTIVE =
  'a[href], button, input, select, textarea, label, summary, [role="button"], [role="radio"], [role="link"], [tabindex]:not([tabindex="-1"])';

/**
 * A button that appears once the page is scrolled past the threshold and glides back to the top (spec §2.1).
 * It never covers what it floats over (issue 29, WCAG 2.4.11): it steps aside while the focused element or
 * anything pressable (a time slot, a field) lies under its place, and while a form field has the focus (issue
 * 19: on a phone the on-screen keyboard). On an agent's page it takes the agent's colour (the --kt-primary
 * variables the page sets), Keyturn blue elsewhere.
 */
export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  const [brand, setBrand] = useState<Record<string, string> | undefined>(undefined);
  const placeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const update = () => {
      const place = placeRef.current?.getBoundingClientRect();
      const past = window.scrollY > CLIENT_TIMINGS.scrollTopThresholdPx;
      const clear = past && place !== undefined && !isFormField(document.activeElement) && !covers(place);
      setVisible(clear);
      if (clear) setBrand(pageBrand());
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, []);

  return (
    <>
      {/* The button's place, always there (invisible, never hit): what lies under it is checked against it. */}
      <div
        ref={placeRef}
        aria-hidden="true"
        className="pointer-events-none invisible fixed right-4 bottom-4 size-12 sm:right-6 sm:bottom-6"
      />
      {visible ? (
        <button
          type="button"
          aria-label="Scroll to top"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          style={brand}
          className="fixed right-4 bottom-4 z-40 inline-flex size-12 items-center justify-center rounded-full bg-[var(--kt-primary,#2563eb)] text-[var(--kt-on-primary,#fff)] shadow-lg transition hover:brightness-95 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary,#3b82f6)] focus-visible:ring-offset-2 sm:right-6 sm:bottom-6"
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="size-5"
            aria-hidden="true"
          >
            <path d="M12 19V5m-6 6 6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      ) : null}
    </>
  );
}

/** The focused element, or anything pressable, lies (partly) under `place`. */
function covers(place: DOMRect): boolean {
  const focused = document.activeElement;
  // The button itself takes the focus when pressed: that must not make it step aside before its click lands.
  const own = focused?.getAttribute('aria-label') === 'Scroll to top';
  if (focused && focused !== document.body && !own && boxesOverlap(focused.getBoundingClientRect(), place))
    return true;
  if (typeof document.elementsFromPoint !== 'function') return false;
  const points: [number, number][] = [
    [place.left + 1, place.top + 1],
    [place.right - 1, place.top + 1],
    [place.left + 1, place.bottom - 1],
    [place.right - 1, place.bottom - 1],
    [place.left + place.width / 2, place.top + place.height / 2],
  ];
  return points.some(([x, y]) =>
    document.elementsFromPoint(x, y).some(
      // The button itself (and its icon) is not something it covers.
      (element) => !element.closest('[aria-label="Scroll to top"]') && element.closest(INTERACTIVE),
    ),
  );
}

/** The agent's colour variables of the page (set on its outer element), or undefined for Keyturn's. */
function pageBrand(): Record<string, string> | undefined {
  const branded = document.querySelector<HTMLElement>('[style*="--kt-primary"]');
  const primary = branded?.style.getPropertyValue('--kt-primary');
  if (!branded || !primary) return undefined;
  return { '--kt-primary': primary, '--kt-on-primary': branded.style.getPropertyValue('--kt-on-primary') };
}

function isFormField(element: Element | null): boolean {
  if (element instanceof HTMLInputElement)
    return !['button', 'submit', 'reset', 'checkbox', 'radio'].includes(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}
