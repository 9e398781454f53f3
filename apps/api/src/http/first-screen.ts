// The booking page's first screen in its HTML (issue 18, decision 034). For an address of a page that the web
// build's server renderer knows (apps/web/src/entry-server.tsx: the rows of FIRST_PAINT_PAGES with `data` or
// `render` — the marketing pages, which need no answers and whose composed HTML is kept per renderer), the
// server asks itself for the page's first API answers — app.inject, so the same routes, validation, rate limits
// and serialisation as the browser's own requests — and, only when every one is 200, renders the app's first
// screen with them into index.html: the markup in #root, the answers as inline JSON (not executable: the CSP is
// unchanged) and the page's chunks as <link rel="modulepreload">. Anything else — another page, an unknown agent,
// a missing build, a render error — gives back null and the caller sends index.html as it is.
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { agentDefaultIn, pageLocale, withPageLocale } from './page-locale';
import { STYLESHEET_LINK, hrefOf, withCriticalCss } from './critical-css';

/** What the web build's dist-server/entry-server.js exports (apps/web/src/entry-server.tsx). */
export type FirstScreenRenderer = {
  FIRST_PAINT_INLINE_ID: string;
  /** The build's page-chunk table, relative to the web build folder (first-paint-preload.ts writes it). */
  FIRST_PAINT_MANIFEST: string;
  firstScreenData(pathname: string): { path: string; urls: string[] } | null;
  /**
   * null: this address's first screen has a part that loads later (the plain page, no warning). `stylesheet`: the
   * build's stylesheet, which a page may link again where its first screen ends (decision 102).
   */
  renderFirstScreen(
    url: string,
    answers: Record<string, unknown>,
    locale?: string,
    stylesheet?: string | null,
  ): Promise<string | null>;
  /** The manifest keys of the chunks the page at this address shows beyond its row's (a booking step). */
  firstScreenPreloads?(url: string): string[];
  /** The addresses whose page is the same for every visitor, composed once and kept (the marketing pages). */
  KEPT_PATHS?: string[];
};

/** Where the web build leaves its server renderer: dist-server/ next to the web build's dist/. */
export function rendererFileOf(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-server', 'entry-server.js');
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Loads the renderer once, on first use (null when the build has none or it does not load: a warning, and
 * every page is index.html as before).
 */
export function rendererLoader(
  file: string,
  warn: (error: unknown) => void,
): () => Promise<FirstScreenRenderer | null> {
  let loaded: Promise<FirstScreenRenderer | null> | null = null;
  return () =>
    (loaded ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<FirstScreenRenderer>).catch((error: unknown) => {
          warn(error);
          return null;
        })
      : Promise.resolve(null));
}

/**
 * The composed page of a row without `:name` (a marketing page, the same for every visitor) by web build
 * folder + row path + its answers (the launch state), per loaded renderer: kept while index.html and the preload manifest read the same (a
 * rebuild while the server runs keeps its first-loaded renderer, but its new index.html is composed afresh).
 */
const composedPages = new WeakMap<
  FirstScreenRenderer,
  Map<string, { template: string; manifest: string; year: number; html: string }>
>();

/**
 * The pages kept for every visitor (the marketing pages) are composed and compressed once the server listens, not
 * while the first visitor waits (issue 48: ~0.1 s of CPU each). Only a listening server: tests inject.
 */
export function composeKeptPagesOnListen(
  app: FastifyInstance,
  renderer: () => Promise<FirstScreenRenderer | null>,
): void {
  app.addHook('onListen', async () => {
    void (async () => {
      for (const url of (await renderer())?.KEPT_PATHS ?? [])
        await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    })().catch((error: unknown) => app.log.warn({ err: error }, 'the kept pages were not composed ahead'));
  });
}

/** Whether `html` is a page `renderer`'s pages keep (composed once for every visitor: a marketing page). */
export function isKeptPage(renderer: FirstScreenRenderer | null, html: string): boolean {
  const cache = renderer ? composedPages.get(renderer) : undefined;
  for (const entry of cache?.values() ?? []) if (entry.html === html) return true;
  return false;
}

