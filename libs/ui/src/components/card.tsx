import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';
import { withClassName } from '../lib/with-class-name.js';

export const Card = withClassName(
  'div',
  'card',
  'rounded-xl border border-border bg-card text-card-foreground shadow-card',
);

export const CardHeader = withClassName('div', 'card-header', 'flex flex-col gap-1.5 p-6');

/** A heading (h3) so screen-reader users can jump between cards; `asChild` picks another level. */
export function CardTitle({
  className,
  asChild = false,
  ...props
}: ComponentProps<'h3'> & { asChild?: boolean }) {
  const Component = asChild ? Slot : 'h3';
  return (
    <Component
      data-slot="card-title"
      className={cn('text-lg leading-tight font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export const CardDescription = withClassName('p', 'card-description', 'text-sm text-muted-foreground');

export const CardContent = withClassName('div', 'card-content', 'p-6 pt-0');

export const CardFooter = withClassName('div', 'card-footer', 'flex items-center p-6 pt-0');
