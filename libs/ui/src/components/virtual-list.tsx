import { measureElement, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cn } from '../lib/cn.js';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  getKey: (item: T) => string;
  /** A row's usual height in pixels, before it is measured. */
  estimateSize: number;
  /** The space between rows (and lanes), in pixels. */
  gap?: number;
  /** Columns the rows are laid out in, each row going to the shortest one (the catalogue's card grid). */
  lanes?: number;
  /** More items exist beyond `items` (a paged list with a next page). */
  hasMore?: boolean;
  /** The reader has scrolled to the last rows and more exist: read the next page. */
  onEndReached?: () => void;
  className?: string;
  children: (item: T) => ReactNode;
}

/** Rows drawn beyond the window's edges, so a quick scroll does not show blank space. */
const overscan = 8;

/**
 * A list of any length whose DOM holds only the rows in and near the window (ARCHITECTURE.md "Decisions for
 * growth": long lists render virtualised), as a `ul` of `li` rows positioned in a box of the whole list's
 * height. The page itself scrolls, so the list sits in the page like any other. Rows are measured as they
 * appear, so they may wrap or expand.
 */
export function VirtualList<T>({
  items,
  label,
  getKey,
  estimateSize,
  gap = 12,
  lanes = 1,
  hasMore = false,
  onEndReached,
  className,
  children,
}: VirtualListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useOffsetInPage(listRef);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    gap,
    lanes,
    overscan,
    scrollMargin,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
    // A row with no size (not laid out yet, or a DOM without layout) keeps its estimate rather than count as 0.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || estimateSize,
  });
  const rows = virtualizer.getVirtualItems();
  const laneWidth = `calc((100% - ${(lanes - 1) * gap}px) / ${lanes})`;
  useEndReached(virtualizer, rows.at(-1)?.index, items.length, hasMore, onEndReached);

  return (
    <ul
      ref={listRef}
      aria-label={label}
      className={cn('relative', className)}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => {
        const item = items[row.index];
        if (item === undefined) return null;
        return (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            aria-posinset={row.index + 1}
            aria-setsize={hasMore ? -1 : items.length}
            className="absolute top-0"
            style={{
              width: laneWidth,
              left: `calc((${laneWidth} + ${gap}px) * ${row.lane})`,
              transform: `translateY(${row.start - scrollMargin}px)`,
            }}
          >
            {children(item)}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Where the list starts in the page: the window's scroll position is measured from the page's top. Measured again
 * whenever the page's height changes (content above loads, a row expands), as the list may then have moved.
 */
function useOffsetInPage(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOffset(Math.round(element.getBoundingClientRect().top + window.scrollY));
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/**
 * Infinite scroll: once the reader has scrolled and the last row drawn is the last one loaded, ask for more. A
 * list that has not been scrolled waits for Load more, so opening a page reads one page, not every page that
 * happens to fit.
 */
function useEndReached(
  virtualizer: Virtualizer<Window, Element>,
  lastDrawn: number | undefined,
  loaded: number,
  hasMore: boolean,
  onEndReached: (() => void) | undefined,
) {
  const scrolled = (virtualizer.scrollOffset ?? 0) > 0;
  useEffect(() => {
    if (hasMore && scrolled && lastDrawn !== undefined && lastDrawn >= loaded - 1) onEndReached?.();
  }, [hasMore, scrolled, lastDrawn, loaded, onEndReached]);
}
