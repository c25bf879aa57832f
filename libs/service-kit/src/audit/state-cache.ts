/**
 * The state of recently seen streams after their latest event, kept so the audit relay folds each stream once:
 * it meets a stream's events in order, so the state before one is nearly always the state after the one it met
 * last. Bounded: the least recently used stream goes first, and is folded from its stream again if it comes back.
 */
export class StateCache<State> {
  private readonly entries = new Map<string, { revision: number; state: State }>();

  constructor(private readonly maxStreams: number) {}

  /** The state after `revision` of the stream, if that is the one kept. */
  after(stream: string, revision: number): State | undefined {
    const entry = this.entries.get(stream);
    if (entry === undefined || entry.revision !== revision) return undefined;
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    return entry.state;
  }

  keep(stream: string, revision: number, state: State): void {
    this.entries.delete(stream);
    this.entries.set(stream, { revision, state });
    if (this.entries.size > this.maxStreams) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }
}
