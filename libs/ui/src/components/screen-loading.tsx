import { ListLoading } from './list-states.js';
import { Skeleton } from './skeleton.js';

/**
 * A whole screen's place while its code arrives (a remote's screens load on first use): a heading and list rows
 * in skeleton at the width the screens use, so the page neither flashes blank nor jumps when the screen draws.
 */
export function ScreenLoading({ label = 'Loading page...' }: { label?: string }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6">
      <Skeleton className="h-9 w-64 max-w-full" />
      <ListLoading label={label} rows={4} />
    </div>
  );
}
