import type { Position, RecordedEvent } from '../event-store.js';
import type { PositionedBatch } from './projection.js';

type Item = { event: RecordedEvent } | { progress: Position };

/**
 * Opens the subscription the pump reads, in pages (subscribeInPages); `onProgress` goes into its
 * SubscribeOptions.
 */
export type PumpSource = (
  onProgress: (position: Position) => void,
) => AsyncIterable<readonly RecordedEvent[]>;

/**
 * Reads a subscription ahead into a bounded buffer so the consumer can take whatever has arrived as one batch:
 * one event when the system is idle (low latency), up to `max` when it is catching up (one transaction for many
 * events), and the next batch is fetched while the current one is being applied. The store's progress reports
 * (SubscribeOptions.onProgress) are kept in order with the events, so a batch can move the checkpoint past
 * unrelated events the store looked through; consecutive reports keep only the furthest. The buffer stops
 * reading once it holds `capacity` events, so it holds at most that plus one page.
 */
export class EventPump {
  readonly #items: Item[] = [];
  #events = 0;
  #ended = false;
  #failure: { error: unknown } | undefined;
  #wakeTaker: (() => void) | undefined;
  #wakeReader: (() => void) | undefined;
  /** Settles when the subscription has been closed. */
  readonly finished: Promise<void>;

  constructor(
    source: PumpSource,
    private readonly capacity: number,
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', () => this.#wakeReader?.(), { once: true });
    this.finished = this.#read(source((position) => this.#progress(position)));
  }

  /** Called from inside the subscription while it is being read, so it lands after the events it follows. */
  #progress(position: Position): void {
    const last = this.#items.at(-1);
    if (last && 'progress' in last) last.progress = position;
    else this.#items.push({ progress: position });
    this.#wakeTaker?.();
  }

  async #read(source: AsyncIterable<readonly RecordedEvent[]>): Promise<void> {
    try {
      // One step of the subscription per page, not per event: a step costs about a microsecond.
      for await (const page of source) {
        for (const event of page) this.#items.push({ event });
        this.#events += page.length;
        this.#wakeTaker?.();
        while (this.#events >= this.capacity && !this.signal.aborted) {
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

  /**
   * Up to `max` events and the position a reader that applied them may checkpoint at, waiting for at least one
   * event or progress report; null once the subscription ended. Rethrows its failure after what came before it.
   */
  async take(max: number): Promise<PositionedBatch | null> {
    while (this.#items.length === 0 && !this.#ended) {
      await new Promise<void>((resolve) => (this.#wakeTaker = resolve));
    }
    if (this.#items.length === 0) {
      if (this.#failure) throw this.#failure.error;
      return null;
    }
    const events: RecordedEvent[] = [];
    let through: Position | undefined;
    while (this.#items.length > 0) {
      const next = this.#items[0]!;
      if ('event' in next && events.length === max) break;
      this.#items.shift();
      if ('event' in next) {
        events.push(next.event);
        through = next.event.position;
      } else {
        through = next.progress;
      }
    }
    this.#events -= events.length;
    this.#wakeReader?.();
    return { events, through: through! };
  }
}
