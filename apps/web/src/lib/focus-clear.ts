// WCAG 2.4.11 Focus Not Obscured (issue 29): what floats over the page — the cookie banner, the Scroll to top
// button — must never hide the element that has the keyboard focus.

/** Whether two boxes share any area. */
export function boxesOverlap(a: DOMRect, b: DOMRect): boolean {
  return a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;
}

/**
 * While it runs, an element that takes the focus under `cover` (a bar fixed to the bottom) is scrolled up
 * clear of it. Returns the stop function.
 */
export function keepFocusClearOf(cover: HTMLElement): () => void {
  const onFocus = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || cover.contains(target)) return;
    const box = target.getBoundingClientRect();
    const bar = cover.getBoundingClientRect();
    if (boxesOverlap(box, bar)) window.scrollBy({ top: box.bottom - bar.top + 8 });
  };
  document.addEventListener('focusin', onFocus);
  return () => document.removeEventListener('focusin', onFocus);
}
