import {
  metricsEndpointsReplySchema,
  type MetricsEndpoint,
  type MetricsEndpointsQuery,
} from '@app/contracts';
import { derivedKey, internalKeyHeader, metricsEndpointsPurpose } from '@app/service-kit';

export type { MetricsEndpoint };

/**
 * Tenancy's internal metrics-endpoints call (services/tenancy/src/http/internal-metrics-endpoints.routes.ts, its
 * contract in @app/contracts): each watched app with its metrics key in plain text. The key lives in memory for
 * the scrape that uses it and is never logged or stored: log lines go through service-kit's redaction, which
 * censors any field named like `metricsApiKey`, and nothing here puts the key in a message.
 */
export interface TenancyEndpoints {
  list(filter?: MetricsEndpointsQuery): Promise<MetricsEndpoint[]>;
}

export function createTenancyEndpoints(options: {
  tenancyUrl: string;
  /** INTERNAL_TOKEN_SECRET: the call's key is derived from it for metricsEndpointsPurpose. */
  internalSecret: string;
  timeoutMs?: number;
}): TenancyEndpoints {
  const key = derivedKey(options.internalSecret, metricsEndpointsPurpose);
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    async list(filter = {}) {
      const url = new URL('/internal/metrics-endpoints', options.tenancyUrl);
      if (filter.tenantId) url.searchParams.set('tenantId', filter.tenantId);
      if (filter.subscriptionId) url.searchParams.set('subscriptionId', filter.subscriptionId);
      // Tenancy is the platform's own service at a configured URL, so this call is not SSRF-guarded.
      const response = await fetch(url, {
        headers: { [internalKeyHeader]: key, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        throw new Error(`Tenancy answered ${response.status} to the metrics endpoints call`);
      }
      const parsed = metricsEndpointsReplySchema.safeParse(await response.json());
      if (!parsed.success) throw new Error('Tenancy answered the metrics endpoints call in an unknown shape');
      return parsed.data.endpoints;
    },
  };
}
