import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';

/**
 * A placeholder block while data loads. Hidden from screen readers: the page announces loading once, with a
 * `Spinner` or a visually hidden status, rather than once per block.
 */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}
