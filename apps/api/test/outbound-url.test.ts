// Rule: the server calls agents' addresses (ICS subscriptions, webhooks) only on public http(s) hosts, unless
// ALLOW_PRIVATE_OUTBOUND_HOSTS; every redirect hop is checked like the first address.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ipaddr from 'ipaddr.js';
import {
  checkOutboundUrl,
  embeddedIPv4,
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

  it('refuses every IPv6 form that carries a private or loopback IPv4 (issue 26)', async () => {
    // [address, the IPv4 inside it, public?]
    const table: [string, string | null, boolean][] = [
      // IPv4-compatible ::a.b.c.d (what http://[::127.0.0.1]/ becomes)
      ['::127.0.0.1', '127.0.0.1', false],
      ['::7f00:1', '127.0.0.1', false],
      ['::10.0.0.1', '10.0.0.1', false],
      ['::169.254.169.254', '169.254.169.254', false],
      // IPv4-mapped and SIIT-translated
      ['::ffff:127.0.0.1', '127.0.0.1', false],
      ['::ffff:7f00:1', '127.0.0.1', false],
      ['::ffff:192.168.1.1', '192.168.1.1', false],
      ['::ffff:0:10.1.2.3', '10.1.2.3', false],
      ['::ffff:93.184.216.34', '93.184.216.34', true],
      // NAT64, well-known and local-use prefixes
      ['64:ff9b::127.0.0.1', '127.0.0.1', false],
      ['64:ff9b::a9fe:a9fe', '169.254.169.254', false],
      ['64:ff9b:1::c0a8:101', '192.168.1.1', false],
      // 6to4: the IPv4 in bits 16-47
      ['2002:7f00:1::1', '127.0.0.1', false],
      ['2002:c0a8:101::', '192.168.1.1', false],
      ['2002:a00:1:1234::1', '10.0.0.1', false],
      // Teredo: the client's IPv4 inverted in the last 32 bits (0x80ff:fffe = ~127.0.0.1)
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1', false],
      // No IPv4 inside
      ['2606:4700::1111', null, true],
      ['::1', '0.0.0.1', false],
      ['fe80::1', null, false],
    ];
    for (const [address, v4, isPublic] of table) {
      expect(embeddedIPv4(ipaddr.IPv6.parse(address))?.toString() ?? null, address).toBe(v4);
      expect(isPublicAddress(address), address).toBe(isPublic);
    }
    for (const url of [
      'http://[::127.0.0.1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::]/',
    ])
      await expect(checkOutboundUrl(url, strict), url).rejects.toThrow(OutboundUrlRefused);
  });

  it('refuses other schemes, credentials in the URL, and hosts resolving to loopback (localhost)', async () => {
    for (const url of ['ftp://93.184.216.34/x', 'file:///etc/passwd', 'http://user:pw@93.184.216.34/'])
      await expect(checkOutboundUrl(url, { allowPrivateHosts: true }), url).rejects.toThrow(
        OutboundUrlRefused,
      );
    await expect(checkOutboundUrl('http://localhost/x', strict)).rejects.toThrow(OutboundUrlRefused);
    expect((await checkOutboundUrl('https://93.184.216.34/cal.ics', strict)).hostname).toBe('93.184.216.34');
  });

  it('a name that does not resolve is saved by a form but not called: no second lookup by fetch (issue 26)', async () => {
    let lookups = 0;
    const unresolvable = {
      allowPrivateHosts: false,
      resolve: () => {
        lookups += 1;
        return Promise.reject(
          Object.assign(new Error('getaddrinfo ENOTFOUND localhost'), { code: 'ENOTFOUND' }),
        );
      },
    };
    const port = new URL(base).port;
    expect((await checkOutboundUrl(`http://localhost:${port}/x`, unresolvable)).hostname).toBe('localhost');
    const before = paths.length;
    const call = outboundFetch(`http://localhost:${port}/x`, {}, { ...unresolvable, maxRedirects: 0 });
    await expect(call).rejects.toThrow('ENOTFOUND');
    await expect(call).rejects.not.toBeInstanceOf(OutboundUrlRefused);
    expect(lookups).toBe(2);
    expect(paths.length).toBe(before);
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
