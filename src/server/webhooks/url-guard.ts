import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where webhooks may go (docs/decisions/0012-webhooks.md). A customer chooses the URL, and the
 * request comes from inside our network, so without these rules an endpoint could make us
 * call our own database, an admin port or the cloud provider's metadata service, which
 * hands out the machine's credentials.
 */

export interface GuardOptions {
  production: boolean;
}

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

const MAX_URL_LENGTH = 2048;
/**
 * The one address allowed outside production, so tests and a receiver on the developer's own
 * machine work. Only this literal: other loopback forms and private ranges stay refused, so
 * the rules exercised in development are the production ones.
 */
const LOCAL_RECEIVER = '127.0.0.1';

type Bytes = readonly number[];

function parseIPv4(text: string): Bytes | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

function parseIPv6(address: string): Bytes | null {
  if (isIP(address) !== 6) return null;
  // A zone (fe80::1%eth0) only picks the interface; the address is what is judged.
  const text = address.split('%')[0] ?? '';
  let head = text;
  let tail: number[] = [];
  // A trailing dotted quad (::ffff:127.0.0.1) is the last two groups written as IPv4.
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = parseIPv4(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = [...v4];
    const upToColon = text.slice(0, lastColon + 1);
    head = upToColon.endsWith('::') ? upToColon : text.slice(0, lastColon);
  }
  const groupsWanted = (16 - tail.length) / 2;
  const [left = '', right] = head.split('::');
  const groupsOf = (s: string) => (s === '' ? [] : s.split(':'));
  const leftGroups = groupsOf(left);
  const rightGroups = right === undefined ? [] : groupsOf(right);
  const missing = groupsWanted - leftGroups.length - rightGroups.length;
  if (missing < 0 || (right === undefined && missing !== 0)) return null;
  const groups = [...leftGroups, ...Array<string>(missing).fill('0'), ...rightGroups];
  const bytes = groups.flatMap((g) => {
    const value = Number.parseInt(g, 16);
    return [value >> 8, value & 0xff];
  });
  return [...bytes, ...tail];
}

interface Range {
  prefix: Bytes;
  bits: number;
  label: string;
}

function range(cidr: string, label: string): Range {
  const [address = '', bits = ''] = cidr.split('/');
  const prefix = address.includes(':') ? parseIPv6(address) : parseIPv4(address);
  if (!prefix) throw new Error(`bad range ${cidr}`);
  return { prefix, bits: Number(bits), label };
}

