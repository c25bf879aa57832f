import { comparePositions, type Position } from '../event-store.js';

/** How long a head read from the log stands for a category no caught-up subscription of this process follows. */
export const unfollowedHeadTtlMs = 1_000;

interface ReadHead {
  position: Position | 'start';
  readAt: number;
}

export interface HeadTrackerOptions {
  /** The newest event of one category in the log: one filtered read backwards from the end. */
  readNewest(category: string): Promise<Position | 'start'>;
  now?: () => number;
}

/**
 * The newest event of each category, for headPosition and the readiness lag. $all has no index by category,
 * so the log is read for a category once, and then only again while no subscription of this process that has
 * caught up follows it: a live subscription sees every new event of its categories, and appends made here are
 * noted as they succeed. A service's projections and relay follow all its categories, so its readiness probes do
 * not scan the log. Reads in flight are shared, so slow ones never pile up (the bridge cannot cancel a read).
 */
export class HeadTracker {
  /** What the log said when last read. */
  readonly #read = new Map<string, ReadHead>();
  /** The newest event seen since: by a subscription, or appended by this process. */
  readonly #noted = new Map<string, Position>();
  readonly #followers = new Map<string, number>();
  readonly #reads = new Map<string, Promise<Position | 'start'>>();

  constructor(private readonly options: HeadTrackerOptions) {}

  /** An event of `category` at `position` exists (seen by a subscription, or appended by this process). */
  noteEvent(category: string, position: Position): void {
    const noted = this.#noted.get(category);
    if (!noted || comparePositions(position, noted) > 0) this.#noted.set(category, position);
  }

  /** A subscription over `categories` caught up and follows them live, until the returned function is called. */
  follow(categories: readonly string[]): () => void {
    for (const category of categories)
      this.#followers.set(category, (this.#followers.get(category) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const category of categories)
        this.#followers.set(category, (this.#followers.get(category) ?? 1) - 1);
    };
  }

  /** The newest event of any of the categories; `start` when none has one. */
  async head(categories: readonly string[]): Promise<Position | 'start'> {
    const heads = await Promise.all(categories.map((category) => this.#headOf(category)));
    return heads.reduce<Position | 'start'>(
      (newest, head) => (comparePositions(head, newest) > 0 ? head : newest),
      'start',
    );
  }

  async #headOf(category: string): Promise<Position | 'start'> {
    const now = (this.options.now ?? Date.now)();
    let read = this.#read.get(category);
    const followed = (this.#followers.get(category) ?? 0) > 0;
    if (!read || (!followed && now - read.readAt >= unfollowedHeadTtlMs)) {
      read = { position: await this.#readShared(category), readAt: now };
      this.#read.set(category, read);
    }
    // Events noted meanwhile may be newer than what the log said.
    const noted = this.#noted.get(category) ?? 'start';
    return comparePositions(noted, read.position) > 0 ? noted : read.position;
  }

  #readShared(category: string): Promise<Position | 'start'> {
    let read = this.#reads.get(category);
    if (!read) {
      read = this.options.readNewest(category).finally(() => this.#reads.delete(category));
      this.#reads.set(category, read);
    }
    return read;
  }
}
