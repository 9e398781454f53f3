// The API's outer shell: health, the error shape for unknown paths and bad JSON, OpenAPI, security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseStatus } from '../src/db/supervisor';
import { createTestApp, type TestApp } from './app';
import { freePort } from './support/processes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('HTTP shell', () => {
  it('GET /api/health checks the database', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // No SMTP_URL: e-mails are kept in the database's outbox; this test app runs no workers yet.
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      jobs: 'ok',
      workers: 'starting',
      mail: 'outbox',
    });
  });

  it('GET /api/health names the part that is down: an unreachable mail server, a queue no worker empties', async () => {
    const port = await freePort();
    const broken = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, WORKERS_IN_PROCESS: 'false' },
    });
    try {
      await broken.database.db.execute(
        sql`insert into pgboss.job (id, name, data, state, start_after)
            values (gen_random_uuid(), 'notifications', '{}'::jsonb, 'created', now() - interval '1 hour')`,
      );
      const res = await broken.request({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'degraded',
        database: 'ok',
        jobs: 'behind',
        workers: 'external',
        mail: 'unreachable',
      });
    } finally {
      await broken.close();
    }
  });

  it('while the supervisor says the database is down, every API call answers 503 DATABASE_UNAVAILABLE with Retry-After', async () => {
    const status = new DatabaseStatus();
    const down = await createTestApp({ dbStatus: status });
    try {
      status.markDown('test');
      for (const url of ['/api/agents/profile', '/api/booking/property/1', '/uploads/a.png']) {
        const res = await down.request({ method: 'GET', url });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE', error: expect.any(String) });
      }
      const post = await down.request({ method: 'POST', url: '/api/booking', payload: {} });
      expect(post.statusCode).toBe(503);
      const health = await down.request({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
      status.markUp();
      expect((await down.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('an unknown /api path answers 404 in the one error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
  });

  it('malformed JSON is a 400 with a code, never a 5xx', async () => {
    const { token } = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/agents',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it('the OpenAPI document is generated from the route schemas and has a browsable page', async () => {
    const doc = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/profile',
        '/api/agents/profile',
        '/api/agents',
        '/api/payments/subscription',
      ]),
    );
    const page = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('responses carry security headers with a Content-Security-Policy', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('Content-Security-Policy and the analytics tag manager (spec §2.3: loaded only after consent)', () => {
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));

  it('admits scripts from this origin only when no container is configured', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
  });

  it('admits the tag-manager origin for scripts, connections and images once VITE_GTM_ID is set', async () => {
    const withGtm = await createTestApp({
      env: { VITE_GTM_ID: 'GTM-TEST', VITE_GTM_SCRIPT_URL: 'http://127.0.0.1:5199/gtm.js' },
    });
    const defaultGtm = await createTestApp({ env: { VITE_GTM_ID: 'GTM-TEST' } });
    try {
      const res = await withGtm.request({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(directive(csp, 'script-src')).toBe("script-src 'self' http://127.0.0.1:5199");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' http://127.0.0.1:5199");
      expect(directive(csp, 'img-src')).toContain('http://127.0.0.1:5199');

      const google = await defaultGtm.request({ method: 'GET', url: '/api/health' });
      expect(directive(String(google.headers['content-security-policy']), 'script-src')).toBe(
        "script-src 'self' https://www.googletagmanager.com",
      );
    } finally {
      await withGtm.close();
      await defaultGtm.close();
    }
  });
});

describe('CORS for the development server (Vite on :5173 calls the API on :5001, spec §7)', () => {
  const preflight = (app: TestApp) =>
    app.request({
      method: 'OPTIONS',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });

  it('allows the dev origin in development (NODE_ENV=development, as `npm run dev` sets it)', async () => {
    const dev = await createTestApp({ env: { NODE_ENV: 'development' } });
    try {
      const res = await preflight(dev);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    } finally {
      await dev.close();
    }
  });

  it('does not trust the dev origin with credentials anywhere else (production)', async () => {
    const res = await preflight(t);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('does not allow an unknown origin', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'http://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('serving the built web app (same origin)', () => {
  it('serves index.html for / and app routes, files from the build, and 404 for missing files', async () => {
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dist = await mkdtemp(path.join(os.tmpdir(), 'keyturn-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Keyturn</title>');
    await writeFile(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const web = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      for (const url of ['/', '/dashboard/bookings', '/dana/12-elm-street/7/book']) {
        const res = await web.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Keyturn</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      // Added after start: served at once (a rebuild while the server runs).
      await writeFile(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
      const asset = await web.request({ method: 'GET', url: '/assets/app-2.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      for (const url of ['/assets/gone.js', '/uploads/gone.png', '/favicon-missing.ico']) {
        expect((await web.request({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      // An address the app has no page for (issue 29): 404 with the app, whose router shows "Page not found";
      // the app's own pages, in any letter case and with a trailing slash, stay 200.
      for (const url of ['/no/such/page', '/dashboard/nope', '/bookme/a/b/c']) {
        const res = await web.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.body, url).toContain('<title>Keyturn</title>');
      }
      for (const url of ['/Booking/Manage?token=x', '/team/acme/', '/sign-in/factor-one', '/tour/t1']) {
        expect((await web.request({ method: 'GET', url })).statusCode, url).toBe(200);
      }
    } finally {
      await web.close();
    }
  });

  it('sends the brotli or gzip copy of a built file the browser accepts, the file itself otherwise; Vary: Accept-Encoding (issue 18)', async () => {
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    const dist = await mkdtemp(path.join(os.tmpdir(), 'keyturn-dist-'));
    await mkdir(path.join(dist, 'assets'));
    const script = 'console.log("the booking page");'.repeat(50);
    const html = '<!doctype html><title>Keyturn</title>';
    await writeFile(path.join(dist, 'index.html'), html);
    await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync(html));
    await writeFile(path.join(dist, 'assets', 'page-1.js'), script);
    await writeFile(path.join(dist, 'assets', 'page-1.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dist, 'assets', 'page-1.js.gz'), gzipSync(script));
    const web = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      const get = (url: string, encoding?: string) =>
        web.request({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

      const brotli = await get('/assets/page-1.js', 'gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toContain('javascript');
      expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);
      const gzip = await get('/assets/page-1.js', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      const plain = await get('/assets/page-1.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      for (const res of [brotli, gzip, plain]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.headers['cache-control']).toContain('immutable');
      }
      // The app's pages too; the API's answers are not the web app's files.
      const page = await get('/bookme/some-agent', 'br');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect((await get('/api/health', 'br')).headers.vary ?? '').not.toMatch(/Accept-Encoding/);
    } finally {
      await web.close();
    }
  });
});
