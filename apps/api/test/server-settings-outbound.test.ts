// Issue 39, item 17: Server settings' checks of the AI provider and the MLS go through the outbound guard, as
// the adapters themselves do. Without private addresses allowed, loopback — also written as the IPv4-mapped
// [::ffff:127.0.0.1] — is refused before anything is sent (the MLS's client secret never reaches it); with them
// allowed (on-premises installs, these tests) the same checks reach the 127.0.0.1 stand-ins.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SETTINGS_TEXTS } from '@keyturn/domain/schemas/serverSettings';
import { createTestApp, type TestApp } from './app';
import { RESO_CLIENT, startResoServer, type ResoServer } from './support/reso-server';

const AI_KEY = 'ai-key-outbound-7f8e';
let ai: { port: number; calls: string[]; server: Server };
let mls: ResoServer;
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: [{ id: 'tiny-model' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ai = { port: (server.address() as AddressInfo).port, calls, server };
  mls = await startResoServer();
  t = await createTestApp();
  admin = await t.signUp();
});
afterAll(async () => {
  await t?.close();
  await mls?.close();
  ai?.server.close();
});

const save = (app: TestApp, values: Record<string, string | null>) =>
  app.request({ method: 'PUT', url: '/api/server-settings', token: admin.token, payload: { values } });
const check = async (app: TestApp, section: 'ai' | 'mls') => {
  const res = await app.request({
    method: 'POST',
    url: `/api/server-settings/${section}/check`,
    token: admin.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ ok: boolean; message: string }>();
};
const mlsPort = () => new URL(mls.url).port;

describe('the AI provider and MLS checks go through the outbound guard (issue 39, item 17)', () => {
  it('loopback and [::ffff:127.0.0.1] are refused for the AI check; the key is not sent', async () => {
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]']) {
      const saved = await save(t, {
        AI_BASE_URL: `http://${host}:${ai.port}/ai`,
        AI_API_KEY: AI_KEY,
        AI_MODEL: 'tiny-model',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const answer = await check(t, 'ai');
      expect(answer.ok).toBe(false);
      expect(answer.message).toBe(
        SERVER_SETTINGS_TEXTS.privateAddress(new URL(`http://${host}:${ai.port}`).host),
      );
    }
    expect(ai.calls).toEqual([]);
  });

  it('the MLS check refuses a token address on loopback: the client secret never leaves the server', async () => {
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]']) {
      const base = `http://${host}:${mlsPort()}`;
      const saved = await save(t, {
        RESO_BASE_URL: `${base}/reso/odata`,
        RESO_TOKEN_URL: `${base}/oauth/token`,
        RESO_CLIENT_ID: RESO_CLIENT.id,
        RESO_CLIENT_SECRET: RESO_CLIENT.secret,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const answer = await check(t, 'mls');
      expect(answer).toEqual({
        success: true,
        ok: false,
        message: SERVER_SETTINGS_TEXTS.privateAddress(new URL(base).host),
      });
    }
    expect(mls.requests).toEqual([]);
  });

  it('with private addresses allowed, the same checks reach the stand-ins', async () => {
    const allowed = await createTestApp({
      database: t.database,
      env: { ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true' },
    });
    try {
      // Secrets are sealed with each server's own key (its DATA_DIR): saved again on this one.
      await save(allowed, {
        AI_BASE_URL: `http://127.0.0.1:${ai.port}/ai`,
        AI_API_KEY: AI_KEY,
        RESO_CLIENT_SECRET: RESO_CLIENT.secret,
        RESO_BASE_URL: `${mls.url}/reso/odata`,
        RESO_TOKEN_URL: `${mls.url}/oauth/token`,
      });
      expect(await check(allowed, 'ai')).toMatchObject({
        ok: true,
        message: 'The AI provider answered and accepted the key.',
      });
      expect(ai.calls).toEqual([`GET /ai/models Bearer ${AI_KEY}`]);
      expect(await check(allowed, 'mls')).toMatchObject({
        ok: true,
        message: 'The MLS signed the client in.',
      });
      expect(mls.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /oauth/token']);
    } finally {
      await allowed.close();
    }
  });
});
