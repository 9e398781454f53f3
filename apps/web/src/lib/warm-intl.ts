// Issue 48: the first date format a page makes costs 10–60 ms on the bench's phone (4× CPU): the browser loads its
// locale and time-zone data then, and once only — later formats cost a millisecond. The booking flow makes its
// first one when the calendar runs, right after the load event, so a buyer's first tap on a day waited for it.
// The first-paint script (first-paint-preload.ts) runs warmDateFormats as soon as it loads: after the next paint
// (never in front of the first one), while the page's code is still downloading, a booking page — its inline
// answers name the agent's time zone — makes one format in that zone and one in the buyer's own, and drops them.

/**
 * Runs in the first-paint script, written out by its source text: it may use nothing from outside its body.
 * `inlineId` is the element of the page's inline answers (a server-rendered page's).
 */
export function warmDateFormats(inlineId: string): void {
  const answers = document.getElementById(inlineId)?.textContent ?? '';
  const zone = /"timeZone":"([A-Za-z_+\-/0-9]+)"/.exec(answers)?.[1];
  if (!zone) return;
  const warm = () => {
    for (const timeZone of [zone, undefined]) {
      try {
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'short',
        }).formatToParts(new Date());
      } catch {
        // An unknown zone: the page says so itself later; the buyer's own is still warmed.
      }
    }
  };
  // After the frame that is about to be painted: a timer set in an animation frame runs once it is on screen.
  requestAnimationFrame(() => setTimeout(warm, 0));
}
