import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@app/contracts';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSetWebhookEndpointEnabled,
  type WebhookScope,
} from '@app/web-data';
import { KeyRound, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Label } from '../components/label.js';
import { Switch } from '../components/switch.js';
import { ConfirmButton } from './confirm-button.js';
import { webhookToasts } from './webhook-toasts.js';

/**
 * An endpoint's controls: Enabled (switching a failing endpoint on takes it back into service), Rotate secret
 * and Delete, each of the last two after a confirmation.
 */
export function EndpointActions({
  scope,
  endpoint,
  onRotated,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpoint;
  onRotated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const switchId = useId();
  const setEnabled = useSetWebhookEndpointEnabled(scope);
  const rotate = useRotateWebhookSecret(scope);
  const remove = useDeleteWebhookEndpoint(scope);
  const busy = setEnabled.isPending || rotate.isPending || remove.isPending;

  function toggle(enabled: boolean) {
    setEnabled.mutate(
      { endpointId: endpoint.id, enabled },
      enabled
        ? webhookToasts('Webhook endpoint enabled', 'Failed to enable webhook endpoint')
        : webhookToasts('Webhook endpoint disabled', 'Failed to disable webhook endpoint'),
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex items-center gap-2">
        <Switch
          id={switchId}
          checked={endpoint.status === 'enabled'}
          disabled={busy}
          onCheckedChange={toggle}
          aria-label={`Enabled: ${endpoint.url}`}
        />
        <Label htmlFor={switchId}>Enabled</Label>
      </div>
      <ConfirmButton
        label="Rotate secret"
        accessibleLabel={`Rotate secret of ${endpoint.url}`}
        title="Rotate the signing secret?"
        description="A new secret signs every delivery from now on. The current one keeps signing beside it for 24 hours, so your app can switch without losing a message."
        confirmLabel="Rotate secret"
        icon={<KeyRound aria-hidden="true" />}
        disabled={busy}
        onConfirm={() =>
          rotate.mutate(
            endpoint.id,
            webhookToasts('Signing secret rotated', 'Failed to rotate signing secret', onRotated),
          )
        }
      />
      <ConfirmButton
        label="Delete"
        accessibleLabel={`Delete ${endpoint.url}`}
        title="Delete this webhook endpoint?"
        description={`${endpoint.url} receives nothing more, deliveries still pending are not sent, and its delivery log goes with it. This cannot be undone.`}
        confirmLabel="Delete endpoint"
        destructive
        icon={<Trash2 aria-hidden="true" />}
        disabled={busy}
        onConfirm={() =>
          remove.mutate(
            endpoint.id,
            webhookToasts('Webhook endpoint deleted', 'Failed to delete webhook endpoint'),
          )
        }
      />
    </div>
  );
}
