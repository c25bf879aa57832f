import { describe, expect, it } from 'vitest';
import { checkHostName, checkUrlShape, isAllowListed, normalizeHost } from '../src/target-policy.js';

describe('checkUrlShape', () => {
  it('takes plain http and https only, without credentials', () => {
    expect(checkUrlShape(new URL('https://app.example.com/api/metrics')).allowed).toBe(true);
    expect(checkUrlShape(new URL('http://app.example.com')).allowed).toBe(true);
    for (const url of ['file:///etc/passwd', 'ftp://app.example.com/', 'gopher://app.example.com/']) {
      expect(checkUrlShape(new URL(url))).toMatchObject({ allowed: false, reason: /http and https only/ });
    }
    expect(checkUrlShape(new URL('https://user:pass@app.example.com/'))).toMatchObject({
      allowed: false,
      reason: /credentials/,
    });
  });
});

describe('checkHostName', () => {
  it.each([
    'localhost',
    'LOCALHOST.',
    'app.localhost',
    'metadata.google.internal',
    'metadata',
    'instance-data.ec2.internal',
  ])('refuses %s before any lookup', (host) => {
    expect(checkHostName(host).allowed).toBe(false);
  });

  it('lets other names through to the lookup', () => {
    expect(checkHostName('metrics.tenant.example')).toEqual({ allowed: true });
  });
});

describe('isAllowListed', () => {
  const allow = ['demo.local', 'localhost:4100', '[::1]:4101', '127.0.0.1:4102'];

  it('matches a bare host on any port, case and trailing dot aside', () => {
    expect(isAllowListed(allow, new URL('http://demo.local:9999/x'))).toBe(true);
    expect(isAllowListed(allow, new URL('https://DEMO.local./x'))).toBe(true);
  });

  it('matches a host:port entry on that port only, with the scheme default when none is given', () => {
    expect(isAllowListed(allow, new URL('http://localhost:4100/api/metrics'))).toBe(true);
    expect(isAllowListed(allow, new URL('http://localhost:3001/internal/metrics-endpoints'))).toBe(false);
    expect(isAllowListed(allow, new URL('http://localhost/'))).toBe(false);
    expect(isAllowListed(['localhost:80'], new URL('http://localhost/'))).toBe(true);
    expect(isAllowListed(['localhost:443'], new URL('https://localhost/'))).toBe(true);
  });

  it('reads bracketed and bare IPv6 entries', () => {
    expect(isAllowListed(allow, new URL('http://[::1]:4101/'))).toBe(true);
    expect(isAllowListed(allow, new URL('http://[::1]:4102/'))).toBe(false);
    expect(isAllowListed(['::1'], new URL('http://[::1]:1234/'))).toBe(true);
  });

  it('does not match an address by another spelling of a listed name', () => {
    expect(isAllowListed(allow, new URL('http://127.0.0.1:4100/'))).toBe(false);
    expect(isAllowListed(allow, new URL('http://demo.local.evil.example/'))).toBe(false);
  });

  it('normalizes hosts as URL gives them', () => {
    expect(normalizeHost('[::1]')).toBe('::1');
    expect(normalizeHost('Example.COM.')).toBe('example.com');
  });
});
