import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { namedAttributes, selectorOutline, withCriticalCss } from './critical-css';

const CSS =
  '.p-4{padding:1rem}[hidden]:where(:not([hidden=until-found])){display:none}' +
  '[data-early-tap][aria-pressed=true]{color:red}.bg-\\[var\\(--kt-primary\\)\\]{background:var(--kt-primary)}';

describe('namedAttributes', () => {
  it('reads which attributes selectors compare by value and which only by presence', () => {
    const named = namedAttributes(CSS);
    expect([...named.valued].sort()).toEqual(['aria-pressed', 'dir', 'hidden', 'lang']);
    expect(named.present.has('data-early-tap')).toBe(true);
    // compared by value somewhere: not also a presence-only name
    expect(named.present.has('hidden')).toBe(false);
    // the attributes the selector engine's pseudo-classes read (:disabled, :checked, :link…)
    for (const name of ['disabled', 'checked', 'href']) expect(named.present.has(name)).toBe(true);
  });
});

describe('selectorOutline', () => {
  const named = namedAttributes(CSS);
  const page = (name: string, date: string, pressed = 'false', extra = '') =>
    `<!doctype html><html lang="en"><head><title>Book with ${name}</title>` +
    `<script type="application/json" id="a">{"name":"${name} <b>"}</script></head>` +
    `<body><div id="root"><!--$--><h1 class="p-4" style="color:#123">${name}</h1>` +
    `<a href="/bookme/${name}" aria-label="${name}">Book</a>` +
    `<button data-date="${date}" data-early-tap="${date}" aria-pressed="${pressed}"${extra}>${date.slice(-2)}</button>` +
    `<p class="p-4"></p></div></body></html>`;

  it('is the same for pages that differ in text and in attributes no selector reads', () => {
    expect(selectorOutline(page('Dana', '2031-03-04'), named)).toBe(
      selectorOutline(page('Sam & Alex', '2031-04-11'), named),
    );
  });

  it('differs when a class, a compared attribute, a read attribute, the nesting or an element’s text differs', () => {
    const base = selectorOutline(page('Dana', '2031-03-04'), named);
    expect(selectorOutline(page('Dana', '2031-03-04', 'true'), named)).not.toBe(base);
    expect(selectorOutline(page('Dana', '2031-03-04', 'false', ' disabled'), named)).not.toBe(base);
    expect(
      selectorOutline(page('Dana', '2031-03-04').replace('<p class="p-4">', '<p class="p-8">'), named),
    ).not.toBe(base);
    expect(
      selectorOutline(
        page('Dana', '2031-03-04').replace('<p class="p-4"></p>', '<p class="p-4">x</p>'),
        named,
      ),
    ).not.toBe(base);
    expect(
      selectorOutline(
        page('Dana', '2031-03-04').replace('<p class="p-4"></p></div>', '</div><p class="p-4"></p>'),
        named,
      ),
    ).not.toBe(base);
  });

  it('keeps a compared attribute’s value and a present one’s name only', () => {
    const outline = selectorOutline(page('Dana', '2031-03-04'), named);
    // :lang() compares the page's language: a Spanish page is another outline
    expect(outline).toContain('<html lang="en">');
    expect(outline).toContain('aria-pressed="false"');
    expect(outline).toMatch(/ data-early-tap[ >]/);
    expect(outline).not.toContain('2031');
    expect(outline).not.toContain('Dana');
  });
});

describe('withCriticalCss', () => {
  const CUT = '.above{color:red}.below{color:blue}';
  const HEAD_LINK = '<link rel="stylesheet" crossorigin href="/assets/cut-1.css">';
  // What FirstScreenEnd renders where a page's first screen ends (decision 102).
  const BODY_LINK =
    '<link rel="stylesheet" href="/assets/cut-1.css" crossorigin="" data-first-screen-end=""/>';
  const page = (end: string) =>
    `<!doctype html><html lang="en"><head>${HEAD_LINK}</head><body><div id="root">` +
    `<p class="above">First screen</p>${end}<p class="below">Further down</p></div></body></html>`;
  const dists: string[] = [];
  afterAll(() => Promise.all(dists.map((dist) => rm(dist, { recursive: true, force: true }))));
  const inDist = async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'keyturn-critical-css-'));
    dists.push(dist);
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'assets', 'cut-1.css'), CUT);
    return dist;
  };

  it('keeps the rules of the whole page; the stylesheet is linked at the end of <body>', async () => {
    const html = await withCriticalCss(page(''), await inDist(), { '/assets/cut-1.css': CUT });
    expect(/<style>([^<]*)<\/style>/.exec(html ?? '')?.[1]).toBe(CUT);
    expect(html).toMatch(
      /<\/div><link rel="stylesheet" crossorigin href="\/assets\/cut-1.css"><\/body><\/html>$/,
    );
  });

  it('a stylesheet link in the body stays as it is; the rules of what follows it come in too', async () => {
    const html = (await withCriticalCss(page(BODY_LINK), await inDist(), { '/assets/cut-1.css': CUT })) ?? '';
    // A browser that shows what follows before that file has arrived shows it styled.
    expect(/<style>([^<]*)<\/style>/.exec(html)?.[1]).toBe(CUT);
    expect(html).toContain(`First screen</p>${BODY_LINK}<p class="below">`);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).not.toContain('data-beasties');
    // The head's link still goes to the end of <body>: the page keeps the stylesheet if the first one goes.
    expect(html.endsWith(`</div>${HEAD_LINK}</body></html>`)).toBe(true);
  });
});
