import { describe, expect, it } from 'vitest';
import { createSsrfGuard, type ResolvedAddress } from '../src/ssrf-guard.js';

/** A resolver that answers from a table; anything else does not exist. */
function resolverOf(table: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    asked.push(host);
    const answers = table[host];
    if (answers === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

const check = (url: string, table: Record<string, string[]>, allowHosts: string[] = []) =>
  createSsrfGuard({ allowHosts, resolve: resolverOf(table).resolve }).check(new URL(url));

describe('SSRF guard', () => {
  it.each([
    ['10.1.2.3', /private/],
    ['172.20.0.5', /private/],
    ['192.168.0.1', /private/],
    ['127.0.0.1', /loopback/],
    ['169.254.169.254', /link-local/],
    ['100.64.1.1', /carrier-grade NAT/],
    ['0.0.0.0', /unspecified/],
    ['::1', /loopback/],
    ['fd12:3456::1', /unique-local/],
    ['fe80::abcd', /link-local/],
    ['::ffff:192.168.1.1', /IPv4-mapped.*private/],
    ['64:ff9b::192.168.1.1', /NAT64.*private/],
  ])('refuses a name that resolves to %s', async (address, reason) => {
    await expect(
      check('https://tenant.example/api/metrics', { 'tenant.example': [address] }),
    ).rejects.toMatchObject({
      kind: 'refused',
      message: expect.stringMatching(reason),
    });
  });

  it('refuses a name when any one of its addresses is refused, not only the first', async () => {
    await expect(
      check('https://tenant.example/', { 'tenant.example': ['93.184.216.34', '10.0.0.8'] }),
    ).rejects.toMatchObject({ kind: 'refused', message: /10\.0\.0\.8/ });
  });

  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://[::1]:8080/',
    'http://[::ffff:10.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
  ])('refuses the address literal in %s without a lookup', async (url) => {
    const resolver = resolverOf({});
    const guard = createSsrfGuard({ allowHosts: [], resolve: resolver.resolve });
    await expect(guard.check(new URL(url))).rejects.toMatchObject({ kind: 'refused' });
    expect(resolver.asked).toEqual([]);
  });

  it.each(['http://localhost:3001/', 'http://metadata.google.internal/computeMetadata/v1/'])(
    'refuses the name in %s before looking it up',
    async (url) => {
      const resolver = resolverOf({
        localhost: ['93.184.216.34'],
        'metadata.google.internal': ['93.184.216.34'],
      });
      const guard = createSsrfGuard({ allowHosts: [], resolve: resolver.resolve });
      await expect(guard.check(new URL(url))).rejects.toMatchObject({ kind: 'refused' });
      expect(resolver.asked).toEqual([]);
    },
  );

  it('refuses other schemes and URLs with credentials', async () => {
    await expect(check('file:///etc/passwd', {})).rejects.toMatchObject({ kind: 'refused' });
    await expect(
      check('https://a:b@tenant.example/', { 'tenant.example': ['93.184.216.34'] }),
    ).rejects.toMatchObject({
      kind: 'refused',
    });
  });

  it('pins the validated address of a public name', async () => {
    await expect(
      check('https://tenant.example/', { 'tenant.example': ['93.184.216.34', '2606:2800::1'] }),
    ).resolves.toEqual({
      pinned: { address: '93.184.216.34', family: 4 },
    });
    await expect(check('http://93.184.216.34:8080/', {})).resolves.toEqual({
      pinned: { address: '93.184.216.34', family: 4 },
    });
  });

  it('lets an allow-listed host through unpinned, on the listed port only', async () => {
    const table = { 'demo.local': ['127.0.0.1'] };
    await expect(check('http://demo.local:4100/api/metrics', table, ['demo.local:4100'])).resolves.toEqual({
      pinned: null,
    });
    await expect(check('http://demo.local:3001/', table, ['demo.local:4100'])).rejects.toMatchObject({
      kind: 'refused',
    });
    await expect(check('http://127.0.0.1:4100/', table, ['127.0.0.1:4100'])).resolves.toEqual({
      pinned: null,
    });
  });

  it('reports a name that does not resolve as a network failure, not a refusal', async () => {
    await expect(check('https://gone.example/', {})).rejects.toMatchObject({
      kind: 'network',
      retryable: false,
      message: 'gone.example could not be resolved (ENOTFOUND)',
    });
  });
});
