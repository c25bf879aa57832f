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
