// What a public page costs a buyer (issues 5, 13, 18), each figure with its same-run baseline:
//
// 1. route JS: the JavaScript each public route loads before it paints, from the Vite manifest — the entry
//    chunk and everything it imports statically, plus the route's own chunk and its static imports, each file
//    counted once, gzipped. Baseline: the entry alone. With it, what the route holds (from the bundle
//    visualiser's apps/web/build-stats/stats.json: kilobytes by package / app area, before minification) and
//    how many dashboard modules reached it (must be 0).
// 2. LCP: Largest Contentful Paint of each public route in Chromium's performance timeline, on a phone
//    profile (390 px, 4× CPU slowdown, 150 ms RTT, 1.6 Mbps down) through the real server with its demo data.
//    Baseline: a minimal static HTML page (a heading and a paragraph) served by the same server. Subject,
//    baseline and the copy below load once per round, five rounds, each round starting with the next of the three
//    (A B C, B C A, C A B, …), on a cold cache; the medians of five are printed (decision 101). Beside them (`no_script_copy`,
//    decision 099), the page's own HTML as the server sent it, without its module scripts and preloads, served
//    as a static file (Brotli): what the page's markup and rules cost by themselves, so the part of the LCP the
//    app's code adds is the subject's value less the copy's.
// 6. languages (issue 43): the English booking page's route JS against its 120,000-byte budget, and the Spanish
//    page's: the same plus the Spanish texts it loads (`extra_bytes`).
// 4. embeds (issue 34, decision 057): the loader /embed.js gzipped (baseline: its 3 KB budget), and the embedded
//    booking page's route JS (/embed/bookme/:id, the same page module as /bookme/:id) against /bookme/:id's,
//    with the bridge chunk it loads after start beside it.
// 3. TBT: total blocking time of the same loads, printed beside each LCP — the part over 50 ms of every long
//    task (Chromium's longtask entries) from the first contentful paint until the page is idle, i.e. what the
//    app's start and hydration keep the main thread from answering a tap. Baseline: the static page's.
//
// 5. first tap (issue 48): from the load event of the booking page opened on its calendar (a link with ?date=,
//    the same phone profile) to the tapped date shown as chosen, the tap made as soon as the day is on screen —
//    how long a buyer's first tap on a date waits for the app; a tap the page drops is made again and counted
//    (`lost_taps`). Baseline: the same tap on a static page's button whose script marks it at once
//    (bench-tap-baseline.html).
//
// `npm run bench` runs both; `npm run bench:pages -w bench` runs only these. BENCH_WEB_DIST points at
// another build (say, main's, for a before/after); SKIP_LCP=1 leaves the browser part out.
import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { startServer, stopServer } from './pages-server';
import { FIRST_PAINT_PAGES } from '../apps/web/src/app/first-paint-pages';
import { median, phonePage } from './phone-profile';
import { TAP_BASELINE_PATH, TAP_BASELINE_HTML, TAP_BASELINE_JS, measureFirstTap } from './first-tap';

export type PageFigure = {
  name: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number };
  /** value / baseline; left out when the baseline is 0 (a static page blocks nothing). */
  ratio?: number;
  chunks?: number;
  runs?: number[];
  baseline_runs?: number[];
  contents_kb?: Record<string, number>;
  /** JS a page loads after it has started (not before its first paint). */
  after_start_bytes?: number;
  /** What a page in another language loads beyond the English one (its texts). */
  extra_bytes?: number;
  dashboard_modules?: number;
  /** Taps the page did not take (first_tap_*: each one made again until one was taken). */
  lost_taps?: number;
};
type Print = (figure: PageFigure) => void;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const webDir = path.join(repoRoot, 'apps/web');
const distDir = process.env.BENCH_WEB_DIST
  ? path.resolve(process.env.BENCH_WEB_DIST)
  : path.join(webDir, 'dist');

const BOOKING_PAGE_SRC = 'src/features/booking/pages/booking-page.tsx';
const EMBED_BRIDGE_SRC = 'src/features/booking/components/embed-bridge.tsx';
/** Issue 34's budget for /embed.js: 3 KB gzip. */
const EMBED_LOADER_BUDGET_BYTES = 3 * 1024;
/** The English booking page's first-load JavaScript with its i18n runtime and English texts (issue 43). */
const BOOKING_PAGE_BUDGET_BYTES = 120_000;
/** The Spanish texts, loaded only when a buyer page is Spanish (lib/locale.tsx imports it then). */
const SPANISH_SRC = 'src/lib/spanish.ts';

