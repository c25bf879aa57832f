import type { Tenant } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle, Input, Label, toast } from '@app/ui';
import { errorDescription, useUpdateTenant } from '@app/web-data';
import { useState } from 'react';
import { EditControls } from '../../components/edit-controls.js';
import { StatusBadge } from '../admin-dashboard/subscription-status-badge.js';
import { DetailItem } from './detail-item.js';
import { formatCreatedDate, tenantHeading } from './tenant-names.js';

/**
 * SPEC.md §2 "Tenant details", Tenant Information: only the name is editable; status and Created are shown
 * read-only. Cancel restores the name (status never changes here, so restoring it is a no-op).
 */
export function TenantInfoCard({ tenant }: { tenant: Tenant }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tenant.name);
  const updateTenant = useUpdateTenant();

  function startEditing() {
    setName(tenant.name);
    setEditing(true);
  }

  function save() {
    updateTenant.mutate(
      { id: tenant.id, body: { name } },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: 'Tenant updated successfully' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update tenant',
            description: errorDescription(error),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>Tenant Information</h2>
        </CardTitle>
        <EditControls
          subject="tenant information"
          editing={editing}
          pending={updateTenant.isPending}
          onEdit={startEditing}
          onSave={save}
          onCancel={() => {
            setName(tenant.name);
            setEditing(false);
          }}
        />
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          {editing ? (
            <div className="grid gap-2">
              <dt>
                <Label htmlFor="tenant-info-name">Tenant Name</Label>
              </dt>
              <dd>
                <Input id="tenant-info-name" value={name} onChange={(event) => setName(event.target.value)} />
              </dd>
            </div>
          ) : (
            <DetailItem term="Tenant Name">{tenantHeading(tenant)}</DetailItem>
          )}
          <DetailItem term="Slug">{tenant.slug}</DetailItem>
          <DetailItem term="Status">
            <StatusBadge status={tenant.status} />
          </DetailItem>
          <DetailItem term="Created">{formatCreatedDate(tenant.createdAt)}</DetailItem>
        </dl>
      </CardContent>
    </Card>
  );
}
