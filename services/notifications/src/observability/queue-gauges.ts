import type pg from 'pg';
import type { EventingLogger } from '@app/eventing';
import { catalogueGauge, metricCatalogue, type ServiceMetric } from '@app/service-kit';
import { readQueueStats, type QueueName, type QueueStats } from './queue-stats.js';

/**
 * The queue gauges of both queues (emails to send, webhooks to deliver): depth, oldest pending, oldest due, read
 * from Postgres when Prometheus scrapes. The three gauges of one scrape share one read; a read that fails is logged
 * and leaves the scrape without queue series, so no stale figure passes for a current one.
 */
export function queueGauges(deps: {
  pool: pg.Pool;
  now: () => Date;
  logger: EventingLogger;
}): ServiceMetric[] {
  let inFlight: Promise<Record<QueueName, QueueStats>> | undefined;
  const read = () => {
    inFlight ??= readQueueStats(deps.pool, deps.now())
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'Queue statistics not read for this scrape');
        throw error;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  const series = (figure: keyof QueueStats) => async () => {
    const stats = await read();
    return (['email', 'webhook'] as const).map((queue) => ({
      labels: { queue },
      value: stats[queue][figure],
    }));
  };
  return [
    catalogueGauge(
      metricCatalogue.queueDepth,
      'Pending emails and webhook deliveries, by queue',
      series('depth'),
    ),
    catalogueGauge(
      metricCatalogue.queueOldestPending,
      'Age in seconds of the oldest pending item since its schedule began, by queue',
      series('oldestPendingSeconds'),
    ),
    catalogueGauge(
      metricCatalogue.queueOldestDue,
      'Seconds the most overdue item has waited to be attempted, by queue',
      series('oldestDueSeconds'),
    ),
  ];
}
