import { Skeleton, StatCard, formatUsd } from '@app/ui';
import { Activity, CheckCircle2, DollarSign, Users } from 'lucide-react';
import { rangeLabel, type RangeDays } from './date-range.js';
import { statCardTitles, successRate } from './figures.js';
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
 * SPEC.md §2 "Analytics": the four sample cards under their labels and in their order, each now showing the
 * customer's own figure (ARCHITECTURE.md "Placeholders"), with a note saying what the figure counts, since the
 * labels were written for sample numbers.
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
        title={statCardTitles.spend}
        icon={DollarSign}
        value={figureValue(spend, formatUsd)}
        note={`Invoiced to you in the ${range.toLowerCase()}`}
      />
      <StatCard
        title={statCardTitles.activeSubscriptions}
        icon={Users}
        value={figureValue(activeSubscriptions, formatCount)}
        note="Your subscriptions active now"
      />
      <StatCard
        title={statCardTitles.apiCalls}
        icon={Activity}
        value={figureValue(apiCalls, formatCount)}
        note={range}
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
