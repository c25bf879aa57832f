import { Activity, CreditCard, DollarSign, Package } from 'lucide-react';
import { StatCard, formatUsd } from '@app/ui';
import { staticUptime, type SubscriptionFigures } from './figures.js';

const count = new Intl.NumberFormat('en-US');

export interface DashboardFigures {
  subscriptions: SubscriptionFigures | undefined;
  spending: number | undefined;
  usage: number | undefined;
}

/** SPEC.md §2 "Customer dashboard": the four cards; each shows a placeholder until its read has answered. */
export function SummaryCards({
  figures,
  errors,
}: {
  figures: DashboardFigures;
  errors: { subscriptions: Error | null; invoices: Error | null; usage: Error | null };
}) {
  const { subscriptions, spending, usage } = figures;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        title="Active Subscriptions"
        icon={Package}
        value={subscriptions?.active}
        note={subscriptions ? `${subscriptions.total} total services` : null}
        error={errors.subscriptions}
      />
      <StatCard
        title="Total Spending"
        icon={DollarSign}
        value={spending === undefined ? undefined : formatUsd(spending)}
        note="Lifetime billing"
        error={errors.invoices}
      />
      <StatCard
        title="Usage This Month"
        icon={CreditCard}
        value={usage === undefined ? undefined : count.format(usage)}
        note="API calls"
        error={errors.usage}
      />
      <StatCard title="System Health" icon={Activity} value={staticUptime} note="last 30 days uptime" />
    </div>
  );
}
