import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
} from '@app/query';
import { ApiError } from '../api-error.js';
import type { ErrorMessage } from '../http.js';
import { readPage, type Page } from './page.js';

export interface PagedReadOptions {
  errorMessage?: ErrorMessage;
  /** SPEC.md §7 reads a tenant's failed subscriptions answer as empty: an error answer ends the list there. */
  errorAnswerEndsList?: boolean;
}

/**
 * A paged list as an infinite query: the first page is read from `firstAddress`, each further one from the
 * previous page's `next`, so the page parameter is always the address to read.
 */
export function pagedQuery<T>(
  queryKey: QueryKey,
  firstAddress: string,
  { errorMessage, errorAnswerEndsList = false }: PagedReadOptions = {},
) {
  const read = async (address: string): Promise<Page<T>> => {
    try {
      return await readPage<T>(address, errorMessage);
    } catch (error) {
      if (errorAnswerEndsList && error instanceof ApiError) return { items: [], next: null };
      throw error;
    }
  };
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => read(pageParam),
    initialPageParam: firstAddress,
    getNextPageParam: (last: Page<T>) => last.next ?? undefined,
  });
}

/** Every item of the pages read so far, in order. */
export function itemsOf<T>(data: InfiniteData<Page<T>>): T[] {
  return data.pages.flatMap((page) => page.items);
}

/**
 * What a screen holds of a paged list: `data` is the items read so far; `hasNextPage` and `fetchNextPage` read
 * on (Load more, or the end of a scrolled list).
 */
export type PagedListResult<T> = UseInfiniteQueryResult<T[], Error>;

interface PagedListOptions {
  /** False holds the read back (a collapsed row, nobody signed in). */
  enabled?: boolean;
}

/**
 * Reads a paged list. While new filters' first page loads, the previous filters' items stay in place (marked by
 * `isPlaceholderData`), so a search box does not blank the list at every keystroke.
 */
export function usePagedList<T>(
  options: ReturnType<typeof pagedQuery<T>>,
  { enabled = true }: PagedListOptions = {},
): PagedListResult<T> {
  return useInfiniteQuery({ ...options, enabled, select: itemsOf<T>, placeholderData: keepPreviousData });
}
