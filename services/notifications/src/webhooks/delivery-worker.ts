import type pg from 'pg';
import { aggregateStore, type EventingLogger, type EventStore } from '@app/eventing';
import type { SsrfGuard } from '@app/outbound';
import { sleep } from '@app/retry';
import type { KeyRing } from '@app/secrets';
import { withExtractedContext, type TraceCarrier } from '@app/service-kit';
import { deliverWebhook, type DeliveryResult, type DeliverySettings } from './deliver.js';
import { signingSecrets } from './domain/endpoint/endpoint.js';
import { nextAttemptAt } from './domain/retry-schedule.js';
import { openEndpointSecret } from './endpoint-secret.js';
import { webhookEndpoints } from './endpoints.js';
import type { WebhookMetrics } from './webhook-metrics.js';

export interface DeliveryWorkerDeps {
  pool: pg.Pool;
  eventStore: EventStore;
  keyRing: KeyRing;
  guard: SsrfGuard;
  settings: DeliverySettings;
  now: () => Date;
  logger: EventingLogger;
  metrics: WebhookMetrics;
  /** How many deliveries one claim takes, and how long a claimed one is held against another replica. */
  batchSize?: number;
  leaseMs?: number;
}

interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  tenant_id: string;
  message_id: string;
  event_type: string;
  payload: string;
  attempts: number;
  round_attempts: number;
  first_attempt_at: Date | null;
  trace_context: TraceCarrier | null;
}

export interface DeliveryWorker {
  /** Attempts every delivery due now, one batch at a time; resolves with how many were taken. */
  deliverDue(): Promise<number>;
  /** Runs deliverDue every `tickMs` until stopped. */
  start(tickMs: number): { stop(): Promise<void> };
}

/**
 * Sends due webhook deliveries and records each attempt (the delivery log). The endpoint is read from its stream
 * at each attempt, for its URL and its secrets (both during a rotation's 24 hours), opened only here. A 2xx is a
 * delivery; any other outcome is retried on the schedule (domain/retry-schedule.ts), and when it runs out the
 * delivery has failed and the endpoint is marked failing. A delivery whose endpoint is no longer enabled is not
 * attempted: it fails with that reason, and its owner may redeliver it once the endpoint is enabled again.
 */
export function createDeliveryWorker(deps: DeliveryWorkerDeps): DeliveryWorker {
  const { pool, logger, batchSize = 20, leaseMs = 5 * 60 * 1000 } = deps;
  const endpoints = aggregateStore(deps.eventStore, webhookEndpoints);

  async function claim(): Promise<ClaimedDelivery[]> {
    const now = deps.now();
    const { rows } = await pool.query<ClaimedDelivery>(
      `UPDATE webhook_deliveries SET next_attempt_at = $2
       WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1
         ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, endpoint_id, tenant_id, message_id, event_type, payload, attempts, round_attempts,
         first_attempt_at, trace_context`,
      [now, new Date(now.getTime() + leaseMs), batchSize],
    );
    return rows;
  }

  async function record(delivery: ClaimedDelivery, result: DeliveryResult): Promise<Date | null> {
    const attempt = delivery.attempts + 1;
    const first = delivery.first_attempt_at ?? result.attemptedAt;
    const next = result.outcome === 'delivered' ? null : nextAttemptAt(first, delivery.round_attempts + 1);
    const status = result.outcome === 'delivered' ? 'delivered' : next === null ? 'failed' : 'pending';
    const reason = result.outcome === 'failed' ? result.reason.slice(0, 1_000) : null;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO webhook_delivery_attempts
           (delivery_id, attempt, attempted_at, outcome, status_code, latency_ms, response_excerpt, reason)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          delivery.id,
          attempt,
          result.attemptedAt,
          result.outcome,
          result.status,
          result.latencyMs,
          result.responseExcerpt,
          reason,
        ],
      );
      await client.query(
        `UPDATE webhook_deliveries SET status = $2, attempts = $3, round_attempts = round_attempts + 1,
           first_attempt_at = $4, next_attempt_at = COALESCE($5, next_attempt_at), last_error = $6
         WHERE id = $1`,
        [delivery.id, status, attempt, first, next, reason],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
    deps.metrics.deliveries.inc({ outcome: status === 'pending' ? 'retried' : status });
    if (status === 'failed') await markEndpointFailing(delivery, reason ?? 'failed', first);
    return next;
  }

  async function markEndpointFailing(
    delivery: ClaimedDelivery,
    reason: string,
    failingSince: Date,
  ): Promise<void> {
    const { newEvents } = await endpoints.handle(
      delivery.endpoint_id,
      {
        type: 'MarkWebhookEndpointFailing',
        data: {
          endpointId: delivery.endpoint_id,
          tenantId: delivery.tenant_id,
          messageId: delivery.message_id,
          reason,
          failingSince: failingSince.toISOString(),
        },
        metadata: { now: deps.now().toISOString() },
      },
      { metadata: {} },
    );
    if (newEvents.length > 0) deps.metrics.endpointsMarkedFailing.inc();
  }

  async function notAttempted(delivery: ClaimedDelivery, reason: string): Promise<void> {
    await pool.query(`UPDATE webhook_deliveries SET status = 'failed', last_error = $2 WHERE id = $1`, [
      delivery.id,
      reason,
    ]);
  }

  async function attempt(delivery: ClaimedDelivery): Promise<void> {
    const { state } = await endpoints.read(delivery.endpoint_id);
    if (state.status !== 'enabled') {
      const reason = `Not sent: the endpoint is ${state.status === 'absent' ? 'gone' : state.status}`;
      return notAttempted(delivery, reason);
    }
    const now = deps.now();
    const secrets = signingSecrets(state, now.toISOString()).map((sealed) =>
      openEndpointSecret(deps.keyRing, state.endpointId, sealed),
    );
    const result = await deliverWebhook(
      { url: state.url, messageId: delivery.message_id, payload: delivery.payload, secrets },
      { guard: deps.guard, settings: deps.settings, now: deps.now },
    );
    const next = await record(delivery, result);
    if (result.outcome === 'failed') {
      logger.warn(
        {
          deliveryId: delivery.id,
          endpointId: delivery.endpoint_id,
          attempt: delivery.attempts + 1,
          nextAttemptAt: next?.toISOString(),
          reason: result.reason,
        },
        next === null ? 'Webhook delivery failed on its last attempt' : 'Webhook delivery failed; will retry',
      );
    }
  }

  /**
   * One attempt as a span of the trace that queued it (the consumer's, continued from the business event's NATS
   * message), so the event and its delivery are one trace; a new trace when none was carried.
   */
  function traced(delivery: ClaimedDelivery): Promise<void> {
    return withExtractedContext(
      delivery.trace_context ?? undefined,
      `deliver webhook ${delivery.event_type}`,
      () => attempt(delivery),
      { 'webhook.delivery.id': delivery.id, 'webhook.endpoint.id': delivery.endpoint_id },
    );
  }

  async function deliverDue(): Promise<number> {
    let taken = 0;
    for (;;) {
      const batch = await claim();
      for (const delivery of batch) await traced(delivery);
      taken += batch.length;
      if (batch.length < batchSize) return taken;
    }
  }

  return {
    deliverDue,
    start(tickMs) {
      const stopping = new AbortController();
      const loop = (async () => {
        while (!stopping.signal.aborted) {
          await deliverDue().catch((error: unknown) =>
            logger.error({ err: error }, 'Webhook delivery pass failed'),
          );
          await sleep(tickMs, stopping.signal);
        }
      })();
      return {
        async stop() {
          stopping.abort();
          await loop;
        },
      };
    },
  };
}