/** The page's HTML with its first screen, or null for index.html as it is. Never throws. */
export async function firstScreenHtml(
  app: FastifyInstance,
  request: FastifyRequest,
  webDist: string,
  renderer: FirstScreenRenderer | null,
): Promise<string | null> {
  if (!renderer) return null;
  try {
    const pathname = request.url.split('?')[0] ?? '/';
    const plan = renderer.firstScreenData(pathname);
    if (!plan) return null;
    const [template, manifest] = await Promise.all([
      readFile(path.join(webDist, 'index.html'), 'utf8'),
      readFile(path.join(webDist, renderer.FIRST_PAINT_MANIFEST), 'utf8').catch(() => '{}'),
    ]);
    // A page whose row has no `:name` reads nothing of the address but its path: one markup per row and per
    // set of answers (issue 40: the marketing pages' launch state), kept (an address spelt another way, e.g.
    // other letter case, is rendered each time: the kept set stays one per row and state).
    const kept = !plan.path.includes(':') && pathname === plan.path;
    const cache = composedPages.get(renderer) ?? new Map();
    composedPages.set(renderer, cache);
    const answers = await Promise.all(
      plan.urls.map((url) =>
        app.inject({
          method: 'GET',
          url,
          headers: { accept: 'application/json' },
          // The buyer's own request in every respect the API looks at (rate limits count it as theirs).
          remoteAddress: request.ip,
        }),
      ),
    );
    if (answers.some((answer) => answer.statusCode !== 200)) return null;
    const bodies = Object.fromEntries(plan.urls.map((url, i) => [url, answers[i]?.json() as unknown]));
    // The page's language (issue 43): the visitor's choice, else the agent's default in the answers.
    const language = pageLocale(request, agentDefaultIn(bodies));
    const key = `${webDist}\0${plan.path}\0${language.locale}\0${language.chosen}\0${JSON.stringify(bodies)}`;
    const hit = kept ? cache.get(key) : undefined;
    // The footer's © year is rendered text: a page kept across New Year is composed again.
    const year = new Date().getFullYear();
    if (hit && hit.template === template && hit.manifest === manifest && hit.year === year) return hit.html;
    const markup = await renderer.renderFirstScreen(
      kept ? plan.path : request.url,
      bodies,
      language.locale,
      buildStylesheet(template),
    );
    if (markup === null) return null;
    // The row's chunks, and those of what this address shows beyond them (the step a booking link opens on).
    const table = JSON.parse(manifest) as Record<string, string[] | undefined>;
    const keys = [plan.path, ...(kept ? [] : (renderer.firstScreenPreloads?.(request.url) ?? []))];
    const preloads = [...new Set(keys.flatMap((key) => table[key] ?? []))];
    const page = { markup, answers: bodies, inlineId: renderer.FIRST_PAINT_INLINE_ID, preloads };
    const styles = await stylesheetsOf(template, webDist);
    const html = withPageLocale(
      (await withCriticalCss(composePage(template, page), webDist, styles)) ??
        composePage(template, { ...page, styles }),
      language,
    );
    if (kept) cache.set(key, { template, manifest, year, html });
    return html;
  } catch (error) {
    request.log.warn({ err: error }, 'first screen not rendered; sending index.html');
    return null;
  }
}

/**
 * What React's server render puts ahead of the app's markup (decision 036): the elements it hoists into the
 * document's <head> — the screen's <title>, <meta>, and <link>s such as the preloads of images the screen shows.
 */
const HEAD_ELEMENTS = /^(?:<title>[^<]*<\/title>|<(?:link|meta)\b[^>]*>)+/;

/**
 * index.html with the rendered markup in #root, and in <head> the answers (every `<` escaped, so no text in
 * them can close the element; no element when there are none), the elements React hoists there (the screen's
 * <title> in place of index.html's) and the page's chunks. Throws when the template has no empty #root or
 * <head>.
 */
