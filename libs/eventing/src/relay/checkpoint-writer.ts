import type pg from 'pg';
import type { Position } from '../event-store.js';
import { formatPosition, writeCheckpoint } from '../checkpoints.js';
import type { EventingLogger } from '../logger.js';

export interface CheckpointWriterOptions {
  pool: pg.Pool;
  schema: string;
  name: string;
  everyEvents: number;
  everyMs: number;
  logger: EventingLogger;
  /** EventStore.storeId(), recorded with the checkpoint. */
  store: string;
  beforeWrite?: (position: Position) => Promise<void> | void;
}

/**
 * Writes the relay's checkpoint every `everyEvents` published events or `everyMs` after the first unwritten
 * one, and on flush(). Batching trades a republished window after a crash (which JetStream's duplicate window
 * absorbs) for not paying a Postgres write per published event. A failed write is logged and retried on the
 * next tick; it never stops publishing, because a lagging checkpoint only means a longer republished window.
 */
export class CheckpointWriter {
  #pending: Position | null = null;
  #sinceWrite = 0;
  #timer: NodeJS.Timeout | undefined;
  #chain: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(private readonly options: CheckpointWriterOptions) {}

  /** Records a published position; resolves once written when this one completes a batch. */
  advance(position: Position): Promise<void> {
    this.#pending = position;
    this.#sinceWrite += 1;
    if (this.#sinceWrite >= this.options.everyEvents) return this.flush();
    this.#arm();
    return Promise.resolve();
  }

  /** Writes whatever is pending; never rejects. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#chain = this.#chain.then(() => this.#write());
    return this.#chain;
  }

  async #write(): Promise<void> {
    const position = this.#pending;
    if (!position) return;
    this.#sinceWrite = 0;
    try {
      await this.options.beforeWrite?.(position);
      const { pool, schema, name, store } = this.options;
      await writeCheckpoint(pool, schema, name, position, store);
      if (this.#pending === position) this.#pending = null;
    } catch (error) {
      this.options.logger.error(
        { err: error, checkpoint: this.options.name, position: formatPosition(position) },
        'relay checkpoint write failed; retrying later',
      );
      this.#arm();
    }
  }

  #arm(): void {
    if (this.#timer || this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, this.options.everyMs);
    this.#timer.unref();
  }

  /** Stops the timer; call after the last flush(). */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
