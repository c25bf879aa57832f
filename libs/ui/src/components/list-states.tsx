import type { ReactNode } from 'react';
import { Skeleton } from './skeleton.js';

/** A list's loading placeholder: skeleton rows, announced once to screen readers. */
export function ListLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="grid gap-3">
      <p role="status" className="sr-only">
        {label}
      </p>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** A failed read shows the data layer's message as it is (SPEC.md §8 sets its format). */
export function ListError({ error }: { error: Error }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      {error.message}
    </p>
  );
}

/** Where a read stands: still pending, failed, or answered. A `useQuery` result is one. */
export type ReadResult<T> =
  | { isPending: true }
  | { isPending: false; isError: true; error: Error }
  | { isPending: false; isError: false; data: T };

/** A list's read: `ListLoading` while it is pending, `ListError` if it failed, else what its data draws. */
export function ListRead<T>({
  read,
  loadingLabel,
  loadingRows,
  children,
}: {
  read: ReadResult<T>;
  loadingLabel: string;
  loadingRows?: number;
  children: (data: T) => ReactNode;
}) {
  if (read.isPending) return <ListLoading label={loadingLabel} rows={loadingRows} />;
  if (read.isError) return <ListError error={read.error} />;
  return children(read.data);
}
