import { ListRead, type ReadResult } from '@app/ui';
import { Fragment, type ReactNode } from 'react';

interface QueryListProps<T extends { id: string }> {
  /** The read whose loading and error states the list shows. */
  query: ReadResult<unknown>;
  /** What the read yields to list, once it has answered (all of it, or a part derived from it). */
  items: readonly T[] | undefined;
  /** The list's accessible name. */
  label: string;
  loadingLabel: string;
  emptyText: string;
  loadingRows?: number;
  className?: string;
  children: (item: T) => ReactNode;
}

/** A read's loading, error and empty states, then its items as a named list. */
export function QueryList<T extends { id: string }>({
  query,
  items,
  label,
  loadingLabel,
  emptyText,
  loadingRows,
  className = 'grid gap-3',
  children,
}: QueryListProps<T>) {
  return (
    <ListRead read={query} loadingLabel={loadingLabel} loadingRows={loadingRows}>
      {() =>
        !items || items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul aria-label={label} className={className}>
            {items.map((item) => (
              <Fragment key={item.id}>{children(item)}</Fragment>
            ))}
          </ul>
        )
      }
    </ListRead>
  );
}
