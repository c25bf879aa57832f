import { describe, expect, it } from 'vitest';
import { tenantMetricsDocumentSchema, missingMetricsGroups } from '@app/contracts';
import { demoMetricsDocument } from '../src/metrics-document.js';
import { activeIncident, incidentsBetween } from '../src/incidents.js';

const startedAt = new Date('2026-04-01T00:00:00Z');
const at = (iso: string, seed = 'demo:a') => demoMetricsDocument({ seed, now: new Date(iso), startedAt });

describe('demoMetricsDocument', () => {
  it('is a full, valid metrics document (SPEC.md §3) with nothing missing', () => {
    for (const iso of ['2026-04-01T00:00:00Z', '2026-04-17T13:45:00Z', '2026-12-31T23:59:59Z']) {
      const document = at(iso);
      const parsed = tenantMetricsDocumentSchema.parse(JSON.parse(JSON.stringify(document)));
      expect(missingMetricsGroups(parsed)).toEqual([]);
    }
  });

  it('is the same for the same seed and clock, and differs between seeds', () => {
    expect(at('2026-04-02T10:00:00Z')).toEqual(at('2026-04-02T10:00:00Z'));
    const other = at('2026-04-02T10:00:00Z', 'demo:b');
    expect(other).not.toEqual(at('2026-04-02T10:00:00Z'));
  });

  it('counts uptime from the start and grows its counters', () => {
    const early = at('2026-04-02T00:00:00Z');
    const later = at('2026-04-09T00:00:00Z');
    expect(early.system_health?.uptime_seconds).toBe(86_400);
    expect(later.system_health?.uptime_seconds).toBe(8 * 86_400);
    expect(later.users?.total).toBeGreaterThan(early.users?.total ?? Infinity);
    expect(later.usage_entities?.expenses).toBeGreaterThan(early.usage_entities?.expenses ?? Infinity);
  });

  it('lets the load drift between scrapes without jumping', () => {
    const cpus = Array.from({ length: 12 }, (_, index) =>
      at(new Date(Date.parse('2026-04-03T06:00:00Z') + index * 5 * 60_000).toISOString()),
    )
      .filter((document) => document.system_health?.status === 'healthy')
      .map((document) => document.system_health?.cpu_usage_percent ?? 0);
    expect(new Set(cpus).size).toBeGreaterThan(6);
    for (let index = 1; index < cpus.length; index += 1) {
      expect(Math.abs((cpus[index] ?? 0) - (cpus[index - 1] ?? 0))).toBeLessThan(15);
    }
  });

  it('has incidents now and then, which raise load and errors and show in the alerts group', () => {
    const seed = 'demo:a';
    const from = Date.parse('2026-04-01T00:00:00Z');
    const incidents = incidentsBetween(seed, from, from + 30 * 86_400_000);
    // About one every day and a half.
    expect(incidents.length).toBeGreaterThan(8);
    expect(incidents.length).toBeLessThan(40);
    const incident = incidents[0];
    if (incident === undefined) throw new Error('no incident');
    const during = new Date(incident.startsAt + 60_000);
    expect(activeIncident(seed, during.getTime())).toEqual(incident);
    const document = demoMetricsDocument({ seed, now: during, startedAt });
    expect(document.system_health?.status).toBe('degraded');
    expect(document.performance?.error_rate_percent).toBeGreaterThan(5);
    expect(document.alerts_issues?.last_incident_datetime).toBe(new Date(incident.startsAt).toISOString());
    expect(document.alerts_issues?.open_issues_count).toBeGreaterThan(0);
    const after = demoMetricsDocument({ seed, now: new Date(incident.endsAt + 60_000), startedAt });
    expect(after.alerts_issues?.last_incident_datetime).toBe(new Date(incident.startsAt).toISOString());
  });
});
