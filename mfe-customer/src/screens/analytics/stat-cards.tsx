import { Skeleton, StatCard, formatUsd } from '@app/ui';
import { Activity, CheckCircle2, DollarSign, Package } from 'lucide-react';
import { rangeLabel, type RangeDays } from './date-range.js';
import { successRate } from './figures.js';
import { formatCount } from './labels.js';
import { Loaded } from './loaded.js';

/** A figure from one read: undefined until it answers; `failed` once it could not. */
export interface Figure {
  value: number | undefined;
  failed: boolean;
}

const pending = <Skeleton className="h-8 w-20" />;

function figureValue(figure: Figure, format: (value: number) => string) {
  return (
    <Loaded data={figure.value} failed={figure.failed} placeholder={pending}>
      {format}
    </Loaded>
  );
}

/**
 * SPEC.md §2 "Analytics": the old sample cards, now the customer's own figures. "Total Revenue" was the
 * platform's word; to a customer it is what they spent, so the card says so.
 */
export function StatCards({
  days,
  spend,
  apiCalls,
  activeSubscriptions,
}: {
  days: RangeDays;
  spend: Figure;
  apiCalls: Figure;
  activeSubscriptions: Figure;
}) {
  const range = rangeLabel(days);
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Total Spend"
        icon={DollarSign}
        value={figureValue(spend, formatUsd)}
        note={`Invoiced in the ${range.toLowerCase()}`}
      />
      <StatCard title="API Calls" icon={Activity} value={figureValue(apiCalls, formatCount)} note={range} />
      <StatCard
        title="Active Subscriptions"
        icon={Package}
        value={figureValue(activeSubscriptions, formatCount)}
        note="Currently active"
      />
      <StatCard
        title={successRate.title}
        icon={CheckCircle2}
        value={successRate.value}
        note={successRate.why}
      />
    </div>
  );
}
