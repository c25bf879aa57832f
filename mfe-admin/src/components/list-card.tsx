import { Card, CardContent, CardHeader, CardTitle } from '@app/ui';
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
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
