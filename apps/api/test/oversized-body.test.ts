// Issue 26: a body over the limit is answered 413 in the error shape — the client reads that answer; the
// connection is not dropped under it (EPIPE / ECONNRESET while the client is still sending). Over a real
// socket, with and without Content-Length, to a JSON route and to better-auth's, twenty times each.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t?.close());

/** Sends `bytes` of JSON-ish body in 64 KB writes; resolves with the answer, rejects on a socket error. */
function sendLarge(
  path: string,
  bytes: number,
  withLength: boolean,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(withLength ? { 'content-length': String(bytes) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    // Settled once the answer is read AND the request is over: a socket error while still sending (EPIPE,
    // ECONNRESET), even after the answer arrived, fails it.
    let answer: { status: number; body: string } | null = null;
    let closed = false;
    const settle = () => {
      if (answer && closed) resolve(answer);
    };
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        answer = { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() };
        settle();
      });
    });
    req.on('error', reject);
    req.on('close', () => {
      closed = true;
      settle();
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    chunk.write('{"a":"');
    let sent = 0;
    const pump = () => {
      while (sent < bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += part.length;
        if (req.destroyed) return;
        if (!req.write(part)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('oversized bodies', () => {
  for (const path of ['/api/booking', '/api/auth/sign-in/email']) {
    for (const withLength of [true, false]) {
      it(`${path}, ${withLength ? 'with' : 'without'} Content-Length: 413 read by the client, 20 of 20`, async () => {
        for (let i = 0; i < 20; i += 1) {
          const res = await sendLarge(path, 16 * 1024 * 1024, withLength);
          expect(res.status).toBe(413);
          expect(JSON.parse(res.body)).toMatchObject({
            code: expect.any(String),
            fields: { body: expect.any(String) },
          });
        }
      });
    }
  }
});
