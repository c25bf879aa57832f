import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';

/**
 * One row of a card's list (invoices, subscriptions, users, tenants): its heading and a muted detail line on the
 * left, the row's figures, badge and link after them, wrapping below on a phone. In a `VirtualList`, which draws
 * the `li` itself, the row is a `div`.
 */
export function ListRow({
  heading,
  detail,
  headingClassName,
  detailClassName,
  as: Row = 'li',
  children,
}: {
  heading: ReactNode;
  detail: ReactNode;
  headingClassName?: string;
  detailClassName?: string;
  as?: 'li' | 'div';
  children: ReactNode;
}) {
  return (
    <Row className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
      {/* A minimum width wraps the badges and buttons below a long name on a phone instead of over it. */}
      <div className="min-w-40 flex-1">
        <h3 className={cn('font-semibold break-words', headingClassName)}>{heading}</h3>
        <p className={cn('text-sm text-muted-foreground', detailClassName)}>{detail}</p>
      </div>
      {children}
    </Row>
  );
}
