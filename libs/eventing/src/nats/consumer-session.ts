import type { Consumer, JsMsg } from '@nats-io/jetstream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { backoffDelay } from '@app/retry';
import type { EventingLogger } from '../logger.js';
import type { BatchProcessor } from './batch-processor.js';
import { createHeldMessages } from './held-messages.js';

export interface ConsumerSessionOptions {
  consumer: Consumer;
  durableName: string;
  /** The most deliveries fetched and applied at once: the consumer's max_ack_pending (consumer-setup.ts). */
  batchSize: number;
  ackWaitMs: number;
  batches: BatchProcessor;
  returnUnstarted(message: JsMsg): Promise<void>;
  logger: EventingLogger;
  /** Ends the session once the batch in hand is applied. */
  signal: AbortSignal;
  /** Each delivery, as it arrives. */
  onDelivery(): void;
}

/** Between counts of what JetStream has out while some of it is not here: 10 ms doubling to a second. */
const recountBackoff = { baseMs: 10, maxMs: 1_000, jitter: false };

/**
 * Consumes until `signal` aborts or the subscription ends (it then throws why). JetStream hands out up to a
 * batch of deliveries at once (max_ack_pending), and hands out the newer ones while an older one is elsewhere:
 * nak'd and due again later, or held by an instance that died and due again after ack_wait. Copies overwrite,
 * and the ledger counts on finished sequences having nothing unfinished below them (message-ledger.ts), so a
 * batch is applied only while this session holds every delivery JetStream has out, as JetStream counts them
 * (num_ack_pending): none is then left below them, and they are applied in stream order. Until then they wait,
 * kept from timing out, and nothing after them starts. One instance leads a consumer at a time
 * (integration-consumer.ts), or two instances could each wait for the other's part.
 */
export async function runConsumerSession(options: ConsumerSessionOptions): Promise<void> {
  const { consumer, logger, durableName, signal } = options;
  const held = createHeldMessages();
  let accepting = true;
  let wake: () => void = () => undefined;
  const nextWake = (timeoutMs?: number) =>
    new Promise<void>((resolve) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => wake(), timeoutMs);
      wake = () => {
        clearTimeout(timer);
        wake = () => undefined;
        resolve();
      };
    });

  const messages = await consumer.consume({
    max_messages: options.batchSize,
    callback: (message) => {
      // Arrived after the session ended: given back at once rather than left to wait out ack_wait.
      if (!accepting) return void options.returnUnstarted(message);
      held.add(message, Date.now());
      options.onDelivery();
      wake();
    },
  });
  let ended: { error: Error | undefined } | undefined;
  void messages.closed().then((error) => {
    ended = { error: error ?? undefined };
    wake();
  });
  // With a batch of one JetStream has at most the one delivery out (max_ack_pending 1): nothing to count.
  const outstanding = async (held: number) =>
    options.batchSize === 1 ? held : (await consumer.info(false)).num_ack_pending;
  const onAbort = () => wake();
  signal.addEventListener('abort', onAbort);
  const keepAlive = setInterval(() => held.keepAlive(Date.now()), options.ackWaitMs / 3);

  try {
    for (let recounts = 0; !signal.aborted && ended === undefined;) {
      if (held.size === 0) {
        await nextWake();
        continue;
      }
      // The rest of a batch that is already on the socket.
      await nextTurn();
      const stale = held.dropStale(Date.now(), options.ackWaitMs);
      if (stale > 0) logger.warn({ consumer: durableName, stale }, 'held integration messages timed out');
      // Every delivery held before asking is out (held ones are kept alive), so JetStream counting exactly as
      // many means these are all it has out. A delivery that arrived meanwhile waits for the next count: it may
      // have come after another instance got an older one.
      const candidates = held.sequences();
      const out = await outstanding(candidates.length);
      if (out > candidates.length) {
        // Whatever arrived while JetStream counted may be what it counted: count again at once then.
        if (held.size === candidates.length) await nextWake(backoffDelay(recounts++, recountBackoff));
        continue;
      }
      if (out < candidates.length) {
        // Something held is no longer this session's; which one cannot be told, so all go back and come again.
        logger.warn({ consumer: durableName, out, held: held.size }, 'held integration messages miscounted');
        for (const message of held.drain()) await options.returnUnstarted(message);
        continue;
      }
      recounts = 0;
      held.settle(await options.batches.process(held.take(candidates)));
    }
  } finally {
    accepting = false;
    clearInterval(keepAlive);
    signal.removeEventListener('abort', onAbort);
    messages.stop();
    await messages.closed();
    for (const message of held.drain()) await options.returnUnstarted(message);
  }
  if (ended?.error) throw ended.error;
}
