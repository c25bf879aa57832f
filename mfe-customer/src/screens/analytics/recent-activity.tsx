import { SectionCard, Skeleton } from '@app/ui';
import { rangeLabel, type RangeDays } from './date-range.js';
import { counted } from './labels.js';
import { Loaded } from './loaded.js';

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
export function RecentActivity({ days, usageRecords, activeSubscriptions, failed }: RecentActivityProps) {
  const counts =
    usageRecords === undefined || activeSubscriptions === undefined
      ? undefined
      : { usageRecords, activeSubscriptions };
  return (
    <SectionCard title="Recent Activity" titleClassName="text-base">
      <Loaded data={counts} failed={failed} placeholder={<Skeleton className="h-12 w-full" />}>
        {(loaded) => <ActivityBody days={days} {...loaded} />}
      </Loaded>
    </SectionCard>
  );
}

function ActivityBody({
  days,
  usageRecords,
  activeSubscriptions,
}: {
  days: RangeDays;
  usageRecords: number;
  activeSubscriptions: number;
}) {
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
