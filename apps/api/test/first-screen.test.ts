// Issue 18, decision 034: the booking page's first screen comes in its HTML. The web app's real server
// renderer (apps/web/src/entry-server.tsx, built here by Vite in SSR mode into a temporary dist-server/ next to
// a tiny dist/) renders /bookme/:agentId with the answers the server asked itself for, and the marketing pages
// /, /pricing, /waiting-list, /about (the launch state their only answer: the signed-out screen); anything it cannot render is today's
// index.html, never a 500.
import { parseFragment, serialize } from 'parse5';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, serverSettings } from '../src/db/schema';
import { rendererFileOf, type FirstScreenRenderer } from '../src/http/first-screen';
import { criticalCssRuns } from '../src/http/critical-css';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent } from './fixtures';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Keyturn</title></head><body><div id="root"></div></body></html>';
const PAGE_CHUNK = '/assets/booking-page-1.js';
const LANDING_CHUNK = '/assets/landing-page-1.js';
const CALENDAR_CHUNK = '/assets/calendar-step-1.js';
const webDir = path.resolve(import.meta.dirname, '../../web');

let dist: string;
let t: TestApp;
let agent: TestAgent;

beforeAll(async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), 'keyturn-first-screen-'));
  dist = path.join(base, 'dist');
  await mkdir(path.join(dist, '.vite'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await writeFile(
    path.join(dist, '.vite', 'first-paint.json'),
    JSON.stringify({
      '/': [LANDING_CHUNK],
      '/bookme/:agentId': [PAGE_CHUNK],
      '/bookme/:agentId/:agentName': [PAGE_CHUNK],
      'step:calendar': [CALENDAR_CHUNK],
    }),
  );
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'silent',
    build: { ssr: 'src/entry-server.tsx', outDir: path.dirname(rendererFileOf(dist)) },
  });
  t = await createTestApp({ env: { WEB_DIST: dist } });
  agent = await makeAgent(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });
const inlineJson = (html: string) =>
  /<script type="application\/json" id="keyturn-first-paint-answers">(.*?)<\/script>/s.exec(html)?.[1];
const rootOf = (html: string) => /<div id="root">(.*)<\/div>(?:<link [^>]*>)*<\/body>/s.exec(html)?.[1] ?? '';
const styleOf = (html: string) => /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
/** `text` as a regular expression matches it. */
const escaped = (text: string) => text.replace(/[.*?()[\]/$]/g, '\\$&');

/** The build's stylesheet `name` (its rules `css`) linked in index.html's <head> while `run` runs. */
async function withStylesheet(
  name: string,
  css: string,
  run: (link: string) => Promise<void>,
): Promise<void> {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'assets', `${name}.css`), css);
  const link = `<link rel="stylesheet" crossorigin href="/assets/${name}.css">`;
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML.replace('</head>', `${link}</head>`));
  try {
    await run(link);
  } finally {
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  }
}

