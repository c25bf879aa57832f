import { Card, CardContent, CardHeader, Skeleton } from '@app/ui';

/** SPEC.md §2 "Tenant monitoring": twelve skeleton cards while the tenant or its metrics load. */
export const skeletonCardCount = 12;

export function MonitoringSkeleton() {
  return (
    <div className="grid gap-4">
      <p role="status" className="sr-only">
        Loading monitoring data...
      </p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="monitoring-skeleton">
        {Array.from({ length: skeletonCardCount }, (_, index) => (
          <Card key={index} aria-hidden>
            <CardHeader className="pb-2">
              <Skeleton className="h-4 w-24" />
            </CardHeader>
            <CardContent className="grid gap-2">
              <Skeleton className="h-8 w-20" />
              <Skeleton className="h-3 w-full" />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
