// Decision 036: React 19 and React DOM are the app's React again, and the five pages whose first screen the
// server renders (decision 034) — the agent booking page, a team's page, /, /pricing, /waiting-list — are
// taken over by hydrateRoot. In Chromium: the server's nodes are the live ones afterwards and carry React DOM's
// fibers, and there is no hydration error or warning: neither a console message about hydration nor a
// recoverable error, which main.tsx's onRecoverableError writes under RECOVERABLE_ERROR_PREFIX.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { teamPagePath } from '@keyturn/domain/links';
import { RECOVERABLE_ERROR_PREFIX } from '../../apps/web/src/lib/hydration';
import { api, demoAgent, DEMO, freeSlot, newAgent, query } from '../support/server.ts';

test.describe.configure({ mode: 'serial' });

let teamSlug = '';

test.beforeAll(async () => {
  // A team (Enterprise) with its public page: its owner is the pool, so the consultation card shows too.
  const owner = await newAgent('Hydra');
  await query(`update agents set plan = 'enterprise' where id = $1`, [owner.id]);
  teamSlug = `hydra-${Date.now().toString(36)}`;
  const created = await api('POST', '/team', { name: 'Hydra Homes', slug: teamSlug }, owner.token);
  expect(created.status).toBe(201);
});

/**
 * Opens `path` and waits until React has taken the page over. Returns the problems seen on the way (console
 * messages about hydration, recoverable errors, uncaught page errors) and the server nodes that are no longer
 * in the page or carry no React fiber.
 */
async function hydrate(
  page: Page,
  path: string,
): Promise<{ problems: string[]; nodes: string[]; serverNodes: number }> {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|did not match|recoverable/i.test(text) || text.startsWith(RECOVERABLE_ERROR_PREFIX))
      problems.push(`${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Every element of #root as the HTML parser left it, kept before any module script runs (readyState turns
  // 'interactive' when parsing ends, before deferred and module scripts execute).
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (globalThis as unknown as { __serverNodes: Element[] }).__serverNodes = [
        ...Array.from(document.querySelectorAll('#root *')),
      ];
    });
  });
  await page.goto(path);
  // (The same check written out in each page function: they run in the page, which has its own scope.)
  await page.waitForFunction(() => {
    const first = document.querySelector('#root')?.firstElementChild;
    return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
  await page.waitForLoadState('networkidle');
  // Parts below the first screen hydrate when their code has arrived, at React's idle priority: wait until
  // every server node still in the page carries a fiber (a node that never does is reported below).
  await page
    .waitForFunction(
      () =>
        ((globalThis as unknown as { __serverNodes?: Element[] }).__serverNodes ?? []).every(
          (node) => !node.isConnected || Object.keys(node).some((key) => key.startsWith('__reactFiber$')),
        ),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  const lost = await page.evaluate(() => {
    const nodes = (globalThis as unknown as { __serverNodes?: Element[] }).__serverNodes ?? [];
    const hasFiber = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));
    return {
      count: nodes.length,
      // A broken image is swapped for its fallback on purpose (the e2e build's logo URL is missing): that
      // is the app reacting after the take-over, not a node thrown away by it.
      gone: nodes
        .filter((node) => !node.isConnected)
        .filter((node) => !(node instanceof HTMLImageElement && node.complete && node.naturalWidth === 0))
        .map((node) => node.outerHTML.slice(0, 120)),
      bare: nodes
        .filter((node) => node.isConnected && !hasFiber(node))
        .map((node) => node.outerHTML.slice(0, 120)),
    };
  });
  const nodes = [
    ...lost.gone.map((html) => `server node replaced: ${html}`),
    ...lost.bare.map((html) => `server node without a React fiber: ${html}`),
  ];
  return { problems, nodes, serverNodes: lost.count };
}

test('the booking page: the server-rendered first screen is hydrated by React DOM, no hydration warning', async ({
  page,
}) => {
  const agent = await demoAgent();
  const intro = 'This will be a 30-minute consultation session with Dana Whitfield.';
  for (const path of [`/bookme/${agent.id}`, `/bookme/${agent.id}/${DEMO.username}`]) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain(intro);
    const { problems, nodes, serverNodes } = await hydrate(page, path);
    expect(serverNodes, path).toBeGreaterThan(50);
    expect(problems, path).toEqual([]);
    expect(nodes, path).toEqual([]);
    // The nodes a buyer sees first carry React DOM's fibers, and the page works: the purpose radios answer.
    const fibers = await page
      .getByText(intro)
      .evaluate((node) => Object.keys(node).filter((key) => key.startsWith('__reactFiber$')).length);
    expect(fibers, path).toBe(1);
    await page.getByText('Open House').click();
    await expect(page.getByRole('radio', { name: 'Open House' })).toBeChecked();
  }
});

test('a booking link with ?date=: the calendar the server rendered is the one React takes over, never a loading step', async ({
  page,
}) => {
  // Decision 078: the calendar step's code is loaded before hydration, so its server nodes are hydrated in
  // place; before, an update during the wait replaced them with the loading placeholder (and a tap with them).
  const agent = await demoAgent();
  const { date } = await freeSlot(agent.id, 3);
  const path = `/bookme/${agent.id}?date=${date}`;
  const html = await (await page.request.get(path)).text();
  expect(html).toContain(`data-date="${date}"`);
  const { problems, nodes, serverNodes } = await hydrate(page, path);
  expect(serverNodes).toBeGreaterThan(100);
  expect(problems).toEqual([]);
  // The date's times load after the take-over: their "Loading available times..." line gives way to them.
  expect(nodes.filter((node) => !node.includes('Loading available times...'))).toEqual([]);
  await expect(page.locator(`[role="gridcell"]:has(button[data-date="${date}"])`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test("a team's page, /, /pricing and /waiting-list hydrate without a warning", async ({ page }) => {
  for (const [path, heading] of [
    [teamPagePath(teamSlug), 'Hydra Homes'],
    ['/', 'Showings that book themselves'],
    ['/pricing', 'Plans for every kind of agent'],
    ['/waiting-list', 'Calendly for Real Estate Agents'],
  ] as const) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toMatch(new RegExp(`<div id="root">.*<h1[^>]*>${heading}</h1>`, 's'));
    const { problems, nodes, serverNodes } = await hydrate(page, path);
    expect(serverNodes, path).toBeGreaterThan(10);
    expect(problems, path).toEqual([]);
    expect(nodes, path).toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toHaveCount(1);
  }
});

test('a visitor who asks for less motion: / and /waiting-list hydrate without a warning and stay still', async ({
  page,
}) => {
  // The walkthrough and the carousel read the preference after the take-over (useSyncExternalStore's server
  // snapshot first), so the server's markup still matches the first render; then they stop (their Pause icon
  // becomes a Play icon: a change after the take-over, so only the console is checked here).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [path, paused] of [
    ['/', 'Play walkthrough'],
    ['/waiting-list', 'Play slideshow'],
  ] as const) {
    const { problems } = await hydrate(page, path);
    expect(problems, path).toEqual([]);
    await expect(page.getByRole('button', { name: paused }), path).toBeVisible();
  }
});