function inRange(bytes: Bytes, { prefix, bits }: Range): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let byte = 0; byte * 8 < bits; byte++) {
    const left = bits - byte * 8;
    const mask = left >= 8 ? 0xff : (0xff << (8 - left)) & 0xff;
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

// Order matters: the first match names the refusal, so the metadata addresses come before the
// wider link-local and unique-local ranges that contain them.
const IPV4_REFUSED: Range[] = [
  range('169.254.169.254/32', 'cloud metadata'),
  range('0.0.0.0/8', 'unspecified'),
  range('10.0.0.0/8', 'private'),
  range('100.64.0.0/10', 'shared (carrier-grade NAT)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private'),
  range('192.0.0.0/24', 'reserved'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', 'reserved'),
  range('192.168.0.0/16', 'private'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('240.0.0.0/4', 'reserved'),
];

const IPV6_REFUSED: Range[] = [
  range('fd00:ec2::254/128', 'cloud metadata'),
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('::/96', 'reserved'),
  range('64:ff9b:1::/48', 'reserved'),
  range('100::/64', 'reserved'),
  range('2001::/32', 'reserved'),
  range('2001:db8::/32', 'documentation'),
  range('fc00::/7', 'private'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'private'),
  range('ff00::/8', 'multicast'),
];

// IPv6 forms that carry an IPv4 address: the packet ends up at that IPv4 address (mapped
// sockets, NAT64, 6to4), so they are judged by it. [::ffff:127.0.0.1] is loopback.
const EMBEDDING_IPV4: { range: Range; offset: number }[] = [
  { range: range('::ffff:0:0/96', 'mapped'), offset: 12 },
  { range: range('64:ff9b::/96', 'nat64'), offset: 12 },
  { range: range('2002::/16', '6to4'), offset: 2 },
];
const IPV6_GLOBAL_UNICAST = range('2000::/3', 'global');

/** Why an address is refused as a webhook destination, or null when it is a public one. */
export function refusedAddressKind(address: string): string | null {
  const v4 = parseIPv4(address);
  if (v4) return IPV4_REFUSED.find((r) => inRange(v4, r))?.label ?? null;
  const v6 = parseIPv6(address);
  if (!v6) return 'unparseable';
  for (const { range: r, offset } of EMBEDDING_IPV4) {
    if (inRange(v6, r)) {
      const embedded = v6.slice(offset, offset + 4);
      return IPV4_REFUSED.find((r4) => inRange(embedded, r4))?.label ?? null;
    }
  }
  const refused = IPV6_REFUSED.find((r) => inRange(v6, r))?.label;
  if (refused) return refused;
  // Everything outside 2000::/3 is unassigned or special today; refusing it by default means
  // a range we did not list is closed rather than open.
  return inRange(v6, IPV6_GLOBAL_UNICAST) ? null : 'reserved';
}

function allowedAddress(address: string, production: boolean): string | null {
  if (!production && address === LOCAL_RECEIVER) return null;
  return refusedAddressKind(address);
}

/** The URL parser keeps brackets around an IPv6 host; lookups and comparisons want the bare address. */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function portAllowed(url: URL): boolean {
  if (url.port === '') return true;
  const port = Number(url.port);
  // Below 1024 are system services (SSH, SMTP, ...) that a webhook has no reason to reach.
  return port === 80 || port === 443 || port >= 1024;
}

/**
 * Checks a URL before it is saved: everything that can be decided without DNS. What a name
 * resolves to can change after saving, so `resolveDeliveryTarget` checks again on each send.
 */
export function checkWebhookUrl(input: string, { production }: GuardOptions): UrlCheck {
  if (input.length > MAX_URL_LENGTH)
    return { ok: false, reason: `URL must be at most ${MAX_URL_LENGTH} characters` };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'not a valid URL' };
  }
  if (production ? url.protocol !== 'https:' : url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: production ? 'URL must use https' : 'URL must use http or https' };
  }
  // The WHATWG parser would send these as a Basic Authorization header on every delivery,
  // and the URL is shown and logged in places a password must not be.
  if (url.username || url.password)
    return { ok: false, reason: 'URL must not contain a user name or password' };
  if (!portAllowed(url)) return { ok: false, reason: 'URL port must be 80, 443 or 1024 and above' };

  const host = bareHost(url.hostname);
  // The parser has already turned 0x7f.1, 2130706433 and the like into dotted quads, so an
  // address literal is always caught here in its canonical form.
  if (isIP(host)) {
    const refused = allowedAddress(host, production);
    if (refused) return { ok: false, reason: `URL points to a ${refused} address` };
    return { ok: true, url: url.href };
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host === 'localhost.') {
    return {
      ok: false,
      reason: production
        ? 'URL points to this machine'
        : `URL points to this machine; use ${LOCAL_RECEIVER} for a local receiver`,
    };
  }
  // A single-label name is completed by the resolver's search domains: an internal host.
  if (production && !host.replace(/\.$/, '').includes('.')) {
    return { ok: false, reason: 'URL must name a public host' };
  }
  return { ok: true, url: url.href };
}

export type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true });

export type DeliveryTarget =
  | {
      ok: true;
      url: URL;
      /** Connect here and nowhere else: it is the address that was checked. */
      address: string;
      family: 4 | 6;
    }
  | {
      ok: false;
      /**
       * 'invalid-url' and 'refused-address' will not get better by retrying soon (though DNS
       * may change); 'dns' is often passing.
       */
      kind: 'invalid-url' | 'refused-address' | 'dns';
      reason: string;
    };

/**
 * Checks a stored URL at delivery time and picks the address to connect to. The name is
 * resolved here, every address it has is checked (a name with one public and one private
 * address could be reached on either), and the caller connects to the returned address: a
 * second resolution by the HTTP client could get a different answer from a DNS server that
 * changes its reply between the two (DNS rebinding).
 */
export async function resolveDeliveryTarget(
  input: string,
  { production, lookup = systemLookup }: GuardOptions & { lookup?: LookupAll },
): Promise<DeliveryTarget> {
  const checked = checkWebhookUrl(input, { production });
  if (!checked.ok) return { ok: false, kind: 'invalid-url', reason: checked.reason };
  const url = new URL(checked.url);
  const host = bareHost(url.hostname);

  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host)).map((a) => a.address);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return {
        ok: false,
        kind: 'dns',
        reason: `could not resolve ${host}${typeof code === 'string' ? ` (${code})` : ''}`,
      };
    }
    if (addresses.length === 0) return { ok: false, kind: 'dns', reason: `${host} has no address` };
  }

  // The reason reaches the customer (the API's refusal, the delivery log): it names neither
  // the address nor its kind, which would map our network for whoever controls the name.
  if (addresses.some((address) => allowedAddress(address, production) !== null)) {
    return { ok: false, kind: 'refused-address', reason: `${host} is not a public address` };
  }
  const address = addresses[0]!;
  return { ok: true, url, address, family: isIP(address) === 6 ? 6 : 4 };
}
