import { randomUUID } from 'node:crypto';
import { jsonEvent, NO_STREAM } from '@kurrent/kurrentdb-client';
import type { ReadContext } from './kurrent-reads.js';
import { isStreamNotFound, mapKurrentError } from './kurrent-errors.js';

/**
 * A stream of its own holds the store's identity: KurrentDB exposes no id of its own to clients. It is written
 * once, by whichever process first needs it, and read from the leader so every process sees the same one. A
 * restored backup keeps it, which is right: its positions are the same log's.
 */
export const storeIdStream = 'eventstore_identity-0';

export async function readOrCreateStoreId(context: ReadContext): Promise<string> {
  const existing = await readStoreId(context);
  if (existing) return existing;
  const id = randomUUID();
  try {
    await context
      .client()
      .appendToStream(storeIdStream, [jsonEvent({ type: 'StoreIdentified', data: { id } })], {
        streamState: NO_STREAM,
      });
    return `kurrentdb:${id}`;
  } catch (error) {
    // Another process wrote it first: read theirs.
    if ((error as { type?: unknown } | null)?.type !== 'wrong-expected-version') {
      throw mapKurrentError(error, { target: context.target, stream: storeIdStream });
    }
    const written = await readStoreId(context);
    if (!written) throw new Error(`${storeIdStream} exists but holds no store id`);
    return written;
  }
}

async function readStoreId(context: ReadContext): Promise<string | undefined> {
  try {
    for await (const resolved of context
      .client()
      .readStream(storeIdStream, { maxCount: 1, requiresLeader: true })) {
      const id = (resolved.event?.data as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') return `kurrentdb:${id}`;
    }
    return undefined;
  } catch (error) {
    if (isStreamNotFound(error)) return undefined;
    throw mapKurrentError(error, { target: context.target, stream: storeIdStream });
  }
}
