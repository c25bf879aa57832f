import type { WebhookEndpoint } from '@app/contracts';
import { Badge } from '../components/badge.js';

const badges = {
  enabled: { label: 'Enabled', variant: 'success' },
  disabled: { label: 'Disabled', variant: 'secondary' },
  failing: { label: 'Failing', variant: 'destructive' },
} as const;

/** Enabled, Disabled, or Failing: a message's retries ran out and nothing is sent until it is enabled again. */
export function EndpointStatusBadge({ status }: { status: WebhookEndpoint['status'] }) {
  const { label, variant } = badges[status];
  return <Badge variant={variant}>{label}</Badge>;
}