/** The public routes: their page module (manifest key) and how the LCP run opens them. */
const PUBLIC_ROUTES = [
  { route: 'landing', src: 'src/features/marketing/pages/landing-page.tsx', path: '/' },
  { route: 'pricing', src: 'src/features/marketing/pages/pricing-page.tsx', path: '/pricing' },
  { route: 'waiting_list', src: 'src/features/waitlist/pages/waiting-list-page.tsx', path: '/waiting-list' },
  { route: 'booking_page', src: BOOKING_PAGE_SRC, path: '/bookme/:id' },
] as const;

/** Dashboard-only code: none of it may reach a public page (issue 13). */
const DASHBOARD_AREAS = [
  'features/dashboard/',
  'features/bookings/',
  'features/properties/',
  'features/reports/',
  'features/settings/',
  'features/subscription/',
  'features/profile/',
  'features/feedback/leads/',
  'features/feedback/pages/feedback-list-page',
];

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };

export function routeJsFigures(print: Print): void {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error('apps/web/dist has no manifest yet: building the web app first');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the Vite manifest names no entry chunk');
  const stats = readStats();

  const staticClosure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`the Vite manifest has no chunk ${key}`);
      seen.add(key);
      for (const next of chunk.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return seen;
  };
  const files = (keys: Set<string>) =>
    [...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
  const gzipped = (list: string[]) =>
    list.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
      0,
    );

  const entryBytes = gzipped(files(staticClosure([entryKey])));
  for (const { route, src } of PUBLIC_ROUTES) {
    const chunks = staticClosure([entryKey, src]);
    const list = files(chunks);
    const bytes = gzipped(list);
    const contents = stats ? routeContents(stats, new Set(list)) : null;
    print({
      name: `route_js_${route}`,
      value: bytes,
      unit: 'bytes gzip',
      baseline: { name: 'entry_js', value: entryBytes },
      ratio: Number((bytes / entryBytes).toFixed(2)),
      chunks: chunks.size,
      ...(contents ? { contents_kb: contents.kb, dashboard_modules: contents.dashboardModules } : {}),
    });
  }
  // Embeds: the module the embed route loads first is the one first-paint-pages.ts preloads for it; its
  // closure against /bookme/:id's. The bridge to the host page comes after start, in its own chunk.
  const embedModule = FIRST_PAINT_PAGES.find((page) => page.routeId === 'embed-agent')?.module;
  if (!embedModule) throw new Error('first-paint-pages.ts names no module for the embed route');
  const bookingKeys = staticClosure([entryKey, BOOKING_PAGE_SRC]);
  const bookingBytes = gzipped(files(bookingKeys));
  const embedKeys = staticClosure([entryKey, embedModule]);
  const embedBytes = gzipped(files(embedKeys));
  const bridgeKeys = [...staticClosure([EMBED_BRIDGE_SRC])].filter((key) => !embedKeys.has(key));
  const gzipFigure = (name: string, value: number, baseline: { name: string; value: number }) => ({
    name,
    value,
    unit: 'bytes gzip',
    baseline,
    ratio: Number((value / baseline.value).toFixed(2)),
  });
  print({
    ...gzipFigure('route_js_embed_booking', embedBytes, {
      name: 'route_js_booking_page',
      value: bookingBytes,
    }),
    chunks: embedKeys.size,
    after_start_bytes: gzipped(files(new Set(bridgeKeys))),
  });
  // Issue 43: the English booking page against its budget, and what a Spanish one loads beyond it (its texts).
  print(
    gzipFigure('route_js_booking_page_english', bookingBytes, {
      name: 'booking_page_budget',
      value: BOOKING_PAGE_BUDGET_BYTES,
    }),
  );
  const spanishKeys = new Set([...staticClosure([SPANISH_SRC])].filter((key) => !bookingKeys.has(key)));
  const spanishBytes = gzipped(files(spanishKeys));
  print({
    ...gzipFigure('route_js_booking_page_spanish', bookingBytes + spanishBytes, {
      name: 'route_js_booking_page',
      value: bookingBytes,
    }),
    extra_bytes: spanishBytes,
  });
  const loaderBytes = gzipSync(readFileSync(path.join(distDir, 'embed.js')), { level: 9 }).length;
  print(
    gzipFigure('embed_loader_js', loaderBytes, {
      name: 'embed_loader_budget',
      value: EMBED_LOADER_BUDGET_BYTES,
    }),
  );
}

