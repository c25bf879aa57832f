import type { Invoice, Subscription } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { AlertCircle, FileText, Package } from 'lucide-react';
import { StatCard, formatUsd } from '@app/ui';
import { activeSubscriptions, outstandingAmount } from './figures.js';

/** SPEC.md §2 "Billing": three cards, each from the customer's own data. */
export function BillingCards({
  subscriptions,
  invoices,
}: {
  subscriptions: UseQueryResult<Subscription[]>;
  invoices: UseQueryResult<Invoice[]>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard
        title="Active Subscriptions"
        icon={Package}
        value={subscriptions.data && activeSubscriptions(subscriptions.data).length}
        error={subscriptions.error}
      />
      <StatCard title="Total Invoices" icon={FileText} value={invoices.data?.length} error={invoices.error} />
      <StatCard
        title="Outstanding Amount"
        icon={AlertCircle}
        value={invoices.data && formatUsd(outstandingAmount(invoices.data))}
        note="Pending and overdue invoices"
        error={invoices.error}
      />
    </div>
  );
}
