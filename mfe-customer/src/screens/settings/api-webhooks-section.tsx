import type { WebhookTenant } from '@app/contracts';
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Label,
  ListRead,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@app/ui';
import { WebhooksPanel } from '@app/ui/webhooks';
import { useOwnedWebhookTenants } from '@app/web-data';
import { useId, useState } from 'react';

/**
 * API & Webhooks (issue 20): the webhook endpoints of a tenant the user owns, the same card admins see on tenant
 * details. With several tenants, a picker chooses whose; with none, it says why there is nothing to set up.
 */
export function ApiWebhooksSection() {
  const tenants = useOwnedWebhookTenants();
  return (
    <div className="grid gap-6">
      <ListRead read={tenants} loadingLabel="Loading your tenants..." loadingRows={1}>
        {({ tenants: owned }) =>
          owned.length === 0 ? (
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>API & Webhooks</h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-muted-foreground">
                  Webhooks are set up for a tenant you own. You do not own a tenant yet.
                </p>
              </CardContent>
            </Card>
          ) : (
            <OwnedTenantWebhooks tenants={owned} />
          )
        }
      </ListRead>
    </div>
  );
}

function OwnedTenantWebhooks({ tenants }: { tenants: WebhookTenant[] }) {
  const pickerId = useId();
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const tenant = tenants.find((candidate) => candidate.id === chosenId) ?? (tenants[0] as WebhookTenant);
  return (
    <>
      {tenants.length > 1 ? (
        <div className="grid max-w-sm gap-2">
          <Label htmlFor={pickerId}>Tenant</Label>
          <Select value={tenant.id} onValueChange={setChosenId}>
            <SelectTrigger id={pickerId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {tenants.map((candidate) => (
                <SelectItem key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ) : null}
      <WebhooksPanel
        key={tenant.id}
        scope={{ audience: 'owner', tenantId: tenant.id }}
        title={`Webhooks for ${tenant.name}`}
      />
    </>
  );
}
