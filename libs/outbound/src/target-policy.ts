/**
 * The parts of the SSRF guard that need no network: which URLs may be fetched at all, which host names are
 * refused before any lookup, and whether a host is on the operator's allow list (monitoring's SCRAPE_ALLOW_HOSTS).
 */

export type TargetVerdict = { allowed: true } | { allowed: false; reason: string };

/** Names of cloud metadata services; most resolve to link-local addresses, but a name is refused before asking. */
const metadataHostNames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.internal',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
  'metadata.platformequinix.com',
]);

/** The host as URL gives it, lower case, without IPv6 brackets or a trailing root dot. */
export function normalizeHost(hostname: string): string {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return bare.toLowerCase().replace(/\.$/, '');
}

/** Only plain http(s) without credentials in the URL: credentials travel in a header we control. */
export function checkUrlShape(url: URL): TargetVerdict {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { allowed: false, reason: `${url.protocol} URLs are not fetched (http and https only)` };
  }
  if (url.username !== '' || url.password !== '') {
    return { allowed: false, reason: 'URLs with credentials are not fetched' };
  }
  return { allowed: true };
}

/** Refuses localhost and metadata names before they are looked up (a resolver may map them specially). */
export function checkHostName(hostname: string): TargetVerdict {
  const host = normalizeHost(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return { allowed: false, reason: `${host} is a loopback name` };
  }
  if (metadataHostNames.has(host)) return { allowed: false, reason: `${host} is a cloud metadata service` };
  return { allowed: true };
}

export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * True when `url`'s host (and port, where the entry names one) is allow-listed. Entries are `host`, `host:port`,
 * `[v6]` or `[v6]:port`, already lower case (the caller's config); a bare IPv6 address is accepted as well.
 */
export function isAllowListed(allowList: readonly string[], url: URL): boolean {
  const host = normalizeHost(url.hostname);
  const port = effectivePort(url);
  return allowList.some((entry) => {
    const parsed = parseAllowEntry(entry);
    return parsed.host === host && (parsed.port === undefined || parsed.port === port);
  });
}

function parseAllowEntry(entry: string): { host: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return withPort(normalizeHost(bracketed[1] ?? ''), bracketed[2]);
  // More than one colon without brackets: a bare IPv6 address, which has no port.
  if (entry.indexOf(':') !== entry.lastIndexOf(':')) return { host: normalizeHost(entry) };
  const [host = '', port] = entry.split(':');
  return withPort(normalizeHost(host), port);
}

function withPort(host: string, port: string | undefined): { host: string; port?: number } {
  return port === undefined ? { host } : { host, port: Number(port) };
}
