import { describe, expect, it } from 'vitest';
import type { ApiFigure, ScaleResults, SizeFigures } from '../results.js';
import { scaleReport } from '../scale-report.js';

const figure = (name: string, p99Ms: number): ApiFigure => ({
  name,
  caller: 'visitor',
  outcome: 'ok',
  p50Ms: 1,
  p99Ms,
  samples: 200,
  wireBytes: 1_024,
  jsonBytes: 2_048,
  items: null,
  paged: null,
  depth: null,
});

const size = (tenants: number, baselineMs: number, listMs: number): SizeFigures => ({
  tenants,
  phases: [],
  api: [figure('baseline: gateway liveness (no data)', baselineMs), figure('tenants, first page', listMs)],
  screens: [],
});

describe('the scale report', () => {
  it("shows each measurement's p99 growth, and that growth over the baseline's, the machine's drift", () => {
    const results: ScaleResults = {
      demoScreens: [],
      sizes: [size(1_000, 4, 10), size(100_000, 8, 20)],
      rebuilds: [],
    };
    const row = scaleReport(results).find((line) => line.startsWith('| tenants, first page'));
    expect(row).toBe(
      '| tenants, first page | visitor | 1.00 / 10.0 ms · 2.0 KB (1.0) | 1.00 / 20.0 ms · 2.0 KB (1.0) | ×2.00 | ×1.00 | MISS |',
    );
  });
});
