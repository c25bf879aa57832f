import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { recordCustomerCall, usageMeteringOffReason } from '../src/usage/metering-policy.js';
import { createUsageMeter } from '../src/usage/usage-meter.js';

const secret = 'x'.repeat(32);

describe('usage metering settings', () => {
  it('meter every 5 s by default, and only when NATS_URL gives them somewhere to publish', () => {
    const config = loadConfig({ INTERNAL_TOKEN_SECRET: secret });
    expect(config).toMatchObject({ USAGE_METERING: 'on', USAGE_FLUSH_INTERVAL_MS: 5_000 });
    expect(usageMeteringOffReason(config)).toMatch(/NATS_URL is not set/);
    expect(usageMeteringOffReason({ ...config, NATS_URL: 'nats://127.0.0.1:4222' })).toBeNull();
  });

  it('read USAGE_METERING=off and the interval, and refuse anything else', () => {
    const config = loadConfig({
      INTERNAL_TOKEN_SECRET: secret,
      NATS_URL: 'nats://127.0.0.1:4222',
      USAGE_METERING: 'off',
      USAGE_FLUSH_INTERVAL_MS: '1000',
    });
    expect(config).toMatchObject({ USAGE_METERING: 'off', USAGE_FLUSH_INTERVAL_MS: 1_000 });
    expect(usageMeteringOffReason(config)).toBe('USAGE_METERING=off');
    expect(() => loadConfig({ INTERNAL_TOKEN_SECRET: secret, USAGE_METERING: 'false' })).toThrow(
      /USAGE_METERING/,
    );
    for (const interval of ['0', '50', '60001', 'soon'])
      expect(() => loadConfig({ INTERNAL_TOKEN_SECRET: secret, USAGE_FLUSH_INTERVAL_MS: interval })).toThrow(
        /USAGE_FLUSH_INTERVAL_MS/,
      );
  });
});

describe('what is metered', () => {
  it("is a customer's call, counted against their account; an admin's is not", () => {
    const meter = createUsageMeter();
    recordCustomerCall(meter, { userId: 'customer-1', role: 'tenant', tenantId: 'tenant-9' });
    recordCustomerCall(meter, { userId: 'admin-1', role: 'admin' });
    expect(meter.drain()[0]?.counts).toEqual(new Map([['customer-1', 1]]));
  });
});
