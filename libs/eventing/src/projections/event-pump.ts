import type { RecordedEvent } from '../event-store.js';

/**
 * Reads a subscription ahead into a bounded buffer so the consumer can take whatever has arrived as one batch:
 * one event when the system is idle (low latency), up to `max` when it is catching up (one transaction for many
 * events), and the next batch is fetched while the current one is being applied.
 */
export class EventPump {
  readonly #buffer: RecordedEvent[] = [];
  #ended = false;
  #failure: { error: unknown } | undefined;
  #wakeTaker: (() => void) | undefined;
  #wakeReader: (() => void) | undefined;
  /** Settles when the subscription has been closed. */
  readonly finished: Promise<void>;

  constructor(
    source: AsyncIterable<RecordedEvent>,
    private readonly capacity: number,
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', () => this.#wakeReader?.(), { once: true });
    this.finished = this.#read(source);
  }

  async #read(source: AsyncIterable<RecordedEvent>): Promise<void> {
    try {
      for await (const event of source) {
        this.#buffer.push(event);
        this.#wakeTaker?.();
        while (this.#buffer.length >= this.capacity && !this.signal.aborted) {
          await new Promise<void>((resolve) => (this.#wakeReader = resolve));
        }
        if (this.signal.aborted) break;
      }
    } catch (error) {
      this.#failure = { error };
    } finally {
      this.#ended = true;
      this.#wakeTaker?.();
    }
  }

  /** Up to `max` events, waiting for at least one; [] once the subscription ended. Rethrows its failure. */
  async take(max: number): Promise<RecordedEvent[]> {
    while (this.#buffer.length === 0 && !this.#ended) {
      await new Promise<void>((resolve) => (this.#wakeTaker = resolve));
    }
    if (this.#buffer.length === 0 && this.#failure) throw this.#failure.error;
    const batch = this.#buffer.splice(0, max);
    this.#wakeReader?.();
    return batch;
  }
}
