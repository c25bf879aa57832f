import type { Subscription } from '@app/contracts';
import type { QueryClient, QueryKey } from '@app/query';

/** The fields of a subscription a write elsewhere has changed, by the writer's word. */
export interface SubscriptionChange {
  subscriptionId: string;
  changes: Partial<Pick<Subscription, 'plan' | 'amount'>>;
}

type Row = { id?: unknown };
type Pages = { pages: { items: Row[] }[] };

const isRowList = (data: unknown): data is Row[] => Array.isArray(data);
const isPages = (data: unknown): data is Pages =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as Partial<Pages>).pages) &&
  (data as Pages).pages.every((page) => Array.isArray(page?.items));

/** `rows` with the subscription changed, or undefined when it is not among them (nothing to write). */
function changedRows<T extends Row>(rows: T[], { subscriptionId, changes }: SubscriptionChange) {
  if (!rows.some((row) => row.id === subscriptionId)) return undefined;
  return rows.map((row) => (row.id === subscriptionId ? { ...row, ...changes } : row));
}

/** A cached list (every page read, or a paged read's pages) with the subscription changed; else undefined. */
function changedData(data: unknown, change: SubscriptionChange): unknown {
  if (isRowList(data)) return changedRows(data, change);
  if (!isPages(data)) return undefined;
  const pages = data.pages.map((page) => {
    const items = changedRows(page.items, change);
    return items ? { ...page, items } : page;
  });
  return pages.some((page, index) => page !== data.pages[index]) ? { ...data, pages } : undefined;
}

/**
 * Shows a change another service made to a subscription in every cached list under `prefixes` that holds it,
 * then marks those lists stale so the next screen to show them asks tenancy again. Tenancy hears of the change
 * through billing's event a moment after billing answers, so reading its lists at once could show the old plan.
 */
export function showSubscriptionChange(
  client: QueryClient,
  change: SubscriptionChange,
  prefixes: readonly QueryKey[],
): Promise<unknown> {
  for (const queryKey of prefixes) {
    client.setQueriesData({ queryKey }, (data: unknown) => changedData(data, change));
  }
  return Promise.all(prefixes.map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'none' })));
}
