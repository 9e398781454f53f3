// The public site in Chromium (issue 5): cookie consent and the consent-gated tag manager, page views on
// route changes, the waiting list's carousel, lightbox and sign-up form (stored in the database), the
// landing page's calls to action and anchors, the signed-in redirect, scroll-to-top, what the landing
// page downloads, and the logo's fallback to text (the e2e build sets VITE_LOGO_URL to a missing image).
import { expect, test, type Page } from '@playwright/test';
import { CLIENT_TIMINGS, CONSENT_STORAGE_KEY } from '@keyturn/domain/constants';
import { DEMO, query } from '../support/server.ts';
import { startTagManagerStub, TAG_MANAGER, type TagManagerStub } from '../support/tag-manager.ts';

type DataLayerEntry = { event?: string; page_path?: string; conversion?: string };

const dataLayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { dataLayer?: DataLayerEntry[] }).dataLayer ?? []);
const pageViews = async (page: Page) =>
  (await dataLayer(page)).filter((e) => e.event === 'page_view').map((e) => e.page_path);
const tagManagerRuns = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tagManagerRuns?: number }).__tagManagerRuns ?? 0);
const storedConsent = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), CONSENT_STORAGE_KEY);

/**
 * The banner's second on the page's clock, not the wall clock (issue 42): Playwright's clock drives the page's
 * timers, and the first timer of the banner's delay records, in page time, when it was started and when it
 * fired. A test waits for that event instead of sleeping.
 */
async function timeBannerDelay(page: Page) {
  await page.clock.install();
  await page.addInitScript((delay) => {
    const timer = { setAt: [] as number[], firedAt: [] as number[] };
    (window as unknown as { bannerTimer: typeof timer }).bannerTimer = timer;
    const set = window.setTimeout;
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      if (ms !== delay || typeof handler !== 'function') return set(handler, ms, ...rest);
      timer.setAt.push(Date.now());
      const fire = (...args: unknown[]) => {
        timer.firedAt.push(Date.now());
        (handler as (...a: unknown[]) => void)(...args);
      };
      return set(fire, ms, ...rest);
    }) as typeof window.setTimeout;
  }, CLIENT_TIMINGS.cookieBannerDelayMs);
}
const bannerTimer = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { bannerTimer: { setAt: number[]; firedAt: number[] } }).bannerTimer,
  );
/**
 * Waits until this page load's banner delay has passed (its timer fired) and React has drawn two frames since;
 * answers how long the delay was on the page's clock.
 */
async function bannerDelayPasses(page: Page): Promise<number> {
  await expect.poll(async () => (await bannerTimer(page)).firedAt.length).toBeGreaterThanOrEqual(1);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
  const { setAt, firedAt } = await bannerTimer(page);
  return firedAt[0]! - setAt[0]!;
}

