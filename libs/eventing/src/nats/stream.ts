import { nanos } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
  type StreamInfo,
} from '@nats-io/jetstream';

export interface StreamOptions {
  /** `CATALOG` in production, `<testPrefix>_CATALOG` in tests. */
  name: string;
  /** `catalog.>` in production, `<testPrefix>.catalog.>` in tests. */
  subjects: readonly string[];
  /** 1 locally; 3 in production (ARCHITECTURE.md "Messaging"). */
  replicas?: number | undefined;
  /**
   * How long JetStream remembers a Nats-Msg-Id. It must outlast the relay's checkpoint interval plus a restart,
   * or a relay that crashed after publishing would publish its unchecked window twice. Default 2 minutes.
   */
  duplicateWindowMs?: number;
  /** Retention by age; default 0 = keep everything (consumers created later deliver from the beginning). */
  maxAgeMs?: number;
}

export const defaultDuplicateWindowMs = 2 * 60_000;

/**
 * Creates the stream or brings an existing one to this configuration; safe to run from every instance at every
 * start. Storage is always file: a memory stream loses every event on a NATS restart. Note that fsync on every
 * write (`sync_interval: always`, which production needs) is a server setting in NATS ≤ 2.11, set in the NATS
 * server configuration rather than here.
 */
export async function ensureStream(jsm: JetStreamManager, options: StreamOptions): Promise<StreamInfo> {
  const wanted = {
    subjects: [...options.subjects],
    num_replicas: options.replicas ?? 1,
    duplicate_window: nanos(options.duplicateWindowMs ?? defaultDuplicateWindowMs),
    max_age: nanos(options.maxAgeMs ?? 0),
  } satisfies Partial<StreamConfig>;
  const existing = await streamInfo(jsm, options.name);
  if (!existing) {
    try {
      return await jsm.streams.add({
        name: options.name,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        ...wanted,
      });
    } catch (error) {
      // Another instance created it between our lookup and our add: fall through to the update path.
      const raced = await streamInfo(jsm, options.name);
      if (!raced) throw error;
      return updateIfChanged(jsm, raced, wanted);
    }
  }
  if (existing.config.storage !== StorageType.File) {
    throw new Error(`stream ${options.name} exists with ${existing.config.storage} storage; it must be file`);
  }
  return updateIfChanged(jsm, existing, wanted);
}

async function updateIfChanged(
  jsm: JetStreamManager,
  info: StreamInfo,
  wanted: Pick<StreamConfig, 'subjects' | 'num_replicas' | 'duplicate_window' | 'max_age'>,
): Promise<StreamInfo> {
  const config = info.config;
  const same =
    sameSubjects(config.subjects ?? [], wanted.subjects) &&
    config.num_replicas === wanted.num_replicas &&
    config.duplicate_window === wanted.duplicate_window &&
    config.max_age === wanted.max_age;
  return same ? info : jsm.streams.update(config.name, wanted);
}

function sameSubjects(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

async function streamInfo(jsm: JetStreamManager, name: string): Promise<StreamInfo | null> {
  try {
    return await jsm.streams.info(name);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return null;
    throw error;
  }
}
