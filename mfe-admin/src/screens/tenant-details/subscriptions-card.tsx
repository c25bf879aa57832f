import { ListError, SectionCard } from '@app/ui';
import { useAdminTenantSubscriptions } from '@app/web-data';
import { useState } from 'react';
import { AddSubscriptionDialog } from './add-subscription-dialog.js';
import { SubscriptionRow } from './subscription-row.js';

/**
 * SPEC.md §2 "Tenant details", Product Subscriptions; SPEC.md §7 reads a failed answer as an empty list. One row
 * is edited at a time: a row that finishes saving closes only itself, not a row opened meanwhile.
 */
export function SubscriptionsCard({ tenantId }: { tenantId: string }) {
  const subscriptions = useAdminTenantSubscriptions(tenantId);
  const [editingId, setEditingId] = useState<string | null>(null);
  return (
    <SectionCard
      title="Product Subscriptions"
      headerClassName="flex flex-row flex-wrap items-center justify-between gap-2"
      action={<AddSubscriptionDialog tenantId={tenantId} />}
    >
      {subscriptions.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading subscriptions...
        </p>
      ) : subscriptions.isError ? (
        <ListError error={subscriptions.error} />
      ) : subscriptions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No subscriptions found</p>
      ) : (
        <ul aria-label="Product Subscriptions" className="grid gap-3">
          {subscriptions.data.map((subscription) => (
            <SubscriptionRow
              key={subscription.id}
              subscription={subscription}
              editing={editingId === subscription.id}
              onEditingChange={(editing) =>
                setEditingId((current) =>
                  editing ? subscription.id : current === subscription.id ? null : current,
                )
              }
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
