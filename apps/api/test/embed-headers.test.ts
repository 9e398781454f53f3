// Embeds (issue 34 §1, decision 057): only the embed pages may be framed by another site; every other page,
// the API and the loader itself keep refusing it. The loader /embed.js is a script other sites load: its
// type, its cache and its Cross-Origin-Resource-Policy say so.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

const LOADER = '(function(){document.querySelectorAll("[data-keyturn-agent]")})();';
const AGENT = '0b6a3c1e-6a1d-4f7e-9d43-2f1c9a7e5b10';
const PUBLIC_ID = 'a'.repeat(32);

let web: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'keyturn-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Keyturn</title>');
  await writeFile(path.join(dist, 'assets', 'page-1.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'embed.js'), LOADER);
  await writeFile(path.join(dist, 'embed.js.gz'), gzipSync(LOADER));
  web = await createTestApp({ env: { WEB_DIST: dist }, firstScreen: null });
});
afterAll(async () => {
  await web.close();
});

const frameAncestors = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors'));

describe('framing: the embed pages only (decision 057)', () => {
  it('lets any site frame the embedded booking pages: frame-ancestors *, no X-Frame-Options', async () => {
    for (const url of [
      `/embed/bookme/${AGENT}`,
      `/embed/bookme/${AGENT}?embed_origin=https%3A%2F%2Fdana-homes.example&step=calendar`,
      `/embed/property/${PUBLIC_ID}`,
      `/Embed/Property/${PUBLIC_ID}/`,
    ]) {
      const res = await web.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe('frame-ancestors *');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      // The rest of the policy stays as strict as on every page.
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it('keeps every other page, the API and the files refusing to be framed', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/dashboard/settings?tab=embed',
      `/bookme/${AGENT}`,
      '/sign-in',
      '/booking/manage?token=x',
      '/api/health',
      '/api/agents/profile',
      '/assets/page-1.js',
      '/embed.js',
      '/embedded/bookme/x',
      '/no/such/page',
    ]) {
      const res = await web.request({ method: 'GET', url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('answers an embed address that names no embed page 404, like any unknown page', async () => {
    for (const url of ['/embed', '/embed/bookme', '/embed/team/acme', `/embed/bookme/${AGENT}/extra`]) {
      expect((await web.request({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('the loader /embed.js', () => {
  it('is a script other sites may load, cached for a day and revalidated in the background', async () => {
    const res = await web.request({ method: 'GET', url: '/embed.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toBe(LOADER);
    const gzip = await web.request({
      method: 'GET',
      url: '/embed.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(gzip.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('leaves the app’s own files same-origin and fingerprinted-immutable', async () => {
    const res = await web.request({ method: 'GET', url: '/assets/page-1.js' });
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
