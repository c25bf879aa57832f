import { describe, expect, it } from 'vitest';
import { demoMetricsDocument } from '@app/demo-tenant-app';
import { parseMetricsDocument } from '../../src/domain/scrape/metrics-document.js';
import { seriesOf } from '../../src/domain/scrape/metric-series.js';

const good = demoMetricsDocument({
  seed: 'parse-test',
  now: new Date('2026-03-01T12:00:00Z'),
  startedAt: new Date('2026-03-01T00:00:00Z'),
});

describe('parseMetricsDocument', () => {
  it('accepts a full document with nothing missing', () => {
    const parsed = parseMetricsDocument(JSON.stringify(good));
    expect(parsed).toEqual({ ok: true, document: good, missingGroups: [] });
  });

  it('drops fields and groups it does not know', () => {
    const sent = {
      ...good,
      kubernetes: { pods: 3 },
      system_health: { ...good.system_health, gpu_usage_percent: 12 },
    };
    const parsed = parseMetricsDocument(JSON.stringify(sent));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.document).not.toHaveProperty('kubernetes');
    expect(parsed.document.system_health).not.toHaveProperty('gpu_usage_percent');
  });

  it('lists absent and null groups as missing, in the order of SPEC.md §3', () => {
    const { security: _security, storage: _storage, ...rest } = good;
    const parsed = parseMetricsDocument(JSON.stringify({ ...rest, users: null }));
    expect(parsed).toMatchObject({ ok: true, missingGroups: ['users', 'storage', 'security'] });
  });

  it('refuses a group with a wrong type, naming the field', () => {
    const sent = { ...good, system_health: { ...good.system_health, cpu_usage_percent: 'high' } };
    const parsed = parseMetricsDocument(JSON.stringify(sent));
    expect(parsed).toMatchObject({ ok: false, reason: /malformed.*system_health\.cpu_usage_percent/ });
  });

  it('refuses a group missing a field, a percentage out of range and a bad date', () => {
    const { version: _version, ...productInfo } = good.product_info ?? { version: '' };
    for (const sent of [
      { ...good, product_info: productInfo },
      { ...good, system_health: { ...good.system_health, disk_usage_percent: 140 } },
      { ...good, license: { ...good.license, expiry_date: 'next year' } },
      { ...good, users: 'many' },
    ]) {
      expect(parseMetricsDocument(JSON.stringify(sent))).toMatchObject({ ok: false, reason: /malformed/ });
    }
  });

  it('refuses what is not JSON, and JSON that is not a metrics document', () => {
    expect(parseMetricsDocument('<html>Bad gateway</html>')).toEqual({
      ok: false,
      reason: 'The answer is not JSON',
    });
    for (const body of ['{}', '{"status":"ok"}', '[1,2]', '"text"', 'null']) {
      expect(parseMetricsDocument(body).ok).toBe(false);
    }
  });

  it('keeps a reason short, whatever the document', () => {
    const sent = Object.fromEntries(Object.keys(good).map((group) => [group, { broken: true }]));
    const parsed = parseMetricsDocument(JSON.stringify(sent));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason.length).toBeLessThanOrEqual(600);
  });
});

describe('seriesOf', () => {
  it('takes the charted figures, null where the group is missing', () => {
    expect(seriesOf(good)).toEqual({
      cpuPercent: good.system_health?.cpu_usage_percent,
      memoryPercent: good.system_health?.memory_usage_percent,
      diskPercent: good.system_health?.disk_usage_percent,
      responseTimeMs: good.performance?.average_response_time_ms,
      errorRatePercent: good.performance?.error_rate_percent,
    });
    expect(seriesOf({ ...good, performance: undefined })).toMatchObject({
      responseTimeMs: null,
      errorRatePercent: null,
    });
  });
});
