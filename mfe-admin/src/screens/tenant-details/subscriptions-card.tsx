import { ListError, LoadMoreButton, SectionCard } from '@app/ui';
import {
  adminTenantSubscriptionExportAddress,
  useAdminTenantSubscriptionList,
  useSubscriptionTerms,
} from '@app/web-data';
import { useState } from 'react';
import { ExportCsvLink } from '../../components/export-csv-link.js';
import { AddSubscriptionDialog } from './add-subscription-dialog.js';
import { SubscriptionRow } from './subscription-row.js';

/**
 * SPEC.md §2 "Tenant details", Product Subscriptions, newest first, a page at a time with Load more; SPEC.md §7
 * reads a failed answer as an empty list. One row is edited at a time: a row that finishes saving closes only
 * itself, not a row opened meanwhile. Not virtualised: a tenant has a few subscriptions, and a row being edited
 * must keep what was typed.
 */
export function SubscriptionsCard({ tenantId }: { tenantId: string }) {
  const subscriptions = useAdminTenantSubscriptionList(tenantId);
  const terms = useSubscriptionTerms(
    'admin',
    (subscriptions.data ?? []).map((subscription) => subscription.id),
  );
  const [editingId, setEditingId] = useState<string | null>(null);
  return (
    <SectionCard
      title="Product Subscriptions"
      headerClassName="flex flex-row flex-wrap items-center justify-between gap-2"
      action={
        <div className="flex flex-wrap items-center gap-2">
          <ExportCsvLink href={adminTenantSubscriptionExportAddress(tenantId)} />
          <AddSubscriptionDialog tenantId={tenantId} />
        </div>
      }
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
        <div className="grid gap-3">
          <ul aria-label="Product Subscriptions" className="grid gap-3">
            {subscriptions.data.map((subscription) => (
              <SubscriptionRow
                key={subscription.id}
                subscription={subscription}
                term={terms.data?.get(subscription.id)}
                editing={editingId === subscription.id}
                onEditingChange={(editing) =>
                  setEditingId((current) =>
                    editing ? subscription.id : current === subscription.id ? null : current,
                  )
                }
              />
            ))}
          </ul>
          <LoadMoreButton read={subscriptions} />
        </div>
      )}
    </SectionCard>
  );
}
