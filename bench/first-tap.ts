// The first tap on the booking page's calendar (issue 48), on the phone profile: bench/pages.ts prints it beside
// the same tap on a static page's button.
import type { Browser } from 'playwright-core';
import { phonePage } from './phone-profile';

export const TAP_BASELINE_PATH = '/bench-tap-baseline.html';
export const TAP_BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title><script type="module" src="/bench-tap-baseline.js"></script></head>
<body style="font-family: system-ui, sans-serif; margin: 16px">
<table role="grid"><tr><td role="gridcell" aria-selected="false"><button type="button">4</button></td></tr></table>
</body></html>
`;
/** The baseline's script (a file: the CSP allows no inline script): the tapped day is chosen at once. */
export const TAP_BASELINE_JS = `document.querySelector('button').addEventListener('click', (event) => {
  event.currentTarget.parentElement.setAttribute('aria-selected', 'true');
});
`;

/**
 * A fresh throttled context; at the load event, a tap on the first selectable day of the grid that is not the
 * chosen one; the ms from the load event until that day's cell reads aria-selected="true" (a MutationObserver in
 * the page notes the moment, so reading it back adds nothing).
 */
export async function measureFirstTap(browser: Browser, url: string): Promise<{ ms: number; lost: number }> {
  const { context, page } = await phonePage(browser);
  try {
    await page.addInitScript(() => {
      // Runs in the page: globalThis is its window.
      const window = globalThis as unknown as {
        __chosenAt: number;
      };
      window.__chosenAt = -1;
      // The DOM's own types are not in this package's lib: the page's objects, loosely typed.
      type Cell = { getAttribute: (name: string) => string | null };
      type Observer = new (callback: (records: { target: unknown; oldValue: string | null }[]) => void) => {
        observe: (node: unknown, options: Record<string, unknown>) => void;
      };
      const page = globalThis as unknown as { MutationObserver: Observer; document: unknown };
      new page.MutationObserver((records) => {
        for (const record of records) {
          const selected = (record.target as Cell).getAttribute('aria-selected') === 'true';
          if (record.oldValue === 'false' && selected && window.__chosenAt < 0)
            window.__chosenAt = performance.now();
        }
      }).observe(page.document, {
        subtree: true,
        attributeFilter: ['aria-selected'],
        attributeOldValue: true,
      });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // A tap the page drops (the day not chosen within 5 s) is counted and made again, up to three times: the
    // figure is then the time until a tap took, and `lost` says how many did not.
    const chosen = () => (globalThis as unknown as { __chosenAt: number }).__chosenAt >= 0;
    let lost = 0;
    for (;;) {
      await page
        .locator('[role="gridcell"][aria-selected="false"] button:not([aria-disabled])')
        .first()
        .tap({ timeout: 60_000 });
      const took = await page.waitForFunction(chosen, null, { timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (took) break;
      if (++lost === 3) throw new Error(`three taps on a day of ${url} were not taken`);
    }
    const ms = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation' as 'mark') as unknown as {
        loadEventStart: number;
      }[];
      const chosenAt = (globalThis as unknown as { __chosenAt: number }).__chosenAt;
      return Math.round(chosenAt - (navigation?.loadEventStart ?? 0));
    });
    return { ms, lost };
  } finally {
    await context.close();
  }
}
