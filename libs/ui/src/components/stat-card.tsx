import type { ComponentType, ReactNode } from 'react';
import { SectionCard } from './card.js';
import { Skeleton } from './skeleton.js';

export interface StatCardProps {
  title: string;
  icon: ComponentType<{ className?: string }>;
  /** Undefined while the figure's read is pending; the card shows a placeholder then. */
  value: ReactNode | undefined;
  note?: ReactNode;
  /** Why the figure's read failed; its message (SPEC.md §8) replaces the note. */
  error?: Error | null;
}

/** One figure of a summary row (dashboards, billing, analytics, tenant details). */
export function StatCard({ title, icon: Icon, value, note, error = null }: StatCardProps) {
  return (
    <SectionCard
      title={title}
      headerClassName="flex flex-row items-center justify-between gap-2 pb-2"
      titleClassName="text-sm font-medium"
      action={<Icon className="size-4 text-muted-foreground" aria-hidden />}
    >
      <div className="text-2xl font-bold">
        {value !== undefined ? (
          value
        ) : error ? (
          <span className="text-base font-medium text-muted-foreground">Unavailable</span>
        ) : (
          <Skeleton className="h-8 w-20" />
        )}
      </div>
      {value === undefined && error ? (
        <p role="alert" className="text-xs text-destructive">
          {error.message}
        </p>
      ) : note ? (
        <p className="text-xs text-muted-foreground">{note}</p>
      ) : null}
    </SectionCard>
  );
}
