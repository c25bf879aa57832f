/** Newest first, as every tenancy list orders: createdAt, then id, both descending. */
export function newestFirst<Item extends { createdAt: string; id: string }>(items: readonly Item[]): Item[] {
  const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  return [...items].sort((a, b) => descending(a.createdAt, b.createdAt) || descending(a.id, b.id));
}
