// Addresses the server itself calls on an agent's behalf (ICS subscriptions, outbound webhooks), and the
// operator's map services: only http(s), and — unless ALLOW_PRIVATE_OUTBOUND_HOSTS is set (tests,
// on-premises installs) — only hosts whose every DNS address is public. Loopback, private, link-local,
// unique-local, carrier-grade NAT, unspecified and reserved addresses are refused, and so is every IPv6 form
// that carries such an IPv4 inside it (embeddedIPv4). Checked after resolution and again for every redirect's
// target (no SSRF to the server's own network), and the connection then goes to the very addresses that were
// checked (decision 037): the name is not resolved a second time, so it cannot answer "public" to the check
// and "127.0.0.1" to the connection (DNS rebinding). Host header and TLS server name stay the URL's host.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { MESSAGES } from '@keyturn/domain/messages';
import { AppError } from './errors';

export type ResolvedAddress = { address: string; family: number };

export type OutboundPolicy = {
  allowPrivateHosts: boolean;
  /** The resolver for both the check and the connection: dns.lookup (all addresses) unless a test stubs it. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** What counts as public: isPublicAddress unless a test names a stand-in for a public host. */
  isPublic?: (address: string) => boolean;
};

/** Why an address is not called; `message` is shown to the agent. */
export class OutboundUrlRefused extends Error {
  constructor(readonly reason: string) {
    super(MESSAGES.outboundUrlRefused);
  }
}

/** The only ranges a call may go to (ipaddr.js names). */
const PUBLIC_RANGES = new Set(['unicast']);

/** `prefix/bits` and where the IPv4 sits in an address of it (byte offset of its 4 bytes). */
const EMBEDDING: { prefix: ipaddr.IPv6; bits: number; at: number; xor?: boolean }[] = [
  // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291): `::` and `::1` are ranges of their own, not IPv4.
  { prefix: ipaddr.IPv6.parse('::'), bits: 96, at: 12 },
  // IPv4-mapped ::ffff:a.b.c.d, and the SIIT-translated ::ffff:0:a.b.c.d (RFC 6145).
  { prefix: ipaddr.IPv6.parse('::ffff:0:0'), bits: 96, at: 12 },
  { prefix: ipaddr.IPv6.parse('::ffff:0:0:0'), bits: 96, at: 12 },
  // NAT64: the well-known 64:ff9b::/96 (RFC 6052) and the local-use 64:ff9b:1::/48 (RFC 8215, /96 form).
  { prefix: ipaddr.IPv6.parse('64:ff9b::'), bits: 96, at: 12 },
  { prefix: ipaddr.IPv6.parse('64:ff9b:1::'), bits: 48, at: 12 },
  // 6to4 2002:aabb:ccdd::/48 (RFC 3056).
  { prefix: ipaddr.IPv6.parse('2002::'), bits: 16, at: 2 },
  // Teredo 2001:0::/32: the client's IPv4, inverted, in the last 32 bits (RFC 4380).
  { prefix: ipaddr.IPv6.parse('2001::'), bits: 32, at: 12, xor: true },
];

/** The IPv4 address an IPv6 address carries (compatible, mapped, NAT64, 6to4, Teredo), else null. */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  for (const { prefix, bits, at, xor } of EMBEDDING) {
    if (!address.match(prefix, bits)) continue;
    const v4 = bytes.slice(at, at + 4).map((b) => (xor ? b ^ 0xff : b));
    return new ipaddr.IPv4(v4);
  }
  return null;
}

/**
 * True when the address (v4 or v6 text) is one the server may call without the private-hosts setting: a
 * public unicast address, and for IPv6 one that embeds no IPv4, or only a public one (`::127.0.0.1`,
 * `::ffff:10.0.0.1`, `64:ff9b::a9fe:a9fe`, `2002:c0a8:101::1` are refused).
 */
