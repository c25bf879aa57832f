import { cn } from '@app/ui';
import type { ReactNode } from 'react';

/**
 * One row of a card's list (invoices, subscriptions): its heading and a muted detail line on the left, the
 * row's figures and badge after them, wrapping below on a phone.
 */
export function ListRow({
  heading,
  detail,
  headingClassName,
  children,
}: {
  heading: ReactNode;
  detail: ReactNode;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4">
      <div className="min-w-0 flex-1">
        <h3 className={cn('font-semibold', headingClassName)}>{heading}</h3>
        <p className="text-sm text-muted-foreground">{detail}</p>
      </div>
      {children}
    </li>
  );
}
