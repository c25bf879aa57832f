import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TenantMetricsDocument } from '@app/contracts';
import { demoMetricsDocument } from '@app/demo-tenant-app';
import { startLocalServer } from '@app/test-support/local-server';

export type AppBehaviour =
  'good' | 'hot' | 'wrong-types' | 'huge' | 'slow' | 'not-json' | 'server-error' | 'flaky' | 'partial';

/**
 * A healthy tenant app's document: the demo app's, for this seed, with its load and error rate held under every
 * alert threshold. The demo app has incidents at seed-dependent times, and a test's random app name must not
 * decide whether a "good" app raises an alert.
 */
export const documentAt = (seed: string, now = new Date('2026-05-01T12:00:00Z')): TenantMetricsDocument => {
  const document = demoMetricsDocument({ seed, now, startedAt: new Date('2026-05-01T00:00:00Z') });
  const calm = (value: number, ceiling: number) => Math.min(value, ceiling);
  const { system_health: health, performance } = document;
  return {
    ...document,
    ...(health && {
      system_health: {
        ...health,
        cpu_usage_percent: calm(health.cpu_usage_percent, 60),
        memory_usage_percent: calm(health.memory_usage_percent, 70),
        disk_usage_percent: calm(health.disk_usage_percent, 70),
      },
    }),
    ...(performance && {
      performance: { ...performance, error_rate_percent: calm(performance.error_rate_percent, 1) },
    }),
  };
};

/**
 * Tenant apps on one local server, each under its own path (`/<name>` is its domain URL). Each requires its key,
 * and behaves as `behaviours` says at the time of the request, so a test can turn a good app bad.
 */
export async function startTenantApps() {
  const behaviours = new Map<string, AppBehaviour>();
  const keys = new Map<string, string>();
  const served = new Map<string, number>();
  const server = await startLocalServer((app) => {
    app.get('/:name/api/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
      const { name } = request.params as { name: string };
      const count = (served.get(name) ?? 0) + 1;
      served.set(name, count);
      if (request.headers.authorization !== `Bearer ${keys.get(name)}`) return reply.code(401).send({});
      const document = documentAt(name);
      switch (behaviours.get(name) ?? 'good') {
        case 'good':
          return document;
        case 'hot':
          return { ...document, system_health: { ...document.system_health, cpu_usage_percent: 96.5 } };
        case 'wrong-types':
          return { ...document, performance: { ...document.performance, error_rate_percent: 'low' } };
        case 'huge':
          return { ...document, padding: 'x'.repeat(200_000) };
        case 'slow':
          await delay(3_000);
          return document;
        case 'not-json':
          return reply.type('text/html').send('<html><body>Service Unavailable</body></html>');
        case 'server-error':
          return reply.code(500).send({ error: 'boom' });
        case 'flaky':
          return count % 2 === 1 ? reply.code(502).send({}) : document;
        case 'partial': {
          const { storage: _storage, security: _security, ...rest } = document;
          return rest;
        }
      }
    });
  });
  return {
    ...server,
    /** Registers an app; returns its domain URL. */
    add(name: string, key: string, behaviour: AppBehaviour = 'good'): string {
      keys.set(name, key);
      behaviours.set(name, behaviour);
      return `${server.origin}/${name}`;
    },
    behave(name: string, behaviour: AppBehaviour) {
      behaviours.set(name, behaviour);
    },
    served: (name: string) => served.get(name) ?? 0,
  };
}
