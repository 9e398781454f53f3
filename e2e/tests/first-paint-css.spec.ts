// Issue 48: a server-rendered public page carries only the rules its first screen uses (Beasties, in
// apps/api/src/http/first-screen.ts); the whole stylesheet is linked at the end of <body>. What a buyer sees
// before that file arrives must be what they see after: the page opened with the stylesheet's request held
// back is, pixel for pixel, the page with it — at 390 and 1280 px, before any of the app's code runs (scripts
// off: the server's markup is what paints first).
import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { CONSENT_DECIDED, demoAgent } from '../support/server.ts';

const STYLESHEET = /\/assets\/index-[\w-]+\.css$/;

async function firstScreen(browser: Browser, path: string, width: number, withStylesheet: boolean) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled: false,
    storageState: CONSENT_DECIDED,
  });
  const page = await context.newPage();
  let asked = 0;
  await page.route(STYLESHEET, (route) => {
    asked++;
    return withStylesheet ? route.continue() : route.abort();
  });
  try {
    await page.goto(path, { waitUntil: 'load' });
    const inline = await page
      .locator('head style')
      .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ''));
    return { shot: await page.screenshot(), asked, inline };
  } finally {
    await context.close();
  }
}

test('the first screen of every server-rendered public page paints the same with its own rules alone as with the whole stylesheet', async ({
  browser,
}) => {
  const agent = await demoAgent();
  for (const path of [`/bookme/${agent.id}`, '/', '/pricing', '/waiting-list', '/about']) {
    for (const width of [390, 1280]) {
      const alone = await firstScreen(browser, path, width, false);
      const whole = await firstScreen(browser, path, width, true);
      // The stylesheet is linked (asked for once), and the page's own rules are a part of it, not all of it.
      expect(whole.asked, `${path} at ${width}`).toBe(1);
      expect(alone.inline.join('').length, `${path} at ${width}`).toBeGreaterThan(1_000);
      expect(alone.inline.join('').length, `${path} at ${width}`).toBeLessThan(60_000);
      expect(
        alone.shot.equals(whole.shot),
        `${path} at ${width}: the first screen changed when the stylesheet came`,
      ).toBe(true);
    }
  }
});
