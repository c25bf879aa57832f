import { SectionCard, Skeleton } from '@app/ui';
import { rangeLabel, type RangeDays } from './date-range.js';
import { counted } from './labels.js';

interface RecentActivityProps {
  days: RangeDays;
  usageRecords: number | undefined;
  activeSubscriptions: number | undefined;
  failed: boolean;
}

/**
 * SPEC.md §2 "Analytics": Recent Activity states the counts of usage records and active subscriptions, or
 * "No activity data yet" when there are none.
 */
export function RecentActivity(props: RecentActivityProps) {
  return (
    <SectionCard title="Recent Activity" titleClassName="text-base">
      <ActivityBody {...props} />
    </SectionCard>
  );
}

function ActivityBody({ days, usageRecords, activeSubscriptions, failed }: RecentActivityProps) {
  if (usageRecords === undefined || activeSubscriptions === undefined) {
    return failed ? (
      <p className="text-sm text-muted-foreground">Unavailable</p>
    ) : (
      <Skeleton className="h-12 w-full" />
    );
  }
  if (usageRecords === 0 && activeSubscriptions === 0) {
    return <p className="text-sm text-muted-foreground">No activity data yet</p>;
  }
  return (
    <ul className="grid gap-2 text-sm">
      <li>
        {counted(usageRecords, 'usage record', 'usage records')} in the {rangeLabel(days).toLowerCase()}
      </li>
      <li>{counted(activeSubscriptions, 'active subscription', 'active subscriptions')}</li>
    </ul>
  );
}