test.describe('cookie consent and analytics (spec §2.3, §4, §9)', () => {
  // These tests start as a first-time visitor: no choice stored.
  test.use({ storageState: { cookies: [], origins: [] } });

  let tagManager: TagManagerStub;
  test.beforeAll(async () => {
    tagManager = await startTagManagerStub();
  });
  test.afterAll(async () => {
    await tagManager.close();
  });
  test.beforeEach(() => {
    tagManager.requests.length = 0;
  });

  test('the banner appears 1 s after load; Accept All loads the tag manager and counts page views', async ({
    page,
  }) => {
    // When the banner first shows, on the page's clock.
    await timeBannerDelay(page);
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('[aria-label="Cookie consent"]')) {
          (window as unknown as { bannerAt: number }).bannerAt = Date.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/pricing');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    // Never before its second on the page's clock (the component test pins it to the millisecond with fake
    // timers; here the page's clock runs with the machine, so it may fire a few ms late, never early).
    expect(await bannerDelayPasses(page)).toBeGreaterThanOrEqual(CLIENT_TIMINGS.cookieBannerDelayMs);
    await expect(banner).toBeVisible();
    const shownAt = await page.evaluate(() => (window as unknown as { bannerAt: number }).bannerAt);
    expect(shownAt - (await bannerTimer(page)).setAt[0]!).toBeGreaterThanOrEqual(
      CLIENT_TIMINGS.cookieBannerDelayMs,
    );

    // Nothing before the decision: no script, no queued page view.
    expect(tagManager.requests).toEqual([]);
    expect(await pageViews(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toBe('accepted');
    await expect.poll(() => tagManager.requests).toEqual([`/gtm.js?id=${TAG_MANAGER.id}`]);
    // The script ran: the server's Content-Security-Policy admits the configured tag manager.
    await expect.poll(() => tagManagerRuns(page)).toBe(1);
    await expect.poll(() => pageViews(page)).toEqual(['/pricing']);

    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.getByRole('banner').getByRole('link', { name: 'Features' }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect.poll(() => pageViews(page)).toEqual(['/pricing', '/about', '/features']);

    // The next visit starts with analytics on and no banner.
    await page.reload();
    await expect.poll(() => pageViews(page)).toEqual(['/features']);
    await expect.poll(() => tagManager.requests.length).toBe(2);
    await bannerDelayPasses(page);
    await expect(banner).toBeHidden();
  });

  test('Reject All: no tag manager, no page views, and it stays that way', async ({ page }) => {
    await timeBannerDelay(page);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await bannerDelayPasses(page);
    await banner.getByRole('button', { name: 'Reject All' }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toBe('rejected');

    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.reload();
    await page.goto('/waitlist-thankyou');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome aboard!' })).toBeVisible();
    await bannerDelayPasses(page);
    await expect(banner).toBeHidden();
    expect(await dataLayer(page)).toEqual([]);
    expect(tagManager.requests).toEqual([]);
    expect(await tagManagerRuns(page)).toBe(0);
  });

  test('close hides the banner without a decision, until the next page load', async ({ page }) => {
    await timeBannerDelay(page);
    await page.goto('/about');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await bannerDelayPasses(page);
    await banner.getByRole('button', { name: 'Close' }).click();
    await expect(banner).toBeHidden();
    expect(await storedConsent(page)).toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    // Moving within the app keeps the banner's state: still closed a whole delay later, on the page's clock.
    await page.clock.runFor(CLIENT_TIMINGS.cookieBannerDelayMs + 500);
    await expect(banner).toBeHidden();
    expect(tagManager.requests).toEqual([]);

    await page.reload();
    await bannerDelayPasses(page);
    await expect(banner).toBeVisible();
  });

  test('turning analytics off on the privacy page clears the queue; the thank-you page converts only with consent', async ({
    page,
  }) => {
    await page.goto('/waitlist-thankyou');
    await page
      .getByRole('region', { name: 'Cookie consent' })
      .getByRole('button', { name: 'Accept All' })
      .click();
    await expect.poll(() => tagManager.requests.length).toBe(1);
    await page.reload();
    await expect
      .poll(async () => (await dataLayer(page)).filter((e) => e.event === 'ad_conversion'))
      .toEqual([{ event: 'ad_conversion', conversion: 'waitlist_signup' }]);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page.getByText('Analytics is on.')).toBeVisible();
    expect((await dataLayer(page)).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Turn analytics off' }).click();
    await expect(page.getByText('Analytics is off.')).toBeVisible();
    // Cleared by the consent effect, which may run a frame after the text on a busy machine.
    await expect.poll(() => dataLayer(page)).toEqual([]);
    await expect.poll(() => storedConsent(page)).toBe('rejected');

    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(await dataLayer(page)).toEqual([]);
  });
});

test.describe('waiting-list page (spec §2.5)', () => {
  const shownSlide = (page: Page) =>
    page.locator('[aria-roledescription="slide"][data-active="true"]').getAttribute('aria-label');

  test('the carousel advances every 5 s and wraps, with dots, Previous/Next and the arrow keys', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/waiting-list');
    const carousel = page.getByRole('region', { name: 'Screenshots of Keyturn' });
    await expect(carousel).toBeVisible();
    // From here on, page time moves only when the test moves it.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const outside = page.getByRole('heading', { name: 'Real screens from the app' });
    const every = CLIENT_TIMINGS.carouselIntervalMs;

    // A dot shows its slide; pointer and focus inside hold the carousel, leaving restarts a full interval.
    await carousel.getByRole('button', { name: /^Show slide 1/ }).click();
    await expect.poll(() => shownSlide(page)).toMatch(/^1 of 3/);
    await expect(carousel.getByRole('button', { name: /^Show slide 1/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await page.clock.runFor(2 * every);
    expect(await shownSlide(page)).toMatch(/^1 of 3/);
    await outside.click();

    await page.clock.runFor(every - 1);
    expect(await shownSlide(page)).toMatch(/^1 of 3/);
    await page.clock.runFor(1);
    await expect.poll(() => shownSlide(page)).toMatch(/^2 of 3/);
    await page.clock.runFor(every);
    await expect.poll(() => shownSlide(page)).toMatch(/^3 of 3/);
    await page.clock.runFor(every);
    await expect.poll(() => shownSlide(page)).toMatch(/^1 of 3/);

    await carousel.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => shownSlide(page)).toMatch(/^3 of 3/);
    await carousel.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => shownSlide(page)).toMatch(/^1 of 3/);
    await carousel.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => shownSlide(page)).toMatch(/^2 of 3/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownSlide(page)).toMatch(/^3 of 3/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shownSlide(page)).toMatch(/^1 of 3/);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shownSlide(page)).toMatch(/^3 of 3/);
  });

  test('a screenshot opens in a lightbox that locks scrolling and closes by Escape, outside click and Close', async ({
    page,
  }) => {
    await page.goto('/waiting-list');
    const activeImage = page.locator('[aria-roledescription="slide"][data-active="true"] button');
    const lightbox = page.getByRole('dialog');
    const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);

    await activeImage.click();
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole('button', { name: 'Close' })).toBeFocused();
    expect(await bodyOverflow()).toBe('hidden');
    const scrollY = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    await page.keyboard.press('Tab');
    await expect(lightbox.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    expect(await bodyOverflow()).not.toBe('hidden');
    await expect(activeImage).toBeFocused();

    await activeImage.click();
    await expect(lightbox).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(lightbox).toBeHidden();

    await activeImage.click();
    await lightbox.getByRole('img').click();
    await expect(lightbox).toBeVisible();
    await lightbox.getByRole('button', { name: 'Close' }).click();
    await expect(lightbox).toBeHidden();
    expect(await bodyOverflow()).not.toBe('hidden');
  });

  test('Book your Demo goes to the form; the form checks its fields', async ({ page }) => {
    await page.goto('/waiting-list');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Calendly for Real Estate Agents' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Book your Demo' }).click();
    await expect(page.getByLabel('Name')).toBeFocused();
    await expect(page.getByLabel('Name')).toBeInViewport();

    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Choose the segment that fits you best')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page).toHaveURL(/\/waiting-list$/);
  });

  test('a new sign-up is stored and moves on to the thank-you page after 1 s; the same e-mail again is told kindly', async ({
    page,
  }) => {
    const email = `avery.${Date.now()}@example.com`;
    const join = async (address: string) => {
      await page.goto('/waiting-list');
      await page.getByLabel('Name').fill('Avery Brooks');
      await page.getByLabel('Email').fill(address);
      await page.getByLabel('Company (optional)').fill('Brooks Realty');
      await page.getByLabel('What describes you best?').selectOption({ label: 'Agency' });
      await page.getByRole('button', { name: 'Join the waiting list' }).click();
    };

    // The page's clock (not the wall clock, issue 42): paused once the page is up, so the 1 s is counted exactly.
    await page.clock.install();
    await page.goto('/waiting-list');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    await join(email);
    await expect(page.getByText('Taking you to what happens next…')).toBeVisible();
    await page.clock.runFor(CLIENT_TIMINGS.waitlistRedirectMs - 1);
    await expect(page).toHaveURL(/\/waiting-list$/);
    await page.clock.runFor(1);
    await page.waitForURL('**/waiting-list/waitlist-thankyou');
    await page.clock.resume();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome aboard, Avery!' })).toBeVisible();

    const rows = await query<{ kind: string; name: string; company: string; segment: string }>(
      'select kind, name, company, segment from waitlist_entries where lower(email) = lower($1)',
      [email],
    );
    expect(rows).toEqual([
      { kind: 'waitlist', name: 'Avery Brooks', company: 'Brooks Realty', segment: 'agency' },
    ]);

    await join(email.toUpperCase());
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByText(/already on the waiting list/)).toBeVisible();
    await page.waitForTimeout(CLIENT_TIMINGS.waitlistRedirectMs + 1_000);
    await expect(page).toHaveURL(/\/waiting-list$/);
    const [count] = await query<{ n: string }>(
      'select count(*) as n from waitlist_entries where lower(email) = lower($1)',
      [email],
    );
    expect(count?.n).toBe('1');
    await page.getByRole('link', { name: 'See what happens next' }).click();
    await expect(page).toHaveURL(/\/waiting-list\/waitlist-thankyou$/);
  });
});

