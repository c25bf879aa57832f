import type { JsMsg } from '@nats-io/jetstream';

/**
 * The deliveries a consumer holds unacknowledged between fetching and applying them (consumer-session.ts), by
 * stream sequence. A held delivery is kept from timing out with `working()`, so that JetStream gives it to nobody
 * else while it is held: the consumer's count of them is then exactly its part of what JetStream has out.
 */
export interface HeldMessages {
  /** Held and not taken. */
  readonly size: number;
  /** A delivery arrived; a newer delivery of a held sequence replaces the older. */
  add(message: JsMsg, now: number): void;
  /** The sequences held now, in stream order. */
  sequences(): number[];
  /** The held deliveries of `sequences`, in stream order, taken to be applied until `settle`. */
  take(sequences: readonly number[]): JsMsg[];
  /**
   * The taken deliveries are applied but `again`, which are held once more (by their newest delivery). Any other
   * sequence delivered again while it was taken is not held: its ack or nak by sequence settled that delivery too.
   */
  settle(again: readonly JsMsg[]): void;
  /** Resets JetStream's ack timer of every held and taken delivery. */
  keepAlive(now: number): void;
  /**
   * Forgets deliveries whose timer may have run out (this process stalled longer than `ackWaitMs` since it last
   * kept them alive): JetStream may have given them to someone else, so holding them would miscount. They come
   * again if not.
   */
  dropStale(now: number, ackWaitMs: number): number;
  /** Empties it: every held and taken delivery, for giving back. */
  drain(): JsMsg[];
}

interface Held {
  message: JsMsg;
  keptAt: number;
}

export function createHeldMessages(): HeldMessages {
  const held = new Map<number, Held>();
  let taken = new Map<number, Held>();
  /** Newer deliveries of taken sequences, in case one is held again. */
  let takenAgain = new Map<number, Held>();

  return {
    get size() {
      return held.size;
    },
    add(message, now) {
      (taken.has(message.seq) ? takenAgain : held).set(message.seq, { message, keptAt: now });
    },
    sequences() {
      return [...held.keys()].sort((a, b) => a - b);
    },
    take(sequences) {
      const batch: JsMsg[] = [];
      for (const seq of [...sequences].sort((a, b) => a - b)) {
        const entry = held.get(seq);
        if (!entry) continue;
        held.delete(seq);
        taken.set(seq, entry);
        batch.push(entry.message);
      }
      return batch;
    },
    settle(again) {
      for (const message of again) {
        const entry = takenAgain.get(message.seq) ?? taken.get(message.seq);
        if (entry) held.set(message.seq, entry);
      }
      taken = new Map();
      takenAgain = new Map();
    },
    keepAlive(now) {
      for (const entry of [...held.values(), ...taken.values(), ...takenAgain.values()]) {
        entry.message.working();
        entry.keptAt = now;
      }
    },
    dropStale(now, ackWaitMs) {
      let dropped = 0;
      for (const [seq, entry] of held) {
        if (now - entry.keptAt < ackWaitMs) continue;
        held.delete(seq);
        dropped += 1;
      }
      return dropped;
    },
    drain() {
      const all = [...held.values(), ...taken.values()].map((entry) => entry.message);
      held.clear();
      taken = new Map();
      takenAgain = new Map();
      return all.sort((a, b) => a.seq - b.seq);
    },
  };
}
