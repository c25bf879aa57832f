import { Card, CardContent, CardHeader, CardTitle, Skeleton } from '@app/ui';
import { Activity, CheckCircle2, DollarSign, Package } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { rangeLabel, type RangeDays } from './date-range.js';
import { successRate } from './figures.js';
import { formatUsd } from '../../format/money.js';
import { formatCount } from './labels.js';
import { Loaded } from './loaded.js';

interface StatCardProps {
  title: string;
  icon: ComponentType<{ className?: string }>;
  value: ReactNode;
  note: ReactNode;
}

function StatCard({ title, icon: Icon, value, note }: StatCardProps) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle asChild className="text-sm font-medium">
          <h2>{title}</h2>
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-bold">{value}</div>
        <p className="text-xs text-muted-foreground">{note}</p>
      </CardContent>
    </Card>
  );
}

/** A figure from one read: undefined until it answers; `failed` once it could not. */
export interface Figure {
  value: number | undefined;
  failed: boolean;
}

const pending = <Skeleton className="h-8 w-20" />;

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
        value={
          <Loaded data={spend.value} failed={spend.failed} placeholder={pending}>
            {formatUsd}
          </Loaded>
        }
        note={`Invoiced in the ${range.toLowerCase()}`}
      />
      <StatCard
        title="API Calls"
        icon={Activity}
        value={
          <Loaded data={apiCalls.value} failed={apiCalls.failed} placeholder={pending}>
            {formatCount}
          </Loaded>
        }
        note={range}
      />
      <StatCard
        title="Active Subscriptions"
        icon={Package}
        value={
          <Loaded data={activeSubscriptions.value} failed={activeSubscriptions.failed} placeholder={pending}>
            {formatCount}
          </Loaded>
        }
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
