// Rule: the server calls agents' addresses (ICS subscriptions, webhooks) only on public http(s) hosts, unless
// ALLOW_PRIVATE_OUTBOUND_HOSTS; every redirect hop is checked like the first address.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isPublicAddress,
  outboundFetch,
  OutboundUrlRefused,
} from '../src/http/outbound-url';

let server: Server;
let base: string;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/hop') res.writeHead(302, { location: '/end' }).end();
    else res.writeHead(200).end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const strict = { allowPrivateHosts: false };

describe('outbound addresses', () => {
  it('only public unicast addresses are public (IPv4-mapped IPv6 judged as IPv4)', () => {
    for (const a of ['93.184.216.34', '2606:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:10.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses other schemes, credentials in the URL, and hosts resolving to loopback (localhost)', async () => {
    for (const url of ['ftp://93.184.216.34/x', 'file:///etc/passwd', 'http://user:pw@93.184.216.34/'])
      await expect(checkOutboundUrl(url, { allowPrivateHosts: true }), url).rejects.toThrow(
        OutboundUrlRefused,
      );
    await expect(checkOutboundUrl('http://localhost/x', strict)).rejects.toThrow(OutboundUrlRefused);
    expect((await checkOutboundUrl('https://93.184.216.34/cal.ics', strict)).hostname).toBe('93.184.216.34');
  });

  it('redirects are followed by hand, hop by hop (each hop checked), at most maxRedirects', async () => {
    const res = await outboundFetch(`${base}/hop`, {}, { allowPrivateHosts: true, maxRedirects: 5 });
    expect(res.status).toBe(200);
    expect(paths).toEqual(['/hop', '/end']);
    // 0 redirects: the 3xx itself is the answer.
    expect(
      (await outboundFetch(`${base}/hop`, {}, { allowPrivateHosts: true, maxRedirects: 0 })).status,
    ).toBe(302);
  });
});
