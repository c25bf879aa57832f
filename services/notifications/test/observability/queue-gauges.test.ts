import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { ServiceMetric } from '@app/service-kit';
import { queueGauges } from '../../src/observability/queue-gauges.js';
import {
  silentLogger,
  startNotificationsStorage,
  type NotificationsStorage,
} from '../support/notifications-harness.js';

let storage: NotificationsStorage;
beforeAll(async () => {
  storage = await startNotificationsStorage();
});
afterAll(() => storage?.close());

const now = new Date('2026-11-28T12:00:00.000Z');
const minutesBefore = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

async function aSend(status: string, createdAt: Date, nextAttemptAt: Date) {
  await storage.pool.query(
    `INSERT INTO email_sends (event_id, message, recipient_id, recipient_email, payload, status, next_attempt_at, created_at)
     VALUES ($1, 'receipt', gen_random_uuid(), 'a@example.test', '{}', $2, $3, $4)`,
    [crypto.randomUUID(), status, nextAttemptAt, createdAt],
  );
}

async function aDelivery(status: string, firstAttemptAt: Date | null, nextAttemptAt: Date, createdAt: Date) {
  await storage.pool.query(
    `INSERT INTO webhook_deliveries
       (id, endpoint_id, tenant_id, message_id, event_type, payload, status, first_attempt_at, next_attempt_at, created_at)
     VALUES (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'billing.invoice.paid.v1', '{}',
       $1, $2, $3, $4)`,
    [status, firstAttemptAt, nextAttemptAt, createdAt],
  );
}

/** Each gauge's series as `name{queue}` → value, read as one scrape reads them. */
async function scrape(gauges: ServiceMetric[]): Promise<Record<string, number>> {
  const read = await Promise.all(gauges.map((gauge) => gauge.get()));
  return Object.fromEntries(
    read.flatMap((metric) =>
      metric.values.map((value) => [`${metric.name}{${String(value.labels.queue)}}`, value.value]),
    ),
  );
}

describe('the queue gauges', () => {
  it('read depth, oldest pending and oldest due of both queues at scrape time', async () => {
    const gauges = queueGauges({ pool: storage.pool, now: () => now, logger: silentLogger });
    expect(await scrape(gauges)).toMatchObject({
      'notifications_queue_depth{email}': 0,
      'notifications_queue_oldest_pending_seconds{webhook}': 0,
      'notifications_queue_oldest_due_seconds{webhook}': 0,
    });

    // Mail: one queued 30 minutes ago waiting for its retry in 5, one due for 2 minutes, one sent long ago.
    await aSend('pending', minutesBefore(30), minutesBefore(-5));
    await aSend('pending', minutesBefore(3), minutesBefore(2));
    await aSend('sent', minutesBefore(600), minutesBefore(600));
    // Webhooks: one on its schedule since 2 hours ago, due for 10 minutes; one fresh, due for 1; one delivered.
    await aDelivery('pending', minutesBefore(120), minutesBefore(10), minutesBefore(125));
    await aDelivery('pending', null, minutesBefore(1), minutesBefore(1));
    await aDelivery('delivered', minutesBefore(900), minutesBefore(900), minutesBefore(900));

    expect(await scrape(gauges)).toEqual({
      'notifications_queue_depth{email}': 2,
      'notifications_queue_depth{webhook}': 2,
      'notifications_queue_oldest_pending_seconds{email}': 30 * 60,
      'notifications_queue_oldest_pending_seconds{webhook}': 120 * 60,
      'notifications_queue_oldest_due_seconds{email}': 2 * 60,
      'notifications_queue_oldest_due_seconds{webhook}': 10 * 60,
    });
  });

  it('leave the scrape without queue series when the database does not answer', async () => {
    const down = { query: () => Promise.reject(new Error('connection refused')) } as unknown as pg.Pool;
    const gauges = queueGauges({ pool: down, now: () => now, logger: silentLogger });
    expect(await scrape(gauges)).toEqual({});
  });
});
