// Issue 48: the first-paint script warms the browser's date formats on a booking page after the first paint, in
// the agent's zone (from the page's inline answers) and the buyer's own, so the calendar's first format is cheap.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_INLINE_ID } from './first-paint-data';
import { warmDateFormats } from './warm-intl';

afterEach(() => {
  document.head.innerHTML = '';
});

function inlineAnswers(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_PAINT_INLINE_ID;
  script.textContent = json;
  document.head.appendChild(script);
}

describe('warmDateFormats', () => {
  it('after the next frame, makes a format in the agent’s zone and one in the buyer’s own', () => {
    inlineAnswers(
      '{"/api/agents/id/a1":{"success":true,"data":{"first_name":"Dana","timeZone":"America/Chicago"}}}',
    );
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.spyOn(window, 'setTimeout').mockImplementation(((callback: () => void) => {
      timers.push(callback);
      return 0;
    }) as unknown as typeof setTimeout);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    warmDateFormats(FIRST_PAINT_INLINE_ID);
    // Nothing in front of the paint: only a frame is asked for, then a timer after it.
    expect(made).not.toHaveBeenCalled();
    frames.forEach((frame) => frame());
    expect(made).not.toHaveBeenCalled();
    timers.forEach((timer) => timer());
    expect(made.mock.calls.map(([, options]) => options?.timeZone)).toEqual(['America/Chicago', undefined]);
  });

  it('a page without the agent’s answers (not a booking page) warms nothing', () => {
    const raf = vi.fn();
    vi.stubGlobal('requestAnimationFrame', raf);
    warmDateFormats(FIRST_PAINT_INLINE_ID);
    inlineAnswers('{"/api/public/launch":{"launched":true}}');
    warmDateFormats(FIRST_PAINT_INLINE_ID);
    expect(raf).not.toHaveBeenCalled();
  });
});
