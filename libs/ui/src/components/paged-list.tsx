import type { ReactNode } from 'react';
import { Button } from './button.js';
import { ListError, ListLoading, type ReadResult } from './list-states.js';
import { VirtualList } from './virtual-list.js';

/** A paged read as a screen holds it (a `useInfiniteQuery` result whose data is the items read so far). */
export type PagedRead<T> = ReadResult<T[]> & {
  data?: T[] | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

export interface PagedListProps<T> {
  read: PagedRead<T>;
  /** The list's accessible name. */
  label: string;
  loadingLabel: string;
  emptyText: ReactNode;
  loadingRows?: number;
  getKey: (item: T) => string;
  /** A row's usual height in pixels, before it is measured. */
  estimateSize: number;
  gap?: number;
  /** Only the first page, without Load more (the Admin Dashboard's first 10 tenants). */
  firstPageOnly?: boolean;
  children: (item: T) => ReactNode;
}

type NextPageRead = Pick<PagedRead<unknown>, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

/** Reads a list's next page, unless one is being read already. */
export function readNextPage(read: NextPageRead): void {
  if (read.hasNextPage && !read.isFetchingNextPage) void read.fetchNextPage();
}

/** Load more, while a next page exists; "Loading more..." while it is read. */
export function LoadMoreButton({ read }: { read: NextPageRead }) {
  if (!read.hasNextPage) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="justify-self-center"
      disabled={read.isFetchingNextPage}
      onClick={() => readNextPage(read)}
    >
      {read.isFetchingNextPage ? 'Loading more...' : 'Load more'}
    </Button>
  );
}

/**
 * A paged list (ARCHITECTURE.md "Decisions for growth"): loading, error and empty states, then the items read
 * so far, virtualised, with Load more while a next page exists; scrolling to the end reads it too.
 */
export function PagedList<T>({
  read,
  label,
  loadingLabel,
  emptyText,
  loadingRows,
  getKey,
  estimateSize,
  gap,
  firstPageOnly = false,
  children,
}: PagedListProps<T>) {
  const items = read.data;
  if (items === undefined) {
    if (read.isPending) return <ListLoading label={loadingLabel} rows={loadingRows} />;
    if (read.isError) return <ListError error={read.error} />;
  }
  if (!items || items.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  const more = firstPageOnly ? { ...read, hasNextPage: false } : read;
  return (
    <div className="grid gap-3">
      <VirtualList
        items={items}
        label={label}
        getKey={getKey}
        estimateSize={estimateSize}
        gap={gap}
        hasMore={more.hasNextPage}
        onEndReached={() => readNextPage(more)}
      >
        {children}
      </VirtualList>
      {/* Items are shown, so a failure now is of a later page or a refresh: said under what is shown. */}
      {!read.isPending && read.isError ? <ListError error={read.error} /> : null}
      <LoadMoreButton read={more} />
    </div>
  );
}
