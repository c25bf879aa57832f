import { cn } from '@app/ui';
import { Link } from '@app/routing';
import type { ComponentProps } from 'react';

/** An in-app link set as text (View Details, Monitor), as the lists show them. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn('text-sm font-medium text-primary underline-offset-4 hover:underline', className)}
      {...props}
    />
  );
}
