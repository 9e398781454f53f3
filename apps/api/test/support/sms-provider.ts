// A Twilio-shaped HTTP server on 127.0.0.1: POST /2010-04-01/Accounts/{sid}/Messages.json with form-encoded
// To/From/Body and basic auth answers 201 { sid, status: 'queued' }; GET /2010-04-01/Accounts/{sid}.json answers
// the account (the settings Check). It can be told to fail with 500.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedSms = { to: string; from: string; body: string; sid: string };

export type TestSmsProvider = {
  url: string;
  accountSid: string;
  authToken: string;
  /** Accepted messages. */
  messages: ReceivedSms[];
  /** Every request, accepted or not. */
  attempts: number;
  /** The next `n` requests answer 500. */
  failNext: (n: number) => void;
  failAlways: (on: boolean) => void;
  waitFor: (predicate: (m: ReceivedSms[]) => boolean, timeoutMs?: number) => Promise<ReceivedSms[]>;
  close: () => Promise<void>;
};

export async function startSmsProvider(
  accountSid = 'AC00000000000000000000000000000001',
  authToken = 'test-auth-token',
): Promise<TestSmsProvider> {
  const messages: ReceivedSms[] = [];
  let failures = 0;
  let failing = false;
  const state = { attempts: 0 };
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      state.attempts += 1;
      const send = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      // The account's own resource (Server settings' Check reads it): 200 with the right credentials.
      if (req.method === 'GET' && req.url === `/2010-04-01/Accounts/${accountSid}.json`) {
        if (req.headers.authorization !== expectedAuth) {
          return send(401, { code: 20003, message: 'Authenticate', status: 401 });
        }
        return send(200, { sid: accountSid, status: 'active', type: 'Full' });
      }
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      }
      if (req.headers.authorization !== expectedAuth) {
        return send(401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return send(400, { code: 21000, message: 'Expected a form', status: 400 });
      }
      if (failing || failures > 0) {
        failures = Math.max(0, failures - 1);
        return send(500, { code: 20500, message: 'Internal Server Error', status: 500 });
      }
      const form = new URLSearchParams(body);
      const to = form.get('To') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) {
        return send(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.` });
      }
      const sid = `SM${String(messages.length + 1).padStart(32, '0')}`;
      messages.push({ to, from: form.get('From') ?? '', body: form.get('Body') ?? '', sid });
      return send(201, { sid, status: 'queued', to, from: form.get('From') });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    get attempts() {
      return state.attempts;
    },
    failNext: (n) => {
      failures = n;
    },
    failAlways: (on) => {
      failing = on;
    },
    waitFor: async (predicate, timeoutMs = 20_000) => {
      const until = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > until) throw new Error(`SMS wait timed out with ${messages.length} messages`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return messages;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
