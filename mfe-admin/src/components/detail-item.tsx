import type { ReactNode } from 'react';

/** One read-only field of a card's view mode: a term and its value in a description list. */
export function DetailItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
