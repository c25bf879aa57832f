import type pg from 'pg';
import type { WebhookDelivery } from '@app/contracts';

/** How many of an endpoint's deliveries its log shows, newest first. */
export const deliveryLogLimit = 50;

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  status: WebhookDelivery['status'];
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Date;
  attempts: Array<{
    attempt: number;
    attempted_at: string;
    outcome: 'delivered' | 'failed';
    status_code: number | null;
    latency_ms: number;
    response_excerpt: string;
    reason: string | null;
  }>;
}

const selectDeliveries = `
  SELECT d.id, d.endpoint_id, d.message_id, d.event_type, d.status, d.next_attempt_at, d.last_error, d.created_at,
    COALESCE((SELECT json_agg(a ORDER BY a.attempt) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id),
      '[]') AS attempts
  FROM webhook_deliveries d`;

function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    messageId: row.message_id,
    eventType: row.event_type,
    status: row.status,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    attempts: row.attempts.map((attempt) => ({
      attempt: attempt.attempt,
      attemptedAt: new Date(attempt.attempted_at).toISOString(),
      outcome: attempt.outcome,
      statusCode: attempt.status_code,
      latencyMs: attempt.latency_ms,
      responseExcerpt: attempt.response_excerpt,
      reason: attempt.reason,
    })),
  };
}

/** An endpoint's delivery log: its latest deliveries, newest first, each with every attempt. */
export async function listDeliveries(db: pg.Pool, endpointId: string): Promise<WebhookDelivery[]> {
  const { rows } = await db.query<DeliveryRow>(
    `${selectDeliveries} WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
    [endpointId, deliveryLogLimit],
  );
  return rows.map(deliveryOf);
}

/**
 * Redeliver: the delivery is due at once on a fresh schedule (its earlier attempts stay in the log, numbered on).
 * Null when the endpoint has no such delivery.
 */
export async function redeliver(
  db: pg.Pool,
  endpointId: string,
  deliveryId: string,
  now: Date,
): Promise<WebhookDelivery | null> {
  const { rowCount } = await db.query(
    `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3, first_attempt_at = NULL,
       round_attempts = 0, last_error = NULL
     WHERE id = $1 AND endpoint_id = $2`,
    [deliveryId, endpointId, now],
  );
  if (rowCount === 0) return null;
  const { rows } = await db.query<DeliveryRow>(`${selectDeliveries} WHERE d.id = $1`, [deliveryId]);
  return rows[0] ? deliveryOf(rows[0]) : null;
}
