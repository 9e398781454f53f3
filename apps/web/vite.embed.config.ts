// `vite build -c vite.embed.config.ts` (the web build's second step): the embed loader, /embed.js (issue 34,
// decision 057), one self-contained classic script from src/embed/loader.ts — no framework, no chunks, no
// fingerprint in its name (agents paste its address into their sites once) — next to the app in dist/, with
// its .br and .gz copies.
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig({
  resolve: { alias: [{ find: '@', replacement: srcDir }] },
  publicDir: false,
  plugins: [compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.js$/ })],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2020',
    lib: {
      entry: `${srcDir}/embed/loader.ts`,
      formats: ['iife'],
      name: 'KeyturnEmbed',
      fileName: () => 'embed.js',
    },
  },
});
