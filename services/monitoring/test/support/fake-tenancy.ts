import { randomUUID } from 'node:crypto';
import { derivedKey, internalKeyHeader, metricsEndpointsPurpose } from '@app/service-kit';
import { testIdentitySecret } from '@app/service-kit/testing';
import type { MetricsEndpoint } from '../../src/scraper/tenancy-endpoints.js';
import { startLocalServer } from '@app/test-support/local-server';

/**
 * Tenancy's internal metrics-endpoints call as monitoring sees it (the same path, key check and reply shape as
 * services/tenancy/src/http/internal-metrics-endpoints.routes.ts), serving whatever the test puts in `endpoints`.
 */
export async function startFakeTenancy() {
  const endpoints: MetricsEndpoint[] = [];
  const expectedKey = derivedKey(testIdentitySecret, metricsEndpointsPurpose);
  const server = await startLocalServer((app) => {
    app.get('/internal/metrics-endpoints', async (request, reply) => {
      if (request.headers[internalKeyHeader] !== expectedKey) return reply.code(401).send({ status: 401 });
      const { tenantId, subscriptionId } = request.query as { tenantId?: string; subscriptionId?: string };
      return {
        endpoints: endpoints.filter(
          (endpoint) =>
            (tenantId === undefined || endpoint.tenantId === tenantId) &&
            (subscriptionId === undefined || endpoint.subscriptionId === subscriptionId),
        ),
      };
    });
  });
  return { ...server, endpoints };
}

/** An active subscription as tenancy lists it for monitoring, with fresh ids: its app at `domainUrl`. */
export function watchedEndpoint(
  domainUrl: string,
  metricsApiKey: string | null,
  overrides: Partial<MetricsEndpoint> = {},
): MetricsEndpoint {
  return {
    subscriptionId: randomUUID(),
    tenantId: randomUUID(),
    productId: randomUUID(),
    status: 'active',
    domainUrl,
    metricsApiKey,
    ...overrides,
  };
}
