import type { Browser, BrowserContext, Page } from 'playwright-core';

// The phone the public pages are measured on (bench/pages.ts, bench/first-tap.ts): 390 px at 3x, touch, a CPU four
// times slower than this machine's, and a slow mobile network.
export const MOBILE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
/** Lighthouse-style "slow 4G"-ish: 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * A fresh context and page on the phone: no cache, its network and CPU, and the analytics choice already made (as
 * for a returning visitor: the consent row that appears after a second is not what a figure measures; static
 * pages ignore it). The caller adds its own observers before it opens the page, and closes the context.
 */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...MOBILE });
  const page = await context.newPage();
  await page.addInitScript((key) => {
    try {
      // Runs in the page: globalThis is its window.
      (
        globalThis as unknown as { localStorage: { setItem: (k: string, v: string) => void } }
      ).localStorage.setItem(key, 'rejected');
    } catch {
      // storage refused: the banner may then show
    }
  }, 'cookie-consent');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}
