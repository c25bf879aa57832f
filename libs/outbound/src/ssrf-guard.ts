import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress } from './address-policy.js';
import { checkHostName, checkUrlShape, isAllowListed, normalizeHost } from './target-policy.js';
import { OutboundError, refused } from './outbound-error.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to; tests inject one that answers what they need. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

/**
 * What a checked URL may be connected to: `pinned` is the validated address the connection must use (so a second
 * DNS answer cannot swap in another, DNS rebinding), or null for an allow-listed host, which connects as usual.
 */
export interface CheckedTarget {
  pinned: ResolvedAddress | null;
}

export interface SsrfGuard {
  /** Throws OutboundError('refused') with the reason; run on the first URL and on every redirect target. */
  check(url: URL): Promise<CheckedTarget>;
}

export function createSsrfGuard(options: { allowHosts: readonly string[]; resolve?: Resolver }): SsrfGuard {
  const { allowHosts, resolve = systemResolver } = options;
  return {
    async check(url) {
      const shape = checkUrlShape(url);
      if (!shape.allowed) throw refused(shape.reason);
      if (isAllowListed(allowHosts, url)) return { pinned: null };
      const host = normalizeHost(url.hostname);
      const literal = isIP(host);
      if (literal !== 0) {
        const verdict = classifyAddress(host);
        if (!verdict.allowed) throw refused(verdict.reason);
        return { pinned: { address: host, family: literal === 6 ? 6 : 4 } };
      }
      const name = checkHostName(host);
      if (!name.allowed) throw refused(name.reason);
      const addresses = await resolveOrRefuse(resolve, host);
      // Every answer must pass, not just the one we would pick: the OS or a retry could pick another.
      for (const { address } of addresses) {
        const verdict = classifyAddress(address);
        if (!verdict.allowed) throw refused(`${host} resolves to a refused address: ${verdict.reason}`);
      }
      return { pinned: addresses[0] ?? null };
    },
  };

  async function resolveOrRefuse(resolver: Resolver, host: string): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolver(host);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const detail = typeof code === 'string' ? ` (${code})` : '';
      // A name that does not exist will not exist a second later; a resolver timeout may pass.
      throw new OutboundError('network', `${host} could not be resolved${detail}`, code !== 'ENOTFOUND');
    }
    if (addresses.length === 0) throw refused(`${host} has no address`);
    return addresses;
  }
}
