/**
 * An in-memory model of a KurrentDB log, for the fake transport (fake-transport.ts): what the server decides
 * for an append and what it has for reads and subscriptions. It models only what the adapter relies on, each
 * rule after the server source named beside it; it is not a KurrentDB.
 */

export interface LoggedEvent {
  stream: string;
  revision: bigint;
  id: string;
  type: string;
  isJson: boolean;
  data: Uint8Array;
  metadata: Uint8Array;
  /** Milliseconds since the epoch, as the server keeps it (in ticks, which keep milliseconds). */
  createdMs: number;
  position: { commit: bigint; prepare: bigint };
}

export interface ProposedEvent {
  id: string;
  type: string;
  isJson: boolean;
  data: Uint8Array;
  metadata: Uint8Array;
}

export type Expected = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type AppendOutcome =
  | { kind: 'written'; revision: bigint; position: { commit: bigint; prepare: bigint } }
  /** Same ids appended again: acknowledged, nothing written (Streams.Append.cs: NoPosition when CommitPosition is -1). */
  | { kind: 'idempotent'; revision: bigint }
  | { kind: 'wrong-expected-version'; current: bigint | undefined }
  | { kind: 'deleted' };

const encoder = new TextEncoder();

export function jsonBytes(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

export class FakeLog {
  readonly events: LoggedEvent[] = [];
  readonly #tombstoned = new Set<string>();
  /** Soft-deleted streams: the `$tb` their metadata got. */
  readonly #truncatedBefore = new Map<string, bigint>();
  readonly #listeners = new Set<(event: LoggedEvent) => void>();
  /** Log positions grow by a record's size; the first records of a real log are the server's own. */
  #nextPosition = 1_000n;
  now = (): number => Date.now();

  onWrite(listener: (event: LoggedEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  currentRevision(stream: string): bigint | undefined {
    return this.events.findLast((event) => event.stream === stream)?.revision;
  }

  /** What a stream read returns: nothing before a soft delete's `$tb`. */
  visible(stream: string): LoggedEvent[] {
    const truncated = this.#truncatedBefore.get(stream) ?? -1n;
    return this.events.filter((event) => event.stream === stream && event.revision >= truncated);
  }

  isTombstoned(stream: string): boolean {
    return this.#tombstoned.has(stream);
  }

  truncatedBefore(stream: string): bigint | undefined {
    return this.#truncatedBefore.get(stream);
  }

  /** Soft delete: `$tb` past the last event, so reads find nothing and an append continues the revisions. */
  softDelete(stream: string): void {
    this.#truncatedBefore.set(stream, (this.currentRevision(stream) ?? -1n) + 1n);
  }

  tombstone(stream: string): void {
    this.#tombstoned.add(stream);
  }

  /** The server's expected-version check (Streams.Append.cs → WriteEvents, the index writer's commit check). */
  append(stream: string, expected: Expected, proposed: readonly ProposedEvent[]): AppendOutcome {
    if (this.#tombstoned.has(stream)) return { kind: 'deleted' };
    const current = this.currentRevision(stream);
    if (this.#isRetry(stream, expected, proposed)) {
      const last = this.events.find((event) => event.stream === stream && event.id === proposed.at(-1)!.id)!;
      return { kind: 'idempotent', revision: last.revision };
    }
    const softDeleted = this.#truncatedBefore.has(stream) && this.visible(stream).length === 0;
    const allowed =
      expected === 'any' ||
      (expected === 'no_stream' && (current === undefined || softDeleted)) ||
      (expected === 'stream_exists' && current !== undefined) ||
      (typeof expected === 'bigint' && expected === current);
    if (!allowed) return { kind: 'wrong-expected-version', current };
    return this.write(stream, proposed);
  }

  /** Stores events as they are, without checks: also how a test puts a malformed event in the log. */
  write(stream: string, proposed: readonly ProposedEvent[]): AppendOutcome & { kind: 'written' } {
    let revision = this.currentRevision(stream) ?? -1n;
    let written: LoggedEvent | undefined;
    for (const event of proposed) {
      revision += 1n;
      const position = { commit: this.#nextPosition, prepare: this.#nextPosition };
      this.#nextPosition += 100n;
      written = { ...event, stream, revision, createdMs: this.now(), position };
      this.events.push(written);
      for (const listener of this.#listeners) listener(written);
    }
    return { kind: 'written', revision, position: written!.position };
  }

  /** The same ids at the revisions the expected version puts them (the commit check's idempotency). */
  #isRetry(stream: string, expected: Expected, proposed: readonly ProposedEvent[]): boolean {
    const stored = this.events.filter((event) => event.stream === stream);
    const first = expected === 'no_stream' ? 0n : typeof expected === 'bigint' ? expected + 1n : undefined;
    return proposed.every((event, n) => {
      const at = stored.find((candidate) => candidate.id === event.id);
      return at !== undefined && (first === undefined || at.revision === first + BigInt(n));
    });
  }
}