type Stats = {
  nodeParts: Record<string, { renderedLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
};

function readStats(): Stats | null {
  const file = path.join(distDir, '../build-stats/stats.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Stats) : null;
}

/** Kilobytes (rendered, before minification) by npm package or app area, largest first; dashboard modules. */
function routeContents(
  stats: Stats,
  files: Set<string>,
): { kb: Record<string, number>; dashboardModules: number } {
  const bytes = new Map<string, number>();
  let dashboardModules = 0;
  for (const meta of Object.values(stats.nodeMetas)) {
    for (const [file, uid] of Object.entries(meta.moduleParts)) {
      if (!files.has(file)) continue;
      const length = stats.nodeParts[uid]?.renderedLength ?? 0;
      const group = moduleGroup(meta.id);
      bytes.set(group, (bytes.get(group) ?? 0) + length);
      if (DASHBOARD_AREAS.some((area) => meta.id.startsWith(`/src/${area}`))) dashboardModules++;
    }
  }
  const kb = Object.fromEntries(
    [...bytes]
      .filter(([, length]) => length >= 1024)
      .sort((a, b) => b[1] - a[1])
      .map(([group, length]) => [group, Number((length / 1024).toFixed(1))]),
  );
  return { kb, dashboardModules };
}

function moduleGroup(id: string): string {
  const npm = id.split('node_modules/').at(-1);
  if (npm !== undefined && npm !== id) {
    const parts = npm.split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? npm);
  }
  // The visualiser names the app's own modules from the web root (/src/…), the domain's by their full path.
  const app = /^\/src\/(features\/[^/]+|components|lib|app)/.exec(id);
  if (app) return `web:${app[1]}`;
  if (id.includes('packages/domain/src/schemas/')) return 'domain:schemas';
  if (id.includes('packages/domain/src/')) return 'domain';
  return 'other';
}

// ---------------------------------------------------------------------------------------------------------
// LCP under mobile throttling.

/**
 * Rounds per figure (decision 101): in each, the page, its static floor and its no-script copy load once, each
 * round starting with the next of them (A B C, B C A, C A B, …) so that none is always the first load after the
 * previous one; the medians of five. With three rounds in a fixed order a ratio moved ±10 % between runs, so a
 * line like 1.35× could not be told from one run.
 */
const ROUNDS = 5;
const BASELINE_PATH = '/bench-lcp-baseline.html';
const BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title></head>
<body style="font-family: system-ui, sans-serif; margin: 16px">
<h1 style="font-size: 28px">Book a viewing</h1>
<p>A static page with one heading and one paragraph, served by the same server: the floor under every LCP.</p>
</body></html>
`;

export async function lcpFigures(print: Print): Promise<void> {
  const executablePath = chromiumPath();
  if (!executablePath) {
    console.error('no Chromium found: LCP figures left out');
    return;
  }
  const port = Number(process.env.BENCH_PAGES_PORT ?? 5411);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyturn-bench-pages-'));
  const baselineFile = path.join(distDir, BASELINE_PATH.slice(1));
  writeFileSync(baselineFile, BASELINE_HTML);
  const tapBaselineFile = path.join(distDir, TAP_BASELINE_PATH.slice(1));
  const tapBaselineScript = tapBaselineFile.replace(/\.html$/, '.js');
  writeFileSync(tapBaselineFile, TAP_BASELINE_HTML);
  writeFileSync(tapBaselineScript, TAP_BASELINE_JS);
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  const copies: string[] = [];
  try {
    const started = await startServer(repoRoot, distDir, port, dataDir);
    server = started.server;
    const origin = `http://127.0.0.1:${port}`;
    const phone = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    browser = phone;
    for (const { route, path: routePath } of PUBLIC_ROUTES) {
      const url = origin + routePath.replace(':id', started.agentId);
      const copyPath = `/bench-lcp-${route}-copy.html`;
      copies.push(
        ...writeNoScriptCopy(path.join(distDir, copyPath.slice(1)), await (await fetch(url)).text()),
      );
      const subject: Load[] = [];
      const baseline: Load[] = [];
      const copy: Load[] = [];
      const loads = [
        async () => subject.push(await measureLoad(phone, url, origin)),
        async () => baseline.push(await measureLoad(phone, origin + BASELINE_PATH, origin)),
        async () => copy.push(await measureLoad(phone, origin + copyPath, origin)),
      ];
      for (let round = 0; round < ROUNDS; round++)
        for (let k = 0; k < loads.length; k++) await loads[(round + k) % loads.length]!();
      for (const figure of ['lcp', 'tbt'] as const) {
        const runs = subject.map((load) => load[figure]);
        const baselineRuns = baseline.map((load) => load[figure]);
        const value = median(runs);
        const base = median(baselineRuns);
        const copyRuns = copy.map((load) => load[figure]);
        print({
          name: `${figure}_${route}`,
          value,
          unit: `ms (median, 390 px, 4x CPU, 150 ms RTT, 1.6 Mbps)`,
          baseline: { name: `${figure}_static_html`, value: base },
          ...(base > 0 ? { ratio: Number((value / base).toFixed(2)) } : {}),
          runs,
          baseline_runs: baselineRuns,
          ...(figure === 'lcp'
            ? {
                no_script_copy: {
                  value: median(copyRuns),
                  ...(base > 0 ? { ratio: Number((median(copyRuns) / base).toFixed(2)) } : {}),
                  runs: copyRuns,
                },
              }
            : {}),
        });
      }
    }
    // The first tap on a date: the booking page opened on its calendar, a week ahead (any day of its month).
    const week = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const calendarUrl = `${origin}/bookme/${started.agentId}?date=${week}`;
    const taps: number[] = [];
    const tapBaseline: number[] = [];
    let lostTaps = 0;
    const tapLoads = [
      async () => {
        const tap = await measureFirstTap(phone, calendarUrl);
        taps.push(tap.ms);
        lostTaps += tap.lost;
      },
      async () => tapBaseline.push((await measureFirstTap(phone, origin + TAP_BASELINE_PATH)).ms),
    ];
    for (let round = 0; round < ROUNDS; round++)
      for (let k = 0; k < tapLoads.length; k++) await tapLoads[(round + k) % tapLoads.length]!();
    print({
      name: 'first_tap_date_booking_page',
      value: median(taps),
      unit: 'ms from the load event (median, 390 px, 4x CPU, 150 ms RTT, 1.6 Mbps)',
      baseline: { name: 'first_tap_static_html', value: median(tapBaseline) },
      runs: taps,
      baseline_runs: tapBaseline,
      lost_taps: lostTaps,
    });
  } finally {
    await browser?.close();
    if (server) await stopServer(server);
    rmSync(baselineFile, { force: true });
    rmSync(tapBaselineFile, { force: true });
    rmSync(tapBaselineScript, { force: true });
    for (const file of copies) rmSync(file, { force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** One load's figures: its LCP and its total blocking time, in ms. */
type Load = { lcp: number; tbt: number };

/**
 * The page's HTML without its module scripts and their preloads (the inline answers, a JSON block, stay; nothing
 * runs them), written where the server serves static files, with its Brotli copy (best quality, as the server
 * keeps a marketing page). Returns the files written.
 */
function writeNoScriptCopy(file: string, html: string): string[] {
  const copy = html
    .replace(/<script\b[^>]*\btype="module"[^>]*>\s*<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');
  if (copy === html || /<script\b[^>]*\bsrc=/i.test(copy))
    throw new Error(`${file}: scripts not found or left`);
  writeFileSync(file, copy);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(copy, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
  );
  return [file, `${file}.br`];
}

/** One cold load (a second try if Chromium reported no LCP entry at all). */
async function measureLoad(browser: Browser, url: string, origin: string): Promise<Load> {
  try {
    return await loadOnce(browser, url, origin);
  } catch (error) {
    console.error(`LCP of ${url.replace(origin, '')} once more: ${String(error)}`);
    return loadOnce(browser, url, origin);
  }
}

/**
 * A fresh context, throttled, until the page is idle; the last LCP entry's startTime and the total blocking
 * time (each long task's time over 50 ms, for the tasks that end after the first contentful paint; the part of a
 * task before that paint does not count, as in Lighthouse).
 */
async function loadOnce(browser: Browser, url: string, origin: string): Promise<Load> {
  const { context, page } = await phonePage(browser);
  try {
    await page.addInitScript(() => {
      // Runs in the page: globalThis is its window.
      const window = globalThis as unknown as {
        __lcp: number;
        __longTasks: { start: number; end: number }[];
      };
      window.__lcp = -1;
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const task of list.getEntries())
          window.__longTasks.push({ start: task.startTime, end: task.startTime + task.duration });
      }).observe({ type: 'longtask' as 'mark', buffered: true });
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        const last = entries[entries.length - 1];
        if (last) window.__lcp = last.startTime;
        // Node's types name only Node's entry types; the browser knows this one.
      }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
    });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    // Late paints (a step after its data) still count: a quiet moment, then the last entry.
    await page.waitForTimeout(500);
    // Observer callbacks arrive when the (throttled) page gets to them: ask the buffer once more and wait.
    const lcp = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const seen = (globalThis as unknown as { __lcp: number }).__lcp;
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            resolve(last ? Math.max(last.startTime, seen) : seen);
          }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
          setTimeout(() => resolve(seen), 5_000);
        }),
    );
    if (lcp < 0) throw new Error(`no LCP entry for ${url.replace(origin, '')}`);
    const tbt = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      const tasks = (globalThis as unknown as { __longTasks: { start: number; end: number }[] }).__longTasks;
      return tasks.reduce((sum, task) => {
        const counted = task.end - Math.max(task.start, fcp);
        return sum + Math.max(0, counted - 50);
      }, 0);
    });
    return { lcp: Math.round(lcp), tbt: Math.round(tbt) };
  } finally {
    await context.close();
  }
}

export async function pagesBench(print: Print): Promise<void> {
  routeJsFigures(print);
  if (process.env.SKIP_LCP !== '1') await lcpFigures(print);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await pagesBench((figure) => console.log(JSON.stringify(figure)));
}
