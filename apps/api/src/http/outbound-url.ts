// Addresses the server itself calls on an agent's behalf (ICS subscriptions, outbound webhooks): only http(s),
// and — unless ALLOW_PRIVATE_OUTBOUND_HOSTS is set (tests, on-premises installs) — only hosts whose every DNS
// address is public. Loopback, private, link-local, unique-local, carrier-grade NAT, unspecified and reserved
// addresses are refused, checked after resolution and again for every redirect's target (no SSRF to the
// server's own network). `ipaddr.js` classifies the addresses (IPv4-mapped IPv6 included).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { MESSAGES } from '@keyturn/domain/messages';
import { AppError } from './errors';

export type OutboundPolicy = { allowPrivateHosts: boolean };

/** Why an address is not called; `message` is shown to the agent. */
export class OutboundUrlRefused extends Error {
  constructor(readonly reason: string) {
    super(MESSAGES.outboundUrlRefused);
  }
}

/** The only ranges a call may go to (ipaddr.js names). */
const PUBLIC_RANGES = new Set(['unicast']);

/** True when the address (v4 or v6 text) is one the server may call without the private-hosts setting. */
export function isPublicAddress(address: string): boolean {
  try {
    return PUBLIC_RANGES.has(ipaddr.process(address).range());
  } catch {
    return false;
  }
}

/**
 * The URL when the server may call it, else OutboundUrlRefused. A host name that does not resolve is let
 * through (it cannot reach anything; the call fails as an ordinary network error).
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlRefused('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundUrlRefused(`${url.protocol} is not http(s)`);
  if (url.username || url.password) throw new OutboundUrlRefused('credentials in the URL');
  if (policy.allowPrivateHosts) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return url;
    }
  }
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked) throw new OutboundUrlRefused(`${host} resolves to ${blocked}, not a public address`);
  return url;
}

/** The 400 an HTTP route answers for a refused address, on the form's `url` field. */
export function refusedUrlError(err: OutboundUrlRefused): AppError {
  return new AppError(400, 'URL_NOT_ALLOWED', err.message, { url: err.message });
}

/** Checks `raw` for a route's body: a refused address is a 400 with `fields.url`. */
export async function assertOutboundUrl(raw: string, policy: OutboundPolicy): Promise<void> {
  try {
    await checkOutboundUrl(raw, policy);
  } catch (err) {
    if (err instanceof OutboundUrlRefused) throw refusedUrlError(err);
    throw err;
  }
}

/**
 * fetch to a checked address; redirects (at most `maxRedirects`, 0 = none followed: the 3xx is answered) are
 * followed by hand so that every hop is checked the same way.
 */
export async function outboundFetch(
  raw: string,
  init: RequestInit,
  policy: OutboundPolicy & { maxRedirects: number },
): Promise<Response> {
  let url = await checkOutboundUrl(raw, policy);
  for (let hop = 0; ; hop += 1) {
    const res = await fetch(url, { ...init, redirect: 'manual' });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location || hop >= policy.maxRedirects) return res;
    await res.body?.cancel().catch(() => {});
    url = await checkOutboundUrl(new URL(location, url).href, policy);
  }
}
