import { providerFieldNames, providerGroups, type ProviderGroup, type Tenant } from '@app/contracts';
import { Card, CardContent, CardHeader, CardTitle, toast } from '@app/ui';
import { errorDescription, useUpdateTenant } from '@app/web-data';
import { useState } from 'react';
import { EditControls } from '../../components/edit-controls.js';
import {
  providerFormValues,
  providerPatchBody,
  type ProviderFormValues,
  type ProviderGroupValues,
} from './provider-fields.js';
import { ProviderGroupForm } from './provider-group-form.js';
import { ProviderGroupView } from './provider-group-view.js';

/** SPEC.md §2 "Tenant details", Service Providers: the four groups, edited together. */
export function ServiceProvidersCard({ tenant }: { tenant: Tenant }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<ProviderFormValues>(() => providerFormValues(tenant));
  const updateTenant = useUpdateTenant();

  function change(group: ProviderGroup, next: Partial<ProviderGroupValues>) {
    setValues((current) => ({ ...current, [group]: { ...current[group], ...next } }));
  }

  function startEditing() {
    setValues(providerFormValues(tenant));
    setEditing(true);
  }

  function save() {
    updateTenant.mutate(
      { id: tenant.id, body: providerPatchBody(values) },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ title: 'Service providers updated successfully' });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update service providers',
            description: errorDescription(error),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2>Service Providers</h2>
        </CardTitle>
        <EditControls
          subject="service providers"
          editing={editing}
          pending={updateTenant.isPending}
          onEdit={startEditing}
          onSave={save}
          onCancel={() => {
            setValues(providerFormValues(tenant));
            setEditing(false);
          }}
        />
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        {providerGroups.map((group) =>
          editing ? (
            <ProviderGroupForm
              key={group}
              group={group}
              values={values[group]}
              passwordSet={tenant[providerFieldNames(group).passwordSet]}
              onChange={(next) => change(group, next)}
            />
          ) : (
            <ProviderGroupView key={group} tenant={tenant} group={group} />
          ),
        )}
      </CardContent>
    </Card>
  );
}
