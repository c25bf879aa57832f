import { Loader2Icon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.js';

export interface SpinnerProps extends ComponentProps<'div'> {
  /** Announced to screen readers (role="status"); shown only to them unless `showLabel`. */
  label?: string;
  showLabel?: boolean;
}

export function Spinner({ className, label = 'Loading...', showLabel = false, ...props }: SpinnerProps) {
  return (
    <div
      role="status"
      data-slot="spinner"
      className={cn('flex items-center justify-center gap-2 text-muted-foreground', className)}
      {...props}
    >
      <Loader2Icon
        className="size-6 animate-spin text-primary motion-reduce:animate-none"
        aria-hidden="true"
      />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </div>
  );
}
