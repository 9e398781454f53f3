// Issue 47 (decision 093): the dashboard as an installable app, as the server serves it: the manifest (its
// fields and icons, as JSON with its own type), the icons (real PNGs at their sizes), and the service worker at
// /dashboard-sw.js — JavaScript, never cached long, allowed the scope /dashboard only (the booking pages are
// outside it). The dashboard's pages are still the app.
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config';
import { createTestApp, type TestApp } from './app';

const PUBLIC = path.join(repoRoot, 'apps/web/public');
let web: TestApp;

beforeAll(async () => {
  // The web build copies public/ into dist/ as it is: the test serves the same files.
  const dist = await mkdtemp(path.join(os.tmpdir(), 'keyturn-dist-'));
  await mkdir(path.join(dist, 'icons'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Keyturn</title>');
  for (const file of [
    'manifest.webmanifest',
    'dashboard-sw.js',
    'icons/icon-192.png',
    'icons/icon-512.png',
    'icons/icon-maskable-512.png',
    'icons/apple-touch-icon.png',
  ])
    await copyFile(path.join(PUBLIC, file), path.join(dist, file));
  // The build's precompressed copy is what a browser accepting gzip gets: the same headers.
  await writeFile(
    path.join(dist, 'dashboard-sw.js.gz'),
    gzipSync(await readFile(path.join(PUBLIC, 'dashboard-sw.js'))),
  );
  web = await createTestApp({ env: { WEB_DIST: dist }, firstScreen: null });
});
afterAll(async () => {
  await web?.close();
});

/** A PNG's width and height (its IHDR). */
const pngSize = (body: Buffer) => {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
};

describe('the installable dashboard', () => {
  it('serves the manifest: Keyturn, standalone, started at /dashboard within its scope, with its icons', async () => {
    const res = await web.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(res.body) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Keyturn',
      short_name: 'Keyturn',
      start_url: '/dashboard',
      scope: '/dashboard',
      display: 'standalone',
      theme_color: '#2563eb',
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    const wanted = ['192x192 any', '512x512 any', '512x512 maskable'];
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(wanted);
    for (const icon of manifest.icons) {
      const file = await web.request({ method: 'GET', url: icon.src });
      expect(file.statusCode, icon.src).toBe(200);
      expect(file.headers['content-type'], icon.src).toBe('image/png');
      expect(pngSize(file.rawPayload), icon.src).toBe(icon.sizes);
    }
    const apple = await web.request({ method: 'GET', url: '/icons/apple-touch-icon.png' });
    expect(pngSize(apple.rawPayload)).toBe('180x180');
  });

  it('serves the service worker as JavaScript, revalidated each time, allowed /dashboard only', async () => {
    const res = await web.request({ method: 'GET', url: '/dashboard-sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/dashboard');
    const source = await readFile(path.join(PUBLIC, 'dashboard-sw.js'), 'utf8');
    // It shows pushes and opens bookings, renews a replaced push subscription, and (decision 094) keeps the
    // dashboard's pages and the agent's own API reads for offline use: GETs only, per-account caches, never the
    // public booking API, never a CDN.
    expect(source).toContain("addEventListener('push'");
    expect(source).toContain("addEventListener('notificationclick'");
    expect(source).toContain("addEventListener('pushsubscriptionchange'");
    expect(source).toContain("addEventListener('fetch'");
    expect(source).toContain("if (request.method !== 'GET') return;");
    expect(source).toContain("const API_CACHE_PREFIX = 'keyturn-api-';");
    expect(source).not.toMatch(/importScripts|https?:\/\//);
    expect(source).not.toMatch(/\\\/api\\\/booking\\\//);
    const gzipped = await web.request({
      method: 'GET',
      url: '/dashboard-sw.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['service-worker-allowed']).toBe('/dashboard');
    expect(gzipped.headers['cache-control']).toBe('no-cache');
    // Another file is not given the wider scope.
    const manifest = await web.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['service-worker-allowed']).toBeUndefined();
  });

  it('still answers the dashboard’s pages with the app', async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard/day', '/dashboard/bookings?booking=x']) {
      const res = await web.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });
});
