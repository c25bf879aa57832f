import type pg from 'pg';
import { mapBounded } from '@app/concurrency';
import type { MetricsEndpoint } from '@app/contracts';
import { aggregateStore, type EventStore } from '@app/eventing';
import { decryptSecret, secretContexts, type KeyRing, type SealedSecret } from '@app/secrets';
import {
  findEndpointCandidates,
  type EndpointCandidate,
  type EndpointFilter,
} from '../projections/metrics-endpoint-queries.js';
import { subscriptions } from './subscriptions.js';

export interface MetricsEndpointsDeps {
  db: pg.Pool;
  eventStore: EventStore;
  keyRing: KeyRing;
  /** Only ids and the decryption error's message (key id, never material) are logged. */
  logger: { error(details: object, message: string): void };
  /** Stream reads in flight at once; below the default pool size of 10, so other requests still get a connection. */
  streamReadConcurrency?: number;
}

/**
 * The deployed apps the monitoring service watches, each with its metrics API key in plain text: integration
 * events carry no secret, so monitoring asks here over an internal call.
 *
 * The read model lists the candidates but holds only a flag for the key: ciphertext never reaches a read model
 * (projections/subscriptions.ts). So the sealed key is read from the subscription's own stream, for flagged
 * subscriptions only, a bounded number at a time. Such an entry takes its URL and status from that same stream
 * state, so a key is never paired with a URL it was not configured with, even while the read model lags.
 */
export function createMetricsEndpoints(deps: MetricsEndpointsDeps) {
  const { db, eventStore, keyRing, logger, streamReadConcurrency = 8 } = deps;
  const store = aggregateStore(eventStore, subscriptions);

  function open(subscriptionId: string, sealed: SealedSecret): string | null {
    try {
      return decryptSecret(keyRing, sealed, secretContexts.subscriptionMetricsApiKey(subscriptionId));
    } catch (error) {
      // One key the ring cannot open (retired too early, altered) must not blind monitoring to every other app.
      logger.error(
        {
          subscriptionId,
          keyId: sealed.keyId,
          reason: error instanceof Error ? error.message : String(error),
        },
        'Metrics API key could not be decrypted',
      );
      return null;
    }
  }

  async function withKey(candidate: EndpointCandidate): Promise<MetricsEndpoint | null> {
    if (!candidate.metricsApiKeyConfigured) {
      const { subscriptionId, tenantId, productId, status, domainUrl } = candidate;
      return { subscriptionId, tenantId, productId, status, domainUrl, metricsApiKey: null };
    }
    const { state } = await store.read(candidate.subscriptionId);
    // The stream is ahead of the read model: the URL has been cleared since, so there is nothing to watch.
    if (state.status === 'absent' || state.domainUrl === null) return null;
    return {
      subscriptionId: state.subscriptionId,
      tenantId: state.tenantId,
      productId: state.productId,
      status: state.status,
      domainUrl: state.domainUrl,
      metricsApiKey: state.metricsApiKey === null ? null : open(state.subscriptionId, state.metricsApiKey),
    };
  }

  return {
    async list(filter: EndpointFilter): Promise<MetricsEndpoint[]> {
      const candidates = await findEndpointCandidates(db, filter);
      const endpoints = await mapBounded(candidates, streamReadConcurrency, withKey);
      return endpoints.filter((endpoint): endpoint is MetricsEndpoint => endpoint !== null);
    },
  };
}

export type MetricsEndpoints = ReturnType<typeof createMetricsEndpoints>;
