import ipaddr from 'ipaddr.js';

/**
 * Which resolved addresses an outbound request may connect to (the SSRF guard). Default deny: an IPv4 address must
 * be plain unicast and an IPv6 address plain global unicast (2000::/3) by ipaddr.js's table of special ranges,
 * which is maintained against the IANA registries; everything it names (private, loopback, link-local with the
 * cloud metadata address, CGNAT, unique-local, multicast, broadcast, unspecified, reserved, documentation,
 * benchmarking, 6to4, Teredo, …) is refused. Addresses that embed an IPv4 address are judged by the one they
 * carry: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and the NAT64 well-known prefix
 * (64:ff9b::/96), so a private address cannot be smuggled through a translation prefix.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

const rangeNames: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (this range holds the cloud metadata service)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  reserved: 'a reserved address',
  uniqueLocal: 'a unique-local address',
  benchmarking: 'a benchmarking address',
  rfc6052: 'a local-use NAT64 address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

/** Cloud metadata and host endpoints that sit on otherwise public addresses. */
const metadataAddresses = new Map([['168.63.129.16', 'the Azure host endpoint']]);

/** Global unicast IPv6; what lies outside it is reserved or special-purpose. */
const globalUnicast = ipaddr.IPv6.parseCIDR('2000::/3');
const nat64WellKnown = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const ipv4Translated = ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96');

export function classifyAddress(address: string): AddressVerdict {
  if (!ipaddr.isValid(address)) return refuse(`${address} is not an IP address`);
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv4'
    ? classifyIPv4(parsed as ipaddr.IPv4, address)
    : classifyIPv6(parsed as ipaddr.IPv6, address);
}

function classifyIPv4(ip: ipaddr.IPv4, shown: string): AddressVerdict {
  const metadata = metadataAddresses.get(ip.toString());
  if (metadata !== undefined) return refuse(`${shown} is ${metadata}`);
  const range = ip.range();
  if (range !== 'unicast') return refuse(`${shown} is ${describe(range)}`);
  return { allowed: true };
}

function classifyIPv6(ip: ipaddr.IPv6, shown: string): AddressVerdict {
  if (ip.isIPv4MappedAddress()) return embedded(ip.toIPv4Address(), shown, 'IPv4-mapped');
  if (ip.match(nat64WellKnown)) return embedded(lastFourBytes(ip), shown, 'NAT64');
  if (ip.match(ipv4Translated)) return embedded(lastFourBytes(ip), shown, 'IPv4-translated');
  const range = ip.range();
  if (range !== 'unicast') return refuse(`${shown} is ${describe(range)}`);
  if (!ip.match(globalUnicast)) return refuse(`${shown} is outside global unicast (2000::/3)`);
  return { allowed: true };
}

function embedded(ipv4: ipaddr.IPv4, shown: string, form: string): AddressVerdict {
  const verdict = classifyIPv4(ipv4, ipv4.toString());
  return verdict.allowed ? verdict : refuse(`${shown} is ${form} and carries ${verdict.reason}`);
}

function lastFourBytes(ip: ipaddr.IPv6): ipaddr.IPv4 {
  return new ipaddr.IPv4(ip.toByteArray().slice(12));
}

function describe(range: string): string {
  return rangeNames[range] ?? `a special-purpose address (${range})`;
}

function refuse(reason: string): AddressVerdict {
  return { allowed: false, reason };
}
