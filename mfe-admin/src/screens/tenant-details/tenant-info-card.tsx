import type { Tenant } from '@app/contracts';
import { Input, Label } from '@app/ui';
import { useUpdateTenant } from '@app/web-data';
import { EditableCard } from '../../components/editable-card.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';
import { DetailItem } from '../../components/detail-item.js';
import { formatCreatedDate, tenantHeading } from './tenant-names.js';

/**
 * SPEC.md §2 "Tenant details", Tenant Information: only the name is editable; status and Created are shown
 * read-only.
 */
export function TenantInfoCard({ tenant }: { tenant: Tenant }) {
  const updateTenant = useUpdateTenant();
  const readOnly = (
    <>
      <DetailItem term="Slug">{tenant.slug}</DetailItem>
      <DetailItem term="Status">
        <StatusBadge status={tenant.status} />
      </DetailItem>
      <DetailItem term="Created">{formatCreatedDate(tenant.createdAt)}</DetailItem>
    </>
  );
  return (
    <EditableCard
      title="Tenant Information"
      subject="tenant information"
      start={() => tenant.name}
      mutation={updateTenant}
      variables={(name) => ({ id: tenant.id, body: { name } })}
      toasts={{ success: 'Tenant updated successfully', failure: 'Failed to update tenant' }}
      view={
        <dl className="grid gap-4 sm:grid-cols-2">
          <DetailItem term="Tenant Name">{tenantHeading(tenant)}</DetailItem>
          {readOnly}
        </dl>
      }
      form={(name, onChange) => (
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <dt>
              <Label htmlFor="tenant-info-name">Tenant Name</Label>
            </dt>
            <dd>
              <Input id="tenant-info-name" value={name} onChange={(event) => onChange(event.target.value)} />
            </dd>
          </div>
          {readOnly}
        </dl>
      )}
    />
  );
}
