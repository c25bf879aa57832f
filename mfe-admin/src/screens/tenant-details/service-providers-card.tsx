import { providerFieldNames, providerGroups, type Tenant } from '@app/contracts';
import { useUpdateTenant } from '@app/web-data';
import { EditableCard } from '../../components/editable-card.js';
import { providerFormValues, providerPatchBody, type ProviderGroupValues } from './provider-fields.js';
import { ProviderGroupForm } from './provider-group-form.js';
import { ProviderGroupView } from './provider-group-view.js';

/** SPEC.md §2 "Tenant details", Service Providers: the four groups, edited together. */
export function ServiceProvidersCard({ tenant }: { tenant: Tenant }) {
  const updateTenant = useUpdateTenant();
  return (
    <EditableCard
      title="Service Providers"
      subject="service providers"
      start={() => providerFormValues(tenant)}
      mutation={updateTenant}
      variables={(values) => ({ id: tenant.id, body: providerPatchBody(values) })}
      toasts={{
        success: 'Service providers updated successfully',
        failure: 'Failed to update service providers',
      }}
      contentClassName="grid gap-4 md:grid-cols-2"
      view={providerGroups.map((group) => (
        <ProviderGroupView key={group} tenant={tenant} group={group} />
      ))}
      form={(values, onChange) =>
        providerGroups.map((group) => (
          <ProviderGroupForm
            key={group}
            group={group}
            values={values[group]}
            passwordSet={tenant[providerFieldNames(group).passwordSet]}
            onChange={(next: Partial<ProviderGroupValues>) =>
              onChange({ ...values, [group]: { ...values[group], ...next } })
            }
          />
        ))
      }
    />
  );
}
