import { afterAll, beforeAll } from 'vitest';

/**
 * What `start` makes, made before the file's tests and closed after them (or a describe block's, called in one).
 * The object is answered at once and filled in by `beforeAll`, so a test uses it as it would the started one
 * (`h.app`, `h.pool`); `start` answers a plain object, whose fields are copied over.
 */
export function startedForFile<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  const started: Partial<T> = {};
  beforeAll(async () => {
    Object.assign(started, await start());
  });
  afterAll(async () => {
    await started.close?.();
  });
  return started as T;
}
