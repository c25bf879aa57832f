import { cn, focusRing } from '@app/ui';
import type { ReactNode } from 'react';

/** A name in an entry that narrows the trail to it when pressed: who did it, or what it was done to. */
export function FilterButton({
  label,
  onClick,
  children,
}: {
  /** What pressing does, for screen readers ("Only entries by Alex Admin"). */
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={cn('rounded-sm text-left font-medium underline-offset-4 hover:underline', focusRing)}
    >
      {children}
    </button>
  );
}
