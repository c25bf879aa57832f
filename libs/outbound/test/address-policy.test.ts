import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../src/address-policy.js';

const refusedReason = (address: string) => {
  const verdict = classifyAddress(address);
  return verdict.allowed ? null : verdict.reason;
};

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['10.0.0.1', /private/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.168.1.10', /private/],
    ['169.254.169.254', /link-local.*metadata/],
    ['169.254.1.1', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['100.127.255.254', /carrier-grade NAT/],
    ['0.0.0.0', /unspecified/],
    ['255.255.255.255', /broadcast/],
    ['224.0.0.1', /multicast/],
    ['239.255.255.250', /multicast/],
    ['192.0.2.1', /reserved/],
    ['240.0.0.1', /reserved/],
    ['168.63.129.16', /Azure/],
  ])('refuses IPv4 %s', (address, reason) => {
    expect(refusedReason(address)).toMatch(reason);
  });

  it.each([
    ['::1', /loopback/],
    ['::', /unspecified/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['febf:ffff::1', /link-local/],
    ['fc00::1', /unique-local/],
    ['fd00:ec2::254', /unique-local/],
    ['ff02::1', /multicast/],
    ['2001:db8::1', /reserved/],
    ['2002:a00:1::1', /6to4/],
    ['64:ff9b:1::a00:1', /local-use NAT64/],
    ['fec0::1', /outside global unicast|special-purpose/],
  ])('refuses IPv6 %s', (address, reason) => {
    expect(refusedReason(address)).toMatch(reason);
  });

  it.each([
    ['::ffff:10.0.0.1', /IPv4-mapped.*private/],
    ['::ffff:a00:1', /IPv4-mapped.*private/],
    ['::ffff:127.0.0.1', /IPv4-mapped.*loopback/],
    ['::ffff:169.254.169.254', /IPv4-mapped.*link-local/],
    ['64:ff9b::10.0.0.1', /NAT64.*private/],
    ['64:ff9b::a9fe:a9fe', /NAT64.*link-local/],
    ['64:ff9b::7f00:1', /NAT64.*loopback/],
    ['::ffff:0:c0a8:101', /IPv4-translated.*private/],
  ])('refuses %s, which embeds a refused IPv4 address', (address, reason) => {
    expect(refusedReason(address)).toMatch(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(classifyAddress(address)).toEqual({ allowed: true });
    },
  );

  it('judges a NAT64 or mapped address by the public IPv4 address it carries', () => {
    expect(classifyAddress('64:ff9b::808:808')).toEqual({ allowed: true });
    expect(classifyAddress('::ffff:8.8.8.8')).toEqual({ allowed: true });
  });

  it('refuses what is not an address', () => {
    expect(refusedReason('example.com')).toMatch(/not an IP address/);
  });
});
