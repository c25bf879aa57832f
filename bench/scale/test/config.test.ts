import { describe, expect, it } from 'vitest';
import { loadScaleConfig } from '../config.js';

describe('bench:scale configuration', () => {
  it('measures 1k, 10k and 100k tenants unless told otherwise', () => {
    expect(loadScaleConfig({}).sizes).toEqual([1_000, 10_000, 100_000]);
    expect(loadScaleConfig({ SCALE_SIZES: '1000, 10000' }).sizes).toEqual([1_000, 10_000]);
  });

  it('refuses sizes that do not grow, or too small for the measured customer to own a tenant', () => {
    expect(() => loadScaleConfig({ SCALE_SIZES: '10000,1000' })).toThrow(/sizes must increase/);
    expect(() => loadScaleConfig({ SCALE_SIZES: '50' })).toThrow(/at least 100 tenants/);
    expect(() => loadScaleConfig({ SCALE_SAMPLES: 'many' })).toThrow(/SCALE_SAMPLES/);
  });
});
