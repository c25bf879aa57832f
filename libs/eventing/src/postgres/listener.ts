import pg from 'pg';
import { backoffDelay } from '@app/retry';
import type { EventStoreLogger } from '../event-store.js';

/**
 * Reconnecting after a failure, 200 ms doubling to 5 s. Unjittered: one connection per store and process, and
 * subscriptions poll meanwhile, so nothing waits on it.
 */
const reconnectBackoff = { baseMs: 100, maxMs: 5_000, jitter: false };

/** One subscription's view of the shared LISTEN connection. */
export interface Waiter {
  /** Forgets earlier wake-ups. Call right before reading, so a notification that arrives mid-read is kept. */
  arm(): void;
  /** Resolves on a notification for one of the categories since `arm()`, after `timeoutMs`, or on abort. */
  wait(timeoutMs: number, signal: AbortSignal): Promise<void>;
  unregister(): void;
}

export interface NotificationListener {
  register(categories: readonly string[]): Waiter;
  close(): Promise<void>;
}

interface Registration {
  categories: ReadonlySet<string>;
  wake(): void;
}

/**
 * One dedicated connection LISTENs for a store's append notifications (payload: the category) and wakes the
 * subscriptions interested in it. It is opened with the first subscription and closed with the last, outside
 * the pool so it never takes a pool slot. If it drops it reconnects with backoff and wakes everyone, since
 * notifications sent in between are lost; subscriptions keep polling meanwhile, so nothing is missed.
 */
export function createNotificationListener(
  poolOptions: pg.PoolConfig,
  channel: string,
  logger?: EventStoreLogger,
): NotificationListener {
  const registrations = new Set<Registration>();
  let client: pg.Client | undefined;
  let connecting = false;
  let closed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const wakeAll = (): void => registrations.forEach((registration) => registration.wake());

  const wanted = (): boolean => !closed && registrations.size > 0;

  const drop = (dropped: pg.Client): void => {
    if (client !== dropped) return;
    client = undefined;
    dropped.end().catch(() => undefined);
    scheduleConnect();
  };

  const scheduleConnect = (): void => {
    if (!wanted() || client || connecting || retryTimer) return;
    const delay = failures === 0 ? 0 : backoffDelay(failures, reconnectBackoff);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref();
  };

  const connect = async (): Promise<void> => {
    if (!wanted() || client || connecting) return;
    connecting = true;
    const candidate = new pg.Client(poolOptions);
    candidate.on('notification', (message) => {
      registrations.forEach((registration) => {
        if (message.payload !== undefined && registration.categories.has(message.payload))
          registration.wake();
      });
    });
    candidate.on('error', (error) => {
      logger?.warn({ err: error, channel }, 'event store LISTEN connection failed; reconnecting');
      drop(candidate);
    });
    candidate.on('end', () => drop(candidate));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      failures = 0;
    } catch (error) {
      failures += 1;
      logger?.warn({ err: error, channel }, 'event store LISTEN connection could not be opened; retrying');
      candidate.end().catch(() => undefined);
      connecting = false;
      scheduleConnect();
      return;
    }
    connecting = false;
    if (!wanted()) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    wakeAll();
  };

  const disconnectIfIdle = (): void => {
    if (wanted()) return;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const current = client;
    client = undefined;
    current?.end().catch(() => undefined);
  };

  return {
    register(categories) {
      let notified = false;
      let resolveWait: (() => void) | undefined;
      const registration: Registration = {
        categories: new Set(categories),
        wake() {
          notified = true;
          resolveWait?.();
        },
      };
      registrations.add(registration);
      scheduleConnect();
      return {
        arm() {
          notified = false;
        },
        wait(timeoutMs, signal) {
          if (notified || signal.aborted) return Promise.resolve();
          return new Promise<void>((resolve) => {
            const done = (): void => {
              clearTimeout(timer);
              signal.removeEventListener('abort', done);
              resolveWait = undefined;
              resolve();
            };
            const timer = setTimeout(done, timeoutMs);
            signal.addEventListener('abort', done, { once: true });
            resolveWait = done;
          });
        },
        unregister() {
          registrations.delete(registration);
          resolveWait?.();
          disconnectIfIdle();
        },
      };
    },
    async close() {
      closed = true;
      wakeAll();
      disconnectIfIdle();
    },
  };
}
