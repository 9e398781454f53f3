// Vite plugin (build only): the first-paint preload script of decision 030. It writes
// assets/first-paint-<hash>.js — the FIRST_PAINT_PAGES table with each page's chunk files (its chunk and the
// chunks that chunk imports statically, less what index.html already preloads) and matchFirstPaintPath — and
// puts it into index.html as an async module script ahead of the entry. CSP-safe: a file of our own origin.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { FIRST_PAINT_PAGES, matchFirstPaintPath } from './src/app/first-paint-pages';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
};

export function firstPaintPreload(root: string): Plugin {
  let base = '/';
  return {
    name: 'keyturn:first-paint-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const chunks = Object.values(bundle).filter(
          (item): item is typeof item & Chunk => item.type === 'chunk',
        );
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
        const table = FIRST_PAINT_PAGES.map(({ path, module }) => {
          const page = chunks.find((chunk) => chunk.facadeModuleId === `${root}/${module}`);
          if (!page) throw new Error(`first-paint preload: no chunk for ${module}`);
          const files = [...closure([page.fileName])].filter((file) => !entry.has(file));
          return [path, files.map((file) => base + file)];
        });
        const source =
          `const table=${JSON.stringify(table)};` +
          `const match=${matchFirstPaintPath.toString()};` +
          `const hit=table[match(table.map((row)=>row[0]),location.pathname)];` +
          `for(const href of hit?hit[1]:[]){const link=document.createElement('link');` +
          `link.rel='modulepreload';link.href=href;document.head.appendChild(link);}\n`;
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        const fileName = `assets/first-paint-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        const tag = `<script type="module" async src="${base}${fileName}"></script>`;
        const text = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
        if (!text.includes('<head>')) throw new Error('first-paint preload: index.html has no <head>');
        html.source = text.replace('<head>', `<head>\n    ${tag}`);
      },
    },
  };
}