describe('the booking page first screen in the HTML (decision 034)', () => {
  it('GET /bookme/:agentId renders the first step with the answers the API gives, in Brotli when accepted (else gzip)', async () => {
    const res = await page(`/bookme/${agent.id}`, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    const gzipped = await page(`/bookme/${agent.id}`, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(rootOf(gunzipSync(gzipped.rawPayload).toString('utf8'))).toBe(rootOf(html));
    const root = rootOf(html);
    const { firstName, lastName } = await agentRow();
    expect(root).toContain(`${firstName} ${lastName}</p>`);
    expect(root).toContain(`This will be a 30-minute consultation session with ${firstName} ${lastName}.`);
    expect(root).toContain('What would you like to book?');
    expect(root).not.toMatch(/<(title|link|meta)\b/);
    expect(html).toContain(`<title>Book with ${firstName} ${lastName} · Keyturn</title>`);
    // The inline answers are exactly what the API answers, under the URLs the app asks.
    const answers = JSON.parse(inlineJson(html) ?? 'null') as Record<string, unknown>;
    const profile = await page(`/api/agents/id/${agent.id}`);
    const availability = await page(`/api/availability/public/${agent.id}`);
    expect(answers).toEqual({
      [`/api/agents/id/${agent.id}`]: profile.json(),
      [`/api/availability/public/${agent.id}`]: availability.json(),
    });
    // The page's chunks start with the entry, not after the first-paint script.
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${PAGE_CHUNK}"></head>`);
  });

  it('the /bookme/:agentId/:agentName address renders too (uncompressed without Accept-Encoding)', async () => {
    const res = await page(`/bookme/${agent.id}/${agent.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(rootOf(res.body)).toContain('What would you like to book?');
  });

  it('an unknown agent, a malformed id and other pages get the plain index.html', async () => {
    for (const url of [
      '/bookme/00000000-0000-4000-8000-000000000000',
      '/bookme/not-an-id',
      '/bookme',
      '/features',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('/, /pricing, /waiting-list and /about come with their signed-out first screen and the launch state', async () => {
    for (const [url, heading] of [
      ['/', 'Showings that book themselves'],
      ['/pricing', 'Plans for every kind of agent'],
      ['/waiting-list', 'Calendly for Real Estate Agents'],
      ['/about', 'Agents should sell homes, not chase calendars'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const root = rootOf(res.body);
      expect(root, url).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // The signed-out header (the server has no session), never the loading spinner.
      expect(root, url).toContain('>Sign in</a>');
      expect(root, url).not.toContain('role="status"');
      // Issue 40: the one answer the marketing pages read first, the same the browser's first render takes.
      expect(JSON.parse(inlineJson(res.body) ?? 'null'), url).toEqual({
        '/api/public/launch': { launched: false },
      });
    }
    expect(rootOf((await page('/waiting-list')).body)).toContain('Join the waiting list');
    // The landing page's sections below the first screen and its footer are a lazy part (decision 036): the
    // server loads it before rendering, so the HTML holds the whole page, with no part left to the client.
    const landing = rootOf((await page('/')).body);
    for (const text of ['Questions agents ask', 'Be first in line', 'Resources', 'Privacy policy'])
      expect(landing, text).toContain(text);
    expect(landing).not.toContain('<!--$!-->');
    // What React hoists goes to <head> (the client hydrates #root from its first element): the page's title in
    // place of index.html's, and nothing but the app's own markup in #root.
    const pricing = (await page('/pricing')).body;
    expect(pricing).toMatch(/<head><script [^>]*>[^<]*<\/script><title>Pricing · Keyturn<\/title>/);
    expect(pricing.match(/<title>/g)).toHaveLength(1);
    expect(rootOf(pricing)).not.toMatch(/<(title|link|meta)\b/);
    expect((await page('/?utm_source=mail')).body).toContain(
      `<link rel="modulepreload" crossorigin href="${LANDING_CHUNK}"></head>`,
    );
  });

  it('a marketing page is composed once and kept, and composed again when index.html changes', async () => {
    const first = await page('/pricing');
    expect((await page('/pricing?ref=x')).body).toBe(first.body);
    // Its Brotli at the best quality, made once: the same bytes to every browser, the same page decoded.
    const br = { 'accept-encoding': 'gzip, deflate, br' };
    const [one, two] = [await page('/pricing', br), await page('/pricing', br)];
    expect(one.headers['content-encoding']).toBe('br');
    expect(two.rawPayload.equals(one.rawPayload)).toBe(true);
    expect(brotliDecompressSync(one.rawPayload).toString('utf8')).toBe(first.body);
    expect(one.rawPayload.length).toBeLessThan(gzipSync(first.body, { level: 9 }).length * 0.9);
    // (index.html's own <title> gives way to the page's, so the rebuild is told by another mark.)
    const rebuilt = INDEX_HTML.replace('<html lang="en">', '<html lang="en" data-build="2">');
    await writeFile(path.join(dist, 'index.html'), rebuilt);
    try {
      const after = await page('/pricing');
      expect(after.body).toContain('<html lang="en" data-build="2">');
      expect(rootOf(after.body)).toBe(rootOf(first.body));
    } finally {
      await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    }
  });

  it("the build's stylesheet comes in the page (no render-blocking request); one with relative url() stays a link", async () => {
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    // A rule, and a comment that could close the <style> element if written as it is.
    const css = '.kt-page{color:#0f172a}/* </style><script>alert(1)</script> */';
    await writeFile(path.join(dist, 'assets', 'index-s1.css'), css);
    await writeFile(path.join(dist, 'assets', 'map-s1.css'), '.map{background:url(tiles.png)}');
    const link = (name: string) => `<link rel="stylesheet" crossorigin href="/assets/${name}.css">`;
    const styled = INDEX_HTML.replace('</head>', `${link('index-s1')}${link('map-s1')}</head>`);
    await writeFile(path.join(dist, 'index.html'), styled);
    try {
      for (const url of [`/bookme/${agent.id}`, '/pricing']) {
        const html = (await page(url)).body;
        // The rules in a <style>, where the link was; the link kept but disabled (never fetched nor applied), so
        // a lazy chunk that lists the stylesheet finds it there and does not load it a second time.
        expect(html, url).toContain(
          '<link rel="stylesheet" crossorigin href="/assets/index-s1.css" media="not all" disabled>' +
            '<style>.kt-page{color:#0f172a}/* \\3c/style><script>alert(1)</script> */</style>',
        );
        expect(html.match(/<\/style>/g), url).toHaveLength(1);
        // A stylesheet whose url() would resolve against the page instead of /assets/ is left as it was.
        expect(html, url).toContain(link('map-s1'));
      }
      // index.html itself (an address with no first screen) is sent as built.
      expect((await page('/features')).body).toBe(styled);
    } finally {
      await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    }
  });

  it('only the rules the first screen uses come in the page; the whole stylesheet is linked at the end of <body> (issue 48)', async () => {
    const css =
      ':root{--kt-read:#0f172a;--kt-never-read:#f00}' +
      '.min-h-screen{min-height:100vh;color:var(--kt-read)}.kt-never-rendered{color:red}' +
      '@media (min-width:48rem){.md\\:p-8{padding:2rem}.kt-never-wide{color:blue}}';
    const plain = (await page(`/bookme/${agent.id}`)).body;
    await withStylesheet('index-c1', css, async (link) => {
      for (const url of [`/bookme/${agent.id}`, '/pricing']) {
        const html = (await page(url)).body;
        const style = styleOf(html);
        expect(style, url).toContain('.min-h-screen{min-height:100vh;color:var(--kt-read)}');
        // Of the custom properties, only those a kept rule reads.
        expect(style, url).toContain(':root{--kt-read:#0f172a}');
        expect(style, url).not.toContain('--kt-never-read');
        // (the booking page's main panel is md:p-8: its wide-screen rule comes with its @media)
        if (url !== '/pricing')
          expect(style, url).toContain('@media (min-width:48rem){.md\\:p-8{padding:2rem}}');
        expect(style, url).not.toContain('kt-never');
        // The link, enabled, after the app's markup: fetched beside the modules, applied before the load event.
        expect(html, url).toMatch(new RegExp(`</div>${escaped(link)}</body></html>$`));
        expect(html, url).not.toContain('data-beasties');
        expect(html.match(/<\/style>/g), url).toHaveLength(1);
      }
      // The app's markup and answers as they were without the stylesheet: the same document once parsed (the
      // page is written out again — `<input>` for React's `<input/>`, `<circle/>` for `<circle></circle>` —, which
      // a browser reads as the same elements, so what React hydrates is unchanged).
      const styled = (await page(`/bookme/${agent.id}`)).body;
      const parsed = (html: string) => serialize(parseFragment(rootOf(html)));
      expect(parsed(styled)).toBe(parsed(plain));
      expect(parsed(styled)).toContain('Continue to Date Selection');
      expect(inlineJson(styled)).toBe(inlineJson(plain));
    });
  });

  it('the landing links its stylesheet again where its first screen ends (decision 102)', async () => {
    const css = '.relative{position:relative}.below-fold{content-visibility:auto}';
    await withStylesheet('index-e1', css, async (link) => {
      const landing = (await page('/')).body;
      // The rules of the hero and of the sections below it in the page, as on every page.
      expect(styleOf(landing)).toBe(css);
      // React's own link, with the build's stylesheet, between the hero and the first section below it.
      const end =
        '<link rel="stylesheet" href="/assets/index-e1.css" crossorigin="" data-first-screen-end=""/>';
      expect(landing).toMatch(new RegExp(`</section>${escaped(end)}<!--\\$--><section id="demo"`));
      // …and the head's link at the end of <body> as on every page.
      expect(landing.endsWith(`</div>${link}</body></html>`)).toBe(true);
      expect(landing).not.toContain('data-beasties');
      expect(landing.match(/<style>/g)).toHaveLength(1);
      // Only the landing has one.
      expect((await page('/pricing')).body).not.toContain('data-first-screen-end');
    });
  });

  it('a booking page shaped like one already read gets its rules without reading the page again (issue 48)', async () => {
    const css =
      '.min-h-screen{min-height:100vh}.kt-never-rendered{color:red}' +
      '[role=grid]{border-spacing:4px}[aria-selected=true]>button{color:#fff}';
    const other = await makeAgent(t);
    await withStylesheet('index-o1', css, async (link) => {
      const first = (await page(`/bookme/${agent.id}`)).body;
      const runs = criticalCssRuns();
      // Another agent's page on the same step: other names and links, the same elements and classes.
      const second = (await page(`/bookme/${other.id}`)).body;
      expect(criticalCssRuns()).toBe(runs);
      expect(styleOf(second)).toBe(styleOf(first));
      expect(styleOf(second)).toContain('.min-h-screen{min-height:100vh}');
      expect(inlineJson(second)).toContain(other.id);
      expect(second).toMatch(new RegExp(`</div>${escaped(link)}</body></html>$`));
      // The calendar is another page to the selectors: read, and its grid's rules come.
      const calendar = (await page(`/bookme/${other.id}?date=2031-03-04`)).body;
      expect(criticalCssRuns()).toBe(runs + 1);
      expect(styleOf(calendar)).toContain('[role=grid]{border-spacing:4px}');
      expect(styleOf(calendar)).toContain('[aria-selected=true]>button{color:#fff}');
      expect(styleOf(calendar)).not.toContain('kt-never');
      // The first agent's calendar on that date: the same outline, not read again.
      expect(styleOf((await page(`/bookme/${agent.id}?date=2031-03-04`)).body)).toBe(styleOf(calendar));
      expect(criticalCssRuns()).toBe(runs + 1);
    });
  });

  it('the kept page follows the launch switch: composed per launch state, and back (issue 40)', async () => {
    const before = (await page('/')).body;
    expect(rootOf(before)).toContain('Join Waiting List');
    await t.database.db.insert(serverSettings).values({ key: 'SITE_LAUNCH', value: 'launched' });
    try {
      for (const url of ['/', '/pricing', '/waiting-list', '/about']) {
        const res = await page(url);
        expect(JSON.parse(inlineJson(res.body) ?? 'null'), url).toEqual({
          '/api/public/launch': { launched: true },
        });
        const root = rootOf(res.body);
        for (const gone of ['Join Waiting List', 'Launching Q3', 'Coming Soon', 'When does Keyturn launch?'])
          expect(root, `${url}: ${gone}`).not.toContain(gone);
        expect(root, url).toContain('Start free trial');
      }
      expect(rootOf((await page('/waiting-list')).body)).toContain('The waiting list is closed');
    } finally {
      await t.database.db.delete(serverSettings).where(eq(serverSettings.key, 'SITE_LAUNCH'));
    }
    expect((await page('/')).body).toBe(before);
  });

  it('a link with ?date= is rendered on its calendar, the date chosen, on the first request (decision 078)', async () => {
    // The calendar's chunk is loaded for the address before the render (FIRST_SCREEN_STEPS): the first request
    // of this server already gets it, not index.html until some earlier render happened to load it.
    const res = await page(`/bookme/${agent.id}?date=2031-03-04`);
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).not.toContain('<!--$!-->');
    expect(root).toContain('role="grid"');
    expect(root).toMatch(/<td role="gridcell" aria-selected="true"[^>]*><button[^>]*data-date="2031-03-04"/);
    // Every day carries the mark the first-paint script keeps an early tap by (lib/early-taps.ts).
    expect(root).toContain('data-early-tap="2031-03-04"');
    // The calendar's own chunk is preloaded with the page's: the browser hydrates once it is here.
    expect(res.body).toContain(
      `<link rel="modulepreload" crossorigin href="${PAGE_CHUNK}"><link rel="modulepreload" crossorigin href="${CALENDAR_CHUNK}">`,
    );
    // The page on its first step preloads no step.
    expect((await page(`/bookme/${agent.id}`)).body).not.toContain(CALENDAR_CHUNK);
  });

  it('an agent name with </script> cannot break out of the inline answers', async () => {
    const evil = await makeAgent(t);
    const companyName = 'Homes </script><script>alert(1)</script> <!-- co';
    await t.database.db.update(agents).set({ companyName }).where(eq(agents.id, evil.id));
    const res = await page(`/bookme/${evil.id}`);
    expect(res.statusCode).toBe(200);
    const json = inlineJson(res.body) ?? '';
    expect(json).not.toContain('<');
    const answers = JSON.parse(json) as Record<string, { data: { companyName: string } }>;
    expect(answers[`/api/agents/id/${evil.id}`]?.data.companyName).toBe(companyName);
    // The markup escapes it as text.
    expect(rootOf(res.body)).toContain('Homes &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body.match(/<script/g)).toHaveLength(1);
  });

  it('a render failure gives the plain index.html with 200 (never a 500)', async () => {
    const failing: FirstScreenRenderer = {
      FIRST_PAINT_INLINE_ID: 'keyturn-first-paint-answers',
      FIRST_PAINT_MANIFEST: '.vite/first-paint.json',
      firstScreenData: (pathname) => ({
        path: '/bookme/:agentId',
        urls: [`/api/agents/id/${pathname.slice(8)}`],
      }),
      renderFirstScreen: () => Promise.reject(new Error('render failed')),
    };
    const broken = await createTestApp({
      env: { WEB_DIST: dist },
      database: t.database,
      firstScreen: failing,
    });
    try {
      const res = await broken.request({ method: 'GET', url: `/bookme/${agent.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    } finally {
      await broken.close();
    }
  });
});

describe("the page's language (issue 43)", () => {
  const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
  const setDefault = (language: 'en' | 'es') =>
    t.database.db.update(agents).set({ defaultLanguage: language }).where(eq(agents.id, agent.id));

  it('a booking page is rendered in the language the browser asks for, its footer in Spanish', async () => {
    const spanish = await page(`/bookme/${agent.id}`, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(langOf(spanish.body)).toBe('es');
    expect(rootOf(spanish.body)).toContain('Con la tecnología de');
    const english = await page(`/bookme/${agent.id}`, { 'accept-language': 'en-US,en;q=0.9' });
    expect(langOf(english.body)).toBe('en');
    expect(rootOf(english.body)).toContain('Powered by');
  });

  it('the address names it first, then the switcher’s cookie, then the browser', async () => {
    const cookie = await page(`/bookme/${agent.id}`, { cookie: 'keyturn_lang=es', 'accept-language': 'en' });
    expect(langOf(cookie.body)).toBe('es');
    const param = await page(`/bookme/${agent.id}?lang=en`, { cookie: 'keyturn_lang=es' });
    expect(langOf(param.body)).toBe('en');
  });

  it("the agent's default applies only when the browser asks for neither language", async () => {
    await setDefault('es');
    try {
      const german = await page(`/bookme/${agent.id}`, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(langOf(german.body)).toBe('es');
      const english = await page(`/bookme/${agent.id}`, { 'accept-language': 'en-US' });
      expect(langOf(english.body)).toBe('en');
      const profile = await page(`/api/agents/id/${agent.id}`);
      expect(profile.json().data.defaultLanguage).toBe('es');
    } finally {
      await setDefault('en');
    }
  });

  it('a buyer page the server does not render says its language; the dashboard and the marketing site stay English', async () => {
    const manage = await page('/booking/manage?token=abc', { 'accept-language': 'es' });
    expect(manage.statusCode).toBe(200);
    expect(manage.body).toBe(INDEX_HTML.replace('lang="en"', 'lang="es"'));
    for (const url of ['/dashboard', '/sign-in', '/']) {
      const res = await page(url, { 'accept-language': 'es', cookie: 'keyturn_lang=es' });
      expect(langOf(res.body), url).toBe('en');
    }
  });
});

async function agentRow() {
  const [row] = await t.database.db.select().from(agents).where(eq(agents.id, agent.id));
  if (!row) throw new Error('no agent row');
  return row;
}

describe('the kept pages are ready before the first visitor (issue 48)', () => {
  it('a listening server composes each kept page once as it starts; the first visitor gets it without a render', async () => {
    const real = (await import(rendererFileOf(dist))) as FirstScreenRenderer;
    const rendered: string[] = [];
    const counting: FirstScreenRenderer = {
      ...real,
      renderFirstScreen: (url, answers, locale) => {
        rendered.push(url);
        return real.renderFirstScreen(url, answers, locale);
      },
    };
    expect(real.KEPT_PATHS).toEqual(['/', '/pricing', '/waiting-list', '/about']);
    const second = await createTestApp({
      env: { WEB_DIST: dist },
      database: t.database,
      firstScreen: counting,
    });
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      await expect.poll(() => rendered.length, { timeout: 20_000 }).toBe(real.KEPT_PATHS!.length);
      expect([...rendered].sort()).toEqual([...real.KEPT_PATHS!].sort());
      const res = await second.request({
        method: 'GET',
        url: '/pricing',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain(
        'Plans for every kind of agent',
      );
      expect(rendered).toHaveLength(real.KEPT_PATHS!.length);
    } finally {
      await second.close();
    }
  });
});
