// @vitest-environment happy-dom
import './dom-setup.js';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedList, VirtualList, searchDebounceMs, useDebouncedValue, type PagedRead } from '../src/index.js';

interface Row {
  id: string;
  name: string;
}

const rows = (count: number, from = 0): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: `r${from + index}`, name: `Row ${from + index + 1}` }));

/** A paged read over `all`, `pageSize` at a time, as a `useInfiniteQuery` result would hold it. */
function usePagedRows(all: readonly Row[], pageSize: number): PagedRead<Row> {
  const [loaded, setLoaded] = useState(pageSize);
  const data = all.slice(0, loaded);
  return {
    isPending: false,
    isError: false,
    data,
    hasNextPage: loaded < all.length,
    isFetchingNextPage: false,
    fetchNextPage: () => setLoaded((count) => count + pageSize),
  };
}

function Rows({ all, pageSize }: { all: readonly Row[]; pageSize: number }) {
  const read = usePagedRows(all, pageSize);
  return (
    <PagedList
      read={read}
      label="Rows"
      loadingLabel="Loading rows..."
      emptyText="No rows"
      getKey={(row) => row.id}
      estimateSize={72}
    >
      {(row) => <h3>{row.name}</h3>}
    </PagedList>
  );
}

/**
 * The window scrolled to `y`, as a reader's scroll does: the position moves, then a scroll event. happy-dom lays
 * nothing out; boxes are placed as a browser would place them on a page that starts with the list.
 */
async function scrollWindowTo(y: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => new DOMRect(0, -window.scrollY, 1024, 0),
  );
  await act(async () => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => {
  window.scrollTo(0, 0);
  vi.restoreAllMocks();
});

const drawnRows = () => within(screen.getByRole('list', { name: 'Rows' })).queryAllByRole('listitem');

describe('VirtualList', () => {
  it('keeps the DOM to the rows near the window, however many are loaded', () => {
    render(
      <VirtualList items={rows(5_000)} label="Rows" getKey={(row) => row.id} estimateSize={72}>
        {(row) => <h3>{row.name}</h3>}
      </VirtualList>,
    );
    const drawn = drawnRows();
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(50);
    expect(drawn[0]).toHaveTextContent('Row 1');
    expect(drawn[0]).toHaveAttribute('aria-posinset', '1');
    expect(drawn[0]).toHaveAttribute('aria-setsize', '5000');
    expect(screen.getByRole('list', { name: 'Rows' })).toHaveStyle({ height: `${5_000 * 84 - 12}px` });
  });

  it('draws the rows where the window has scrolled to', async () => {
    render(
      <VirtualList items={rows(5_000)} label="Rows" getKey={(row) => row.id} estimateSize={72}>
        {(row) => <h3>{row.name}</h3>}
      </VirtualList>,
    );
    await scrollWindowTo(84 * 2_000);
    const names = drawnRows().map((row) => row.textContent);
    expect(names).toContain('Row 2001');
    expect(names).not.toContain('Row 1');
    expect(names.length).toBeLessThan(50);
  });
});

describe('PagedList', () => {
  it('reads on with Load more until the last page, keeping the DOM small', async () => {
    const user = userEvent.setup();
    render(<Rows all={rows(5_000)} pageSize={200} />);
    expect(drawnRows()[0]).toHaveAttribute('aria-setsize', '-1');
    for (let page = 1; page < 25; page += 1) {
      await user.click(screen.getByRole('button', { name: 'Load more' }));
    }
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(drawnRows()[0]).toHaveAttribute('aria-setsize', '5000');
    expect(drawnRows().length).toBeLessThan(300);
    expect(document.querySelectorAll('li').length).toBeLessThan(300);
  });

  it('reads the next page by itself once the reader scrolls to the end of what is loaded', async () => {
    render(<Rows all={rows(30)} pageSize={10} />);
    expect(drawnRows()).toHaveLength(10);
    await scrollWindowTo(200);
    expect(drawnRows().length).toBeGreaterThan(10);
  });

  it('shows the loading, error and empty states', () => {
    const base = { hasNextPage: false, isFetchingNextPage: false, fetchNextPage: () => undefined };
    const list = (read: PagedRead<Row>) => (
      <PagedList
        read={read}
        label="Rows"
        loadingLabel="Loading rows..."
        emptyText="No rows"
        getKey={(row) => row.id}
        estimateSize={72}
      >
        {(row) => row.name}
      </PagedList>
    );
    const { rerender } = render(list({ ...base, isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading rows...');
    rerender(list({ ...base, isPending: false, isError: true, error: new Error('HTTP error! status: 500') }));
    expect(screen.getByRole('alert')).toHaveTextContent('HTTP error! status: 500');
    rerender(list({ ...base, isPending: false, isError: false, data: [] }));
    expect(screen.getByText('No rows')).toBeInTheDocument();
  });
});

describe('useDebouncedValue', () => {
  it('answers the value once it has rested for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useDebouncedValue(text), {
      initialProps: { text: '' },
    });
    rerender({ text: 'a' });
    act(() => vi.advanceTimersByTime(searchDebounceMs - 1));
    rerender({ text: 'ab' });
    act(() => vi.advanceTimersByTime(searchDebounceMs - 1));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
  });
});
