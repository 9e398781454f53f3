// A Web Push service on 127.0.0.1 for the push tests: it takes the POSTs a push service takes, keeps each with
// its headers and body, and answers 201 — or the status a test sets for one device's endpoint (404/410: that
// device unsubscribed). A device is a real subscription: its P-256 key pair and auth secret made here with
// node:crypto, so the test decrypts what the server sent (RFC 8291 on RFC 8188's aes128gcm) and checks the VAPID
// header (RFC 8292) against the server's public key.
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PushRequest = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type TestPushService = {
  url: string;
  received: PushRequest[];
  /** Requests to one device's endpoint. */
  to: (device: TestDevice) => PushRequest[];
  answer: (device: TestDevice, status: number) => void;
  waitFor: (predicate: () => boolean, timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

export type TestDevice = {
  name: string;
  endpoint: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  decrypt: (body: Buffer) => unknown;
};

export async function startPushService(): Promise<TestPushService> {
  const received: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    to: (device) => received.filter((r) => `${url}${r.path}` === device.endpoint),
    answer: (device, status) => statuses.set(new URL(device.endpoint).pathname, status),
    waitFor: async (predicate, timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > until) throw new Error('the push service did not get the expected requests in time');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** A browser's subscription at `service`: its own key pair and auth secret. */
export function makeDevice(service: TestPushService, name: string): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  const endpoint = `${service.url}/push/${name}-${randomBytes(6).toString('hex')}`;
  const decrypt = (body: Buffer): unknown => {
    // RFC 8188 header: salt (16) | record size (4) | idlen (1) | keyid (the server's ephemeral public key).
    const salt = body.subarray(0, 16);
    const idlen = body.readUInt8(20);
    const asPublic = body.subarray(21, 21 + idlen);
    const record = body.subarray(21 + idlen);
    // RFC 8291 §3.3-3.4: the input keying material from the ECDH secret and the auth secret.
    const ecdhSecret = ecdh.computeSecret(asPublic);
    const prkKey = hmac(authSecret, ecdhSecret);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
    const ikm = hmac(prkKey, keyInfo);
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02 and zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm body');
    return JSON.parse(padded.subarray(0, end).toString('utf8'));
  };
  const subscription = {
    endpoint,
    keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
  };
  return { name, endpoint, subscription, decrypt };
}

/**
 * The VAPID Authorization header (`vapid t=<JWT>, k=<public key>`) checked: the key is `publicKey`, the JWT is
 * ES256-signed by it, its audience is the endpoint's origin and it has not expired. Returns its claims.
 */
export function checkVapid(
  header: string | undefined,
  endpoint: string,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error('the VAPID key is not the server’s');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID JWT signature does not verify');
  const header0 = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg: string };
  if (header0.alg !== 'ES256') throw new Error(`VAPID JWT alg ${header0.alg}`);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== new URL(endpoint).origin) throw new Error(`VAPID aud ${body.aud}`);
  if (body.exp * 1000 <= Date.now()) throw new Error('the VAPID JWT has expired');
  return body;
}
