// Vite plugin (build only): the first-paint preload script of decisions 030 and 033. It writes
// assets/first-paint-<hash>.js — the FIRST_PAINT_PAGES table with each page's chunk files (its chunk and the
// chunks that chunk imports statically, less what index.html already preloads) and its first API GETs, with
// matchFirstPaintPath and firstPaintDataUrls — and puts it into index.html as an async module script ahead of
// the entry. CSP-safe: a file of our own origin, fetching from our own origin. It also starts keeping taps on
// the calendar's days until the page's code takes them over (lib/early-taps.ts, decision 078).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import {
  BOOKING_PAGE,
  BOOKING_STEP_MODULES,
  BOOKING_STEP_PRELOAD,
  FIRST_PAINT_MANIFEST,
  FIRST_PAINT_PAGES,
  firstPaintDataUrls,
  matchFirstPaintPath,
} from './src/app/first-paint-pages';
import { EARLY_TAPS_KEY, EARLY_TAP_ATTRIBUTE, captureEarlyTaps } from './src/lib/early-taps';
import { FIRST_PAINT_DATA_KEY, FIRST_PAINT_INLINE_ID } from './src/lib/first-paint-data';
import { warmDateFormats } from './src/lib/warm-intl';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
};

export function firstPaintPreload(root: string): Plugin {
  let base = '/';
  let script: ReturnType<typeof preloadScript> | null = null;
  return {
    name: 'keyturn:first-paint-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    // Inside Vite's HTML step (which also hands index.html to the compression plugin): the tag goes in here,
    // so index.html.br/.gz carry it too.
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        script = preloadScript(Object.values(ctx.bundle), root, base);
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: { type: 'module', async: true, src: base + script.fileName },
              injectTo: 'head-prepend',
            },
          ],
        };
      },
    },
    // The script itself, with its brotli and gzip copies like every other asset (the server sends those).
    // And the table for the API server (decision 034): the page's chunk files by path, written as
    // <link rel="modulepreload"> into a server-rendered page's HTML.
    writeBundle(options) {
      if (!script || !options.dir) return;
      mkdirSync(path.dirname(path.join(options.dir, FIRST_PAINT_MANIFEST)), { recursive: true });
      writeFileSync(
        path.join(options.dir, FIRST_PAINT_MANIFEST),
        JSON.stringify({
          ...Object.fromEntries(script.table.map(([address, files]) => [address, files])),
          ...script.steps,
        }),
      );
      const file = path.join(options.dir, script.fileName);
      writeFileSync(file, script.source);
      writeFileSync(`${file}.gz`, gzipSync(script.source, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(script.source));
    },
  };
}

function preloadScript(items: { type: string }[], root: string, base: string) {
  const chunks = items.filter((item): item is Chunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of byFile.get(file)?.imports ?? []) visit(next);
    };
    start.forEach(visit);
    return seen;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const chunkOf = (module: string) => {
    const chunk = chunks.find((one) => one.facadeModuleId === `${root}/${module}`);
    if (!chunk) throw new Error(`first-paint preload: no chunk for ${module}`);
    return chunk.fileName;
  };
  const table = FIRST_PAINT_PAGES.map(({ path: address, module, data }) => {
    const files = [...closure([chunkOf(module)])].filter((file) => !entry.has(file));
    return [address, files.map((file) => base + file), data ?? []] as const;
  });
  // A booking step's chunk files beyond the entry's and the booking page's (decision 078): for the server only.
  const bookingPage = closure([chunkOf(BOOKING_PAGE)]);
  const steps = Object.fromEntries(
    Object.entries(BOOKING_STEP_MODULES).map(([step, module]) => [
      BOOKING_STEP_PRELOAD + step,
      [...closure([chunkOf(module)])]
        .filter((file) => !entry.has(file) && !bookingPage.has(file))
        .map((file) => base + file),
    ]),
  );
  // The page's first API answers are asked for here too (decision 033): each promise is kept under
  // FIRST_PAINT_DATA_KEY by its URL for lib/first-paint-data.ts; a failure is kept as null (the app asks again).
  const source =
    `(${captureEarlyTaps.toString()})(${JSON.stringify(EARLY_TAPS_KEY)},${JSON.stringify(EARLY_TAP_ATTRIBUTE)});` +
    `(${warmDateFormats.toString()})(${JSON.stringify(FIRST_PAINT_INLINE_ID)});` +
    `const table=${JSON.stringify(table)};` +
    `const match=${matchFirstPaintPath.toString()};` +
    `const dataUrls=${firstPaintDataUrls.toString()};` +
    // A page the server rendered (decision 034) carries its preloads and answers in its HTML already.
    `const hit=document.getElementById(${JSON.stringify(FIRST_PAINT_INLINE_ID)})?null:` +
    `table[match(table.map((row)=>row[0]),location.pathname)];` +
    `for(const href of hit?hit[1]:[]){const link=document.createElement('link');` +
    `link.rel='modulepreload';link.href=href;document.head.appendChild(link);}` +
    `const early=window[${JSON.stringify(FIRST_PAINT_DATA_KEY)}]={};` +
    `for(const url of hit?dataUrls(hit[0],location.pathname,hit[2]):[]){` +
    `early[url]=fetch(url,{headers:{Accept:'application/json'}})` +
    `.then((response)=>response.text().then((text)=>({response,text}))).catch(()=>null);}\n`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  return { fileName: `assets/first-paint-${hash}.js`, source, table, steps };
}
