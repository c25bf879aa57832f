/** A checkpoint written against another event store: its position means nothing in this one's log. */
export class ForeignCheckpointError extends Error {
  constructor(
    readonly checkpoint: string,
    readonly writtenBy: string,
    readonly readingFrom: string,
  ) {
    super(
      `Checkpoint ${checkpoint} was written against event store ${writtenBy}, but this process reads ${readingFrom}; ` +
        'its position means nothing there. Rebuild the read model (npm run rebuild -w @app/<service> -- <projection>) ' +
        'or, for a relay, reset its checkpoint (docs/operations.md, "Re-publish from the event store").',
    );
    this.name = 'ForeignCheckpointError';
  }
}
