// Rule: the request logger never writes a secret carried by a URL — the private calendar feed's secret path
// segment, the buyer's manage token (?token=), an OAuth callback's code and state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/log-redaction';
import { createTestApp, type TestApp } from './app';
import { makeAgent } from './fixtures';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('request logs carry no secrets from URLs', () => {
  it('a request to the private ICS feed is logged as /api/calendar/feed/[redacted].ics, never with its secret', async () => {
    const agent = await makeAgent(t);
    const { url } = (
      await t.request({ method: 'GET', url: '/api/integrations/feed', token: agent.token })
    ).json();
    const path = new URL(url as string).pathname;
    const secret = /\/api\/calendar\/feed\/([^/]+)\.ics$/.exec(path)![1]!;
    lines.length = 0;
    const feed = await t.request({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('/api/calendar/feed/[redacted].ics');
    expect(log).not.toContain(secret);
  });

  it("the manage token (?token=) and an OAuth callback's code and state are redacted, other parameters kept", async () => {
    lines.length = 0;
    await t.request({ method: 'GET', url: '/api/booking/manage?token=mt_SECRET-manage-token-123' });
    await t.request({ method: 'GET', url: '/oauth/google/callback?code=4/SECRET-code&state=SECRET-state' });
    const log = lines.join('');
    expect(log).not.toMatch(/SECRET/);
    expect(log).toContain('/api/booking/manage?token=[redacted]');
    expect(log).toContain('/oauth/google/callback?code=[redacted]&state=[redacted]');
  });

  it('each request is one log line (issue 18): method, redacted URL, status and time taken', async () => {
    lines.length = 0;
    await t.request({ method: 'GET', url: '/api/booking/manage?token=mt_SECRET-one-line' });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as {
      msg: string;
      req: { method: string; url: string };
      res: { statusCode: number };
      responseTime: number;
    };
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/booking/manage?token=[redacted]' },
      res: { statusCode: 404 },
    });
    expect(typeof line.responseTime).toBe('number');
  });

  it('redactUrl keeps what is not a secret', () => {
    expect(redactUrl('/api/bookings?status=confirmed&page=2')).toBe('/api/bookings?status=confirmed&page=2');
    expect(redactUrl('/booking/reschedule?lang=en&Token=abc')).toBe(
      '/booking/reschedule?lang=en&Token=[redacted]',
    );
    expect(redactUrl('/api/calendar/feed/abcDEF_123')).toBe('/api/calendar/feed/[redacted]');
  });
});
