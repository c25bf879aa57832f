import type { GatewayUsageRecordedV1 } from '@app/contracts';
import { backoffDelay, sleep } from '@app/retry';
import { toUsageBatches } from './usage-batches.js';
import type { UsageMeter } from './usage-meter.js';

/** The subset of pino's logger the flusher writes to. */
export interface UsageLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** At shutdown, 100 ms doubling until `finalFlushMs` runs out: the deadline is the cap, and one process retries. */
const finalFlushBackoff = { baseMs: 100, maxMs: Infinity, jitter: false };

export interface UsageFlusherOptions {
  meter: UsageMeter;
  /** Publishes one batch and resolves once it is stored (JetStream's ack); rejects otherwise. */
  publish: (event: GatewayUsageRecordedV1) => Promise<void>;
  intervalMs: number;
  instance: string;
  newId: () => string;
  logger: UsageLogger;
  /** After a failure the next attempt waits intervalMs × 2^failures, jittered, up to this; default 60 s. */
  maxBackoffMs?: number;
  /** How long `stop` keeps trying to publish the last counts; default 5 s, inside runService's step limit. */
  finalFlushMs?: number;
}

export interface UsageFlusher {
  /** Ends the timer, then publishes everything counted so far, retrying until `finalFlushMs` has passed. */
  stop(): Promise<void>;
}

/**
 * Every `intervalMs`, drains the meter and publishes its batches (ARCHITECTURE.md "Gateway": metering, batched).
 *
 * A batch that failed is kept as it is, id and content, and published again before anything newer: its publish
 * may have been stored even though the ack never came, and only the same Nats-Msg-Id (and billing's store by
 * batchId, once the duplicate window has passed) can tell the copy from new usage. While batches wait, the meter
 * keeps counting into its own tally, which is drained only once they are through, so an outage holds at most one
 * interval's batches plus one count per user who called, however long it lasts. Counts still unpublished when
 * `stop` gives up are lost, and logged with their number.
 */
export function startUsageFlusher(options: UsageFlusherOptions): UsageFlusher {
  const { meter, logger } = options;
  // Jittered: every gateway replica loses NATS at once and should not come back in step.
  const failureBackoff = { baseMs: options.intervalMs, maxMs: options.maxBackoffMs ?? 60_000 };
  let waiting: GatewayUsageRecordedV1[] = [];

  async function publishWaiting(): Promise<void> {
    while (waiting.length > 0) {
      await options.publish(waiting[0] as GatewayUsageRecordedV1);
      waiting.shift();
    }
  }

  async function flush(): Promise<void> {
    await publishWaiting();
    const { events, rejectedUserIds } = toUsageBatches(meter.drain(), options);
    if (rejectedUserIds.length > 0) {
      logger.error(
        { userIds: rejectedUserIds.slice(0, 10) },
        'Usage of callers without a UUID is not published',
      );
    }
    waiting = events;
    await publishWaiting();
  }

  const stopping = new AbortController();
  const loop = (async () => {
    for (let failures = 0; !stopping.signal.aborted;) {
      const wait = failures === 0 ? options.intervalMs : backoffDelay(failures, failureBackoff);
      await sleep(wait, stopping.signal);
      if (stopping.signal.aborted) return;
      try {
        await flush();
        failures = 0;
      } catch (error) {
        failures += 1;
        logger.warn(
          { err: error, failures, waitingBatches: waiting.length },
          'Publishing usage failed; kept for the next try',
        );
      }
    }
  })();

  return {
    async stop() {
      const deadline = Date.now() + (options.finalFlushMs ?? 5_000);
      stopping.abort();
      await loop;
      for (let attempt = 0; ; attempt += 1) {
        try {
          await flush();
          return;
        } catch (error) {
          const pause = Math.min(backoffDelay(attempt, finalFlushBackoff), deadline - Date.now());
          if (pause <= 0) {
            const unpublished = [...waiting, ...toUsageBatches(meter.drain(), options).events];
            const lostCalls = unpublished.reduce((sum, event) => sum + callsIn(event), 0);
            logger.error({ err: error, lostCalls }, 'Usage counts lost at shutdown');
            return;
          }
          await sleep(pause);
        }
      }
    },
  };
}

function callsIn(event: GatewayUsageRecordedV1): number {
  return event.data.counts.reduce((sum, count) => sum + count.quantity, 0);
}
