// WCAG 2.4.11 (issue 29): a field that takes the focus under the cookie banner is scrolled clear of it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFocusClearOf } from './focus-clear';

const box = (top: number, bottom: number) =>
  ({ top, bottom, left: 0, right: 390, width: 390, height: bottom - top, x: 0, y: top }) as DOMRect;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('keepFocusClearOf', () => {
  it('scrolls a focused field under the bar up above it; one clear of it, or inside the bar, stays', () => {
    document.body.innerHTML =
      '<input id="under"><input id="above"><section id="bar"><button id="inside">Accept All</button></section>';
    const bar = document.getElementById('bar')!;
    const at = (id: string, top: number, bottom: number) =>
      vi.spyOn(document.getElementById(id)!, 'getBoundingClientRect').mockReturnValue(box(top, bottom));
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue(box(780, 844));
    at('under', 790, 834);
    at('above', 600, 644);
    at('inside', 790, 820);
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    const stop = keepFocusClearOf(bar);

    document.getElementById('above')!.focus();
    document.getElementById('inside')!.focus();
    expect(scrollBy).not.toHaveBeenCalled();
    document.getElementById('under')!.focus();
    expect(scrollBy).toHaveBeenCalledWith({ top: 834 - 780 + 8 });

    stop();
    document.getElementById('above')!.focus();
    document.getElementById('under')!.focus();
    expect(scrollBy).toHaveBeenCalledTimes(1);
  });
});