export function composePage(
  template: string,
  page: {
    markup: string;
    answers: Record<string, unknown>;
    inlineId: string;
    preloads: string[];
    /** The template's stylesheets to put in as <style> (stylesheetsOf), by their href; others stay links. */
    styles?: Record<string, string>;
  },
): string {
  if (!template.includes(ROOT_ELEMENT) || !/<head>/i.test(template))
    throw new Error('index.html has no empty <div id="root"> or <head>');
  const json = JSON.stringify(page.answers).replace(/</g, '\\u003c');
  // The answers first in <head>: the first-paint script (async, at the top of <head>) sees them and stands aside.
  const answers =
    Object.keys(page.answers).length === 0
      ? ''
      : `<script type="application/json" id="${escapeAttribute(page.inlineId)}">${json}</script>`;
  const preloads = page.preloads
    .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
    .join('');
  // React hydrates #root from its first child: the hoisted elements go to <head>, where its client looks for
  // them (a <title> in #root would be a node the client's first render does not have).
  const head = HEAD_ELEMENTS.exec(page.markup)?.[0] ?? '';
  const markup = page.markup.slice(head.length);
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0];
  const hoisted = title ? head.replace(title, '') : head;
  const withTitle =
    title && /<title>[^<]*<\/title>/i.test(template)
      ? template.replace(/<title>[^<]*<\/title>/i, () => title)
      : template.replace(/<\/head>/i, () => `${title ?? ''}</head>`);
  return inlineStylesheets(withTitle, page.styles ?? {})
    .replace(/<head>/i, (tag) => `${tag}${answers}`)
    .replace(/<\/head>/i, () => `${hoisted}${preloads}</head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
}

/**
 * The build's stylesheets in the page itself (issue 48, decision 077): a server-rendered first screen paints
 * when its HTML has arrived, not one round trip later when the render-blocking stylesheet has. The link gives
 * way to a <style> with the same rules (the CSP allows inline styles; the file has no relative url() to
 * resolve against /assets/, else it stays a link as it was).
 */
const RELATIVE_URL = /url\(\s*(['"]?)(?!data:|https?:|\/)/i;

function inlineStylesheets(html: string, styles: Record<string, string>): string {
  return html.replace(STYLESHEET_LINK, (link) => {
    const href = hrefOf(link);
    const css = href === undefined ? undefined : styles[href];
    if (css === undefined) return link;
    // The link stays, disabled (not fetched, not applied): the lazy chunks that import the entry list its
    // stylesheet, and Vite's preload step loads one only when the page has no link to it.
    const kept = link.replace(/\s*\/?>$/, ' media="not all" disabled>');
    // `</style` inside a rule could close the element early: escaped as CSS reads it (`\3c/style`).
    return `${kept}<style>${css.replace(/<\/style/gi, '\\3c/style')}</style>`;
  });
}

/** The template's own stylesheets' hrefs (under /assets/). */
function ownStylesheets(template: string): string[] {
  return [...template.matchAll(STYLESHEET_LINK)]
    .map(([link]) => hrefOf(link))
    .filter((href): href is string => href !== undefined && /^\/assets\/[\w.-]+\.css$/.test(href));
}

/** The build's stylesheet: the first of the template's own (null when it has none, as in development). */
function buildStylesheet(template: string): string | null {
  return ownStylesheets(template)[0] ?? null;
}

/** Stylesheet text by file: the build fingerprints its names, so a file read once is that file's text. */
const stylesheetText = new Map<string, Promise<string | null>>();

/** The template's own stylesheets (under /assets/, without relative url()), read once each, by href. */
export async function stylesheetsOf(template: string, webDist: string): Promise<Record<string, string>> {
  const hrefs = ownStylesheets(template);
  const texts = await Promise.all(
    hrefs.map((href) => {
      const file = path.join(webDist, href);
      let text = stylesheetText.get(file);
      if (!text) {
        text = readFile(file, 'utf8').then(
          (css) => (RELATIVE_URL.test(css) ? null : css),
          () => null,
        );
        stylesheetText.set(file, text);
      }
      return text;
    }),
  );
  return Object.fromEntries(
    hrefs.flatMap((href, i) => (texts[i] === null || texts[i] === undefined ? [] : [[href, texts[i]]])),
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
