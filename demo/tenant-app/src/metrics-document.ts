import type { TenantMetricsDocument } from '@app/contracts';
import { activeIncident, incidentsBetween } from './incidents.js';
import { demoProfile } from './profile.js';
import { clamp, drift, intHash, round, unitHash, wave } from './random.js';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
/** Counters grow from here, so the same instant gives the same figures on every machine. */
const originMs = Date.UTC(2025, 0, 1);

export interface DemoClock {
  /** Seeds one app; the server derives one per metrics key so each demo tenant looks different. */
  seed: string;
  now: Date;
  /** When the app started, for uptime. */
  startedAt: Date;
}

/**
 * A realistic metrics document (SPEC.md §3) for a demo tenant app: load that drifts over the day, counters
 * that grow, uptime since start, and now and then an incident that pushes CPU, latency and errors up and shows
 * in the alerts group. A pure function of seed and clock.
 */
export function demoMetricsDocument({ seed, now, startedAt }: DemoClock): TenantMetricsDocument {
  const t = now.getTime();
  const profile = demoProfile(seed);
  const days = Math.max(0, (t - originMs) / dayMs);
  const day = Math.floor(days);
  const incident = activeIncident(seed, t);
  const strain = incident ? 1 : 0;
  const load =
    0.5 + 0.3 * wave(seed, 'daily', t, dayMs) + 0.2 * (drift(seed, 'load', t, 15 * minuteMs) - 0.5);

  const cpu = clamp(18 + 45 * load + 30 * strain + 4 * drift(seed, 'cpu', t, 5 * minuteMs), 1, 99.5);
  const memory = clamp(48 + 18 * load + 12 * strain + 5 * drift(seed, 'memory', t, 30 * minuteMs), 5, 99.5);
  // Logs and uploads fill the disk until the fortnightly clean-up.
  const disk = clamp(38 + 30 * (((t - originMs) / (14 * dayMs)) % 1) + 3 * unitHash(seed, 'disk'), 1, 99);
  const responseMs = 90 + 120 * load + 450 * strain + 20 * drift(seed, 'latency', t, 5 * minuteMs);
  const errorRate =
    0.2 +
    0.6 * drift(seed, 'errors', t, 10 * minuteMs) +
    strain * (5 + 6 * unitHash(seed, 'incident-errors', incident?.startsAt ?? 0));

  const totalUsers = profile.baseUsers + Math.floor(days * profile.usersPerDay);
  const active30 = Math.floor(totalUsers * (0.55 + 0.1 * drift(seed, 'active', t, dayMs)));
  const monthDay = now.getUTCDate();
  const usedMb = profile.allocatedMb * (0.25 + 0.5 * (disk / 100));
  const recent = incidentsBetween(seed, t - 7 * dayMs, t);
  const lastIncident = recent[0] ?? incidentsBetween(seed, t - 30 * dayMs, t - 7 * dayMs)[0];
  const grow = (name: string, perDay: number) => intHash(20, 400, seed, name) + Math.floor(days * perDay);

  return {
    product_info: {
      name: profile.productName,
      version: profile.version,
      license_type: profile.licenseType,
      region: profile.region,
      timezone: profile.timezone,
    },
    custom_metadata: {
      tenant_type: profile.tenantType,
      tags: profile.tags,
      admin_notes: profile.adminNotes,
    },
    system_health: {
      status: incident ? 'degraded' : 'healthy',
      uptime_seconds: Math.max(0, Math.floor((t - startedAt.getTime()) / 1000)),
      cpu_usage_percent: round(cpu, 1),
      memory_usage_percent: round(memory, 1),
      disk_usage_percent: round(disk, 1),
    },
    users: {
      total: totalUsers,
      active_last_7_days: Math.floor(active30 * 0.72),
      active_last_30_days: active30,
      new_users_last_30_days: profile.usersPerDay * 30 + intHash(0, 20, seed, 'new', day),
      user_login_summary: profile.people.map((person, index) => {
        const daysAgo = intHash(0, 12, seed, 'login', person.name, day);
        return {
          email: `${person.name}@${profile.domain}`,
          user_id: person.userId,
          last_login: new Date((day - daysAgo) * dayMs + originMs + (9 + index) * hourMs).toISOString(),
          monthly_login_count: Math.floor(monthDay * (0.5 + unitHash(seed, 'logins', person.name))),
          inactive: daysAgo > 7,
        };
      }),
    },
    feature_usage: {
      create_project: grow('projects-created', 0.8),
      project_updates: grow('project-updates', 14),
      expense_tracking: grow('expenses-tracked', 6),
      integrations_connected: intHash(1, 9, seed, 'integrations'),
    },
    usage_entities: {
      projects: grow('projects', 0.7),
      clients: grow('clients', 0.2),
      materials: grow('materials', 3),
      expenses: grow('expenses', 6),
      contractors: grow('contractors', 0.3),
      custom_entities: {
        change_orders: grow('change-orders', 0.5),
        site_inspections: grow('inspections', 1),
      },
    },
    performance: {
      average_response_time_ms: round(responseMs, 1),
      error_rate_percent: round(errorRate, 2),
      api_5xx_count: Math.floor(monthDay * (3 + 20 * unitHash(seed, '5xx', day))) + strain * 140,
      api_4xx_count: Math.floor(monthDay * (40 + 60 * unitHash(seed, '4xx', day))),
      peak_rps: round(25 + 60 * load + 10 * unitHash(seed, 'rps', day), 1),
    },
    storage: {
      used_mb: round(usedMb, 1),
      total_allocated_mb: profile.allocatedMb,
      monthly_data_ingested_mb: round(monthDay * (180 + 60 * unitHash(seed, 'ingest')), 1),
      monthly_data_egressed_mb: round(monthDay * (90 + 40 * unitHash(seed, 'egress')), 1),
    },
    security: {
      failed_login_attempts: intHash(0, 25, seed, 'failed-logins', day) + strain * 12,
      password_reset_requests: intHash(0, 8, seed, 'resets', day),
      account_lockouts: intHash(0, 3, seed, 'lockouts', day),
      last_admin_action: new Date(t - intHash(5, 600, seed, 'admin-action', day) * minuteMs).toISOString(),
    },
    license: {
      current_usage_tier: profile.licenseType === 'enterprise' ? 'Enterprise' : 'Growth',
      expiry_date: `${now.getUTCFullYear() + 1}-01-31`,
      sla_uptime_percent: round(clamp(99.99 - 0.04 * recent.length, 98, 100), 2),
      overage_flag: totalUsers > 5_000,
    },
    alerts_issues: {
      open_issues_count: recent.filter((item) => item.startsAt > t - dayMs).length + strain,
      critical_alerts_last_7_days: recent.filter((item) => item.critical).length,
      last_incident_datetime: lastIncident ? new Date(lastIncident.startsAt).toISOString() : null,
    },
  };
}
