import { isUnauthorizedError } from '@app/web-data';

export interface FailedRead {
  /** What could not be read, e.g. "Usage". */
  name: string;
  error: Error | null;
}

/**
 * The failed reads with the data layer's message (SPEC.md §8, "{status}: {text}"). A 401 is left out: the page
 * says "Unauthorized" in a toast and signs in again instead.
 */
export function ReadErrors({ reads }: { reads: readonly FailedRead[] }) {
  const failed = reads.filter(
    (read): read is { name: string; error: Error } => read.error !== null && !isUnauthorizedError(read.error),
  );
  if (failed.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive"
    >
      <ul className="grid gap-1">
        {failed.map(({ name, error }) => (
          <li key={name}>
            {name} could not be loaded: {error.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