export function isPublicAddress(address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  if (ip.kind() === 'ipv6') {
    const v4 = embeddedIPv4(ip as ipaddr.IPv6);
    if (v4 && !PUBLIC_RANGES.has(v4.range())) return false;
    if ((ip as ipaddr.IPv6).isIPv4MappedAddress()) return PUBLIC_RANGES.has(v4!.range());
  }
  return PUBLIC_RANGES.has(ip.range());
}

const systemResolve = async (host: string): Promise<ResolvedAddress[]> =>
  dnsLookup(host, { all: true, verbatim: true });

/** A checked URL and, unless private hosts are allowed, the addresses a connection to it may use. */
type Target = { url: URL; addresses: ResolvedAddress[] | null };

async function checkTarget(raw: string, policy: OutboundPolicy, connecting: boolean): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlRefused('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundUrlRefused(`${url.protocol} is not http(s)`);
  if (url.username || url.password) throw new OutboundUrlRefused('credentials in the URL');
  if (policy.allowPrivateHosts) return { url, addresses: null };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let addresses: ResolvedAddress[];
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch (err) {
      // A name that does not resolve reaches nothing: a form may save it; a call fails as a network error.
      if (!connecting) return { url, addresses: [] };
      throw err;
    }
    if (addresses.length === 0) {
      if (!connecting) return { url, addresses: [] };
      throw new Error(`${host} has no address`);
    }
  }
  const isPublic = policy.isPublic ?? isPublicAddress;
  const blocked = addresses.find((a) => !isPublic(a.address));
  if (blocked) throw new OutboundUrlRefused(`${host} resolves to ${blocked.address}, not a public address`);
  return { url, addresses };
}

/**
 * The URL when the server may call it, else OutboundUrlRefused. A host name that does not resolve is let
 * through (it cannot reach anything; the call fails as an ordinary network error).
 */
export async function checkOutboundUrl(raw: string, policy: OutboundPolicy): Promise<URL> {
  return (await checkTarget(raw, policy, false)).url;
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
 * A connection pool whose sockets go only to addresses in `pinned` (host name → the addresses its check
 * found): the socket's lookup answers from there and never asks DNS. A host not in it is refused.
 */
function pinnedAgent(pinned: Map<string, ResolvedAddress[]>): Agent {
  const lookup: LookupFunction = (hostname, options, callback) => {
    const addresses = pinned.get(hostname.replace(/^\[|\]$/g, '')) ?? [];
    const usable = options.family ? addresses.filter((a) => a.family === options.family) : addresses;
    const first = usable[0];
    if (!first) {
      callback(new OutboundUrlRefused(`${hostname} was not checked`), '', 0);
    } else if (options.all) {
      (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };
  return new Agent({ connect: { lookup } });
}

/**
 * fetch to a checked address; redirects (at most `maxRedirects`, 0 = none followed: the 3xx is answered) are
 * followed by hand so that every hop is checked the same way, and every hop connects to what its check
 * resolved (pinnedAgent).
 */
export async function outboundFetch(
  raw: string,
  init: RequestInit,
  policy: OutboundPolicy & { maxRedirects: number },
): Promise<Response> {
  const pinned = new Map<string, ResolvedAddress[]>();
  const dispatcher = policy.allowPrivateHosts ? undefined : pinnedAgent(pinned);
  try {
    let target = await checkTarget(raw, policy, true);
    for (let hop = 0; ; hop += 1) {
      if (target.addresses) pinned.set(target.url.hostname.replace(/^\[|\]$/g, ''), target.addresses);
      const res = (await undiciFetch(target.url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        redirect: 'manual',
        dispatcher,
      })) as unknown as Response;
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location || hop >= policy.maxRedirects) return res;
      await res.body?.cancel().catch(() => {});
      target = await checkTarget(new URL(location, target.url).href, policy, true);
    }
  } finally {
    // Graceful: the answer's body is still read through it; the pool then ends with it.
    void dispatcher?.close().catch(() => {});
  }
}
