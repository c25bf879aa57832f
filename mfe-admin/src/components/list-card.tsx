import { SectionCard } from '@app/ui';
import type { ReactNode } from 'react';

/** A page section titled by a second-level heading, with an optional action beside the title. */
export function ListCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SectionCard
      title={title}
      action={action}
      headerClassName="flex flex-row flex-wrap items-center justify-between gap-3"
    >
      {children}
    </SectionCard>
  );
}
