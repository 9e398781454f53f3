import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// `@/x` → `src/x`, the same alias as tsconfig.json's paths.
const srcDir = decodeURIComponent(new URL('./src', import.meta.url).pathname);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': srcDir } },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  // The manifest lets `npm run bench` follow each page's chunks (gzipped JS per public route).
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Whole-page flows in jsdom take seconds on a loaded 2-core machine; the default 5 s made them flaky.
    testTimeout: 20_000,
  },
});
