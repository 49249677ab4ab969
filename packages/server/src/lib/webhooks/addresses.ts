import net from 'node:net';

/**
 * Is this resolved address one a webhook must never reach? Anything that is not public unicast:
 * loopback, private, link-local (incl. the 169.254.169.254 metadata service), CGNAT, "this network",
 * documentation, benchmarking, multicast and reserved ranges, and their IPv6 equivalents. IPv6 forms
 * that carry an IPv4 address (::ffff:a.b.c.d mapped, ::a.b.c.d compatible, 64:ff9b::/96 NAT64,
 * 2002::/16 6to4, 2001::/32 Teredo) are refused outright. Not an address at all: refused too.
 */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (net.isIPv4(bare)) return isForbiddenV4(v4Bytes(bare));
  if (net.isIPv6(bare)) {
    const b = v6Bytes(bare.split('%')[0]!);
    return b === null || isForbiddenV6(b);
  }
  return true;
}

function v4Bytes(s: string): number[] {
  return s.split('.').map((p) => Number(p));
}

const V4_FORBIDDEN: Array<[number[], number]> = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // CGNAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < prefix.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (prefix[i]! & mask)) return false;
  }
  return true;
}

function isForbiddenV4(b: number[]): boolean {
  return V4_FORBIDDEN.some(([p, bits]) => inPrefix(b, p, bits));
}

/** The 16 bytes of an IPv6 address (with an optional trailing dotted IPv4), or null when malformed. */
function v6Bytes(s: string): number[] | null {
  let text = s.toLowerCase();
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    if (!net.isIPv4(last)) return null;
    tail.push(...v4Bytes(last));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((h) => parseInt(h, 16)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const fill = 8 - head.length - rest.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const groups = [...head, ...Array<number>(fill).fill(0), ...rest];
  if (groups.some((g) => Number.isNaN(g) || g < 0 || g > 0xffff)) return null;
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const V6_FORBIDDEN: Array<[number[], number]> = [
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], 96], // ::/96: unspecified, loopback, IPv4-compatible
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96], // ::ffff:0:0/96 IPv4-mapped
  [[0, 0x64, 0xff, 0x9b], 96], // 64:ff9b::/96 NAT64 (and the /48 local-use range below)
  [[0, 0x64, 0xff, 0x9b, 0, 1], 48],
  [[0x01, 0], 64], // 100::/64 discard
  [[0x20, 0x01, 0, 0], 32], // 2001::/32 Teredo
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function isForbiddenV6(b: number[]): boolean {
  // Only global unicast (2000::/3) is ever public; inside it, the special ranges above.
  if ((b[0]! & 0xe0) !== 0x20) return true;
  return V6_FORBIDDEN.some(([p, bits]) => inPrefix(b, p, bits));
}
