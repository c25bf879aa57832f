import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@app/contracts';
import type { WebhookScope } from '@app/web-data';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../components/button.js';
import { DeliveryLog } from './delivery-log.js';
import { EndpointActions } from './endpoint-actions.js';
import { EndpointStatusBadge } from './endpoint-status.js';
import { eventTypeLabel } from './event-type-labels.js';

/** One endpoint: its URL and status, the event types it receives, its controls and, when opened, its log. */
export function EndpointRow({
  scope,
  endpoint,
  onRotated,
}: {
  scope: WebhookScope;
  endpoint: WebhookEndpoint;
  onRotated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const logId = useId();
  const [logOpen, setLogOpen] = useState(false);
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4" aria-label={endpoint.url}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 break-all font-medium">{endpoint.url}</p>
        <EndpointStatusBadge status={endpoint.status} />
      </div>
      {endpoint.status === 'failing' ? (
        <p className="text-sm text-destructive">
          A delivery failed for 3 days, so nothing is sent to it. Fix the endpoint, then enable it again and
          redeliver what it missed.
        </p>
      ) : null}
      <ul className="flex flex-wrap gap-1.5" aria-label="Event types">
        {endpoint.eventTypes.map((type) => (
          <li
            key={type}
            title={eventTypeLabel(type)}
            className="rounded-md bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground"
          >
            {type}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <EndpointActions scope={scope} endpoint={endpoint} onRotated={onRotated} />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logId}
          aria-label={`Delivery log of ${endpoint.url}`}
          onClick={() => setLogOpen((open) => !open)}
        >
          {logOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          Delivery log
        </Button>
      </div>
      <div id={logId} hidden={!logOpen}>
        {logOpen ? <DeliveryLog scope={scope} endpointId={endpoint.id} url={endpoint.url} /> : null}
      </div>
    </li>
  );
}
