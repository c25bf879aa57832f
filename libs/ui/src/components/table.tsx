import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';
import { withClassName } from '../lib/with-class-name.js';

/** A real `table` (headers announced with each cell) that scrolls sideways on a phone instead of squeezing. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export const TableHeader = withClassName('thead', 'table-header', '[&_tr]:border-b');

export const TableBody = withClassName('tbody', 'table-body', '[&_tr:last-child]:border-0');

export const TableFooter = withClassName(
  'tfoot',
  'table-footer',
  'border-t bg-muted/50 font-medium [&>tr]:last:border-b-0',
);

export const TableRow = withClassName(
  'tr',
  'table-row',
  'border-b border-border transition-colors hover:bg-muted/50',
);

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export const TableCell = withClassName('td', 'table-cell', 'p-3 align-middle');

export const TableCaption = withClassName('caption', 'table-caption', 'mt-4 text-sm text-muted-foreground');