test.describe('landing page and shared behaviours (spec §2.1, §2.3)', () => {
  test('both calls to action go to /waiting-list; Watch Demo shows the walkthrough', async ({ page }) => {
    // Decision 034: the hero is already in the HTML of / (the signed-out first screen, rendered by the server).
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/<div id="root">.*>Showings that book themselves<\/h1>/s);
    await page.goto('/');
    const main = page.getByRole('main');
    const ctas = main.getByRole('link', { name: 'Join Waiting List' });
    await expect(ctas).toHaveCount(2);
    for (const cta of await ctas.all()) await expect(cta).toHaveAttribute('href', '/waiting-list');

    await main.getByRole('button', { name: 'Watch Demo' }).click();
    await expect(page.locator('#demo')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Pause walkthrough' })).toBeVisible();
    // The app took the server's nodes over once it started: one hero heading, one header.
    await expect(page.getByRole('heading', { level: 1, name: 'Showings that book themselves' })).toHaveCount(
      1,
    );
    await expect(page.locator('header')).toHaveCount(1);

    await ctas.last().click();
    await expect(page).toHaveURL(/\/waiting-list$/);
    await page.goto('/');
    await ctas.first().click();
    await expect(page).toHaveURL(/\/waiting-list$/);
  });

  test('footer anchors lead to their section of the landing page from any page', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).click();
    await expect(page).toHaveURL(/\/#api$/);
    await expect(page.locator('#api')).toBeInViewport();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Status' }).click();
    await expect(page.locator('#status')).toBeInViewport();
  });

  test('a signed-in visitor to / is sent to /dashboard', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Scroll to top appears past 300 px and glides back to the top', async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await page.evaluate((y) => window.scrollTo(0, y), CLIENT_TIMINGS.scrollTopThresholdPx - 100);
    await page.waitForTimeout(200);
    await expect(button).toBeHidden();
    await page.evaluate((y) => window.scrollTo(0, y), CLIENT_TIMINGS.scrollTopThresholdPx + 200);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test('the landing page loads none of the dashboard or booking code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('landing-page'))).toBe(true);
    const foreign = scripts.filter((s) =>
      /(dashboard|overview-page|booking-page|bookings-page|properties-page|settings-page|reports-page|feedback|subscription-page|profile-setup)/.test(
        s,
      ),
    );
    expect(foreign).toEqual([]);
  });

  test('every public page has its own title and meta description', async ({ page }) => {
    const seen = new Set<string>();
    for (const path of [
      '/',
      '/pricing',
      '/about',
      '/features',
      '/success-stories',
      '/privacy-policy',
      '/waiting-list',
      '/waitlist-thankyou',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const title = await page.title();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(await page.locator('meta[name="description"]').count(), path).toBe(1);
      expect(title, path).toMatch(/Keyturn/);
      expect(description?.length ?? 0, path).toBeGreaterThan(50);
      expect(seen.has(`${title}|${description}`), path).toBe(false);
      seen.add(`${title}|${description}`);
    }
  });
});

test('a logo image that fails to load is hidden and the product name shows as text (spec §2.1, §8)', async ({
  page,
}) => {
  const logoRequests: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/brand/missing-logo.png')) logoRequests.push(`${res.status()}`);
  });
  await page.goto('/about');
  const home = page.getByRole('link', { name: 'Keyturn home' }).first();
  await expect(home).toContainText('Keyturn');
  await expect(home.locator('img')).toHaveCount(0);
  expect(logoRequests).toContain('404');
});
