import { Badge } from '@app/ui';

/** SPEC.md §4: active shows as primary, any other status as secondary. */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return <Badge variant={status === 'active' ? 'default' : 'secondary'}>{status}</Badge>;
}
