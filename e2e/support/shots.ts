// A page screenshotted at the phone's and the desk's widths (390 and 1280 px), then back at 390 px, where it must
// fit the width: no sideways scrolling.
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export function shooter(dir: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    mkdirSync(dir, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  };
}
