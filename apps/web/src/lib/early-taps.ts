// Taps made before React owns the page (issue 48, decision 078). A booking page opened on a date (?date=) is
// server-rendered with its calendar, shown at the first paint while the page's code is still downloading or
// hydrating: a tap on a day then reaches a button React does not handle yet, and the browser drops it — on a phone
// that is the first few hundred ms after the load event, when a buyer is most likely to tap. (The date's times
// load after the take-over, so the days are the only choice on screen before it.) The first-paint script
// (first-paint-preload.ts) runs captureEarlyTaps as soon as it loads: it keeps the last tap on a day (stopping it
// there, so a half-hydrated page cannot act on it too) and marks the button pressed. The calendar, once it runs in
// the browser, calls takeEarlyTap: capturing stops for good and the tapped day becomes the chosen date.

/** The window property captureEarlyTaps fills. */
export const EARLY_TAPS_KEY = '__keyturnEarlyTaps';

/** The attribute of a day button whose early tap is kept; its value is the day, yyyy-MM-dd. */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';

type EarlyTaps = { take: () => string | null };

/**
 * Runs in the first-paint script, written out by its source text: it may use nothing from outside its body. From
 * now until `take()`, a click on (or in) a button carrying `attribute` is stopped before the page's handlers and
 * kept (the last one wins); the button reads aria-pressed="true" meanwhile (index.css shows it chosen), and gets
 * its own aria-pressed back at `take()`.
 */
export function captureEarlyTaps(key: string, attribute: string): void {
  const store = window as unknown as Record<string, EarlyTaps | undefined>;
  // The page's code ran first (this script came late) and has taken over already: nothing to capture.
  if (store[key]) return;
  let kept: string | null = null;
  let pressed: { button: Element; before: string | null } | null = null;
  const release = () => {
    if (!pressed) return;
    if (pressed.before === null) pressed.button.removeAttribute('aria-pressed');
    else pressed.button.setAttribute('aria-pressed', pressed.before);
    pressed = null;
  };
  const onClick = (event: Event) => {
    const target = event.target as Element | null;
    const button = target && target.closest ? target.closest(`[${attribute}]`) : null;
    // A day that cannot be chosen: the page would do nothing with it either.
    if (!button || button.getAttribute('aria-disabled') === 'true' || button.hasAttribute('disabled')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    release();
    kept = button.getAttribute(attribute);
    pressed = { button, before: button.getAttribute('aria-pressed') };
    button.setAttribute('aria-pressed', 'true');
  };
  document.addEventListener('click', onClick, true);
  store[key] = {
    take() {
      document.removeEventListener('click', onClick, true);
      release();
      const value = kept;
      kept = null;
      return value;
    },
  };
}

/**
 * Stops the capture (for good: from here React handles every tap) and returns the day it kept, once (yyyy-MM-dd);
 * null when there was none, or no first-paint script ran (a page the client rendered, the dev server, a test).
 */
export function takeEarlyTap(): string | null {
  const store = window as unknown as Record<string, EarlyTaps | undefined>;
  const taps = store[EARLY_TAPS_KEY];
  // What stays behind tells a first-paint script that loads only now that the page is live already.
  store[EARLY_TAPS_KEY] = { take: () => null };
  return taps?.take() ?? null;
}
