import type { WebhookDelivery } from '@app/contracts';
import { useRedeliverWebhook, useWebhookDeliveries, type WebhookScope } from '@app/web-data';
import { RefreshCw, RotateCcw } from 'lucide-react';
import { Badge } from '../components/badge.js';
import { Button } from '../components/button.js';
import { ListRead } from '../components/list-states.js';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../components/table.js';
import { deliveryLine, type DeliveryLine } from './delivery-rows.js';
import { webhookToasts } from './webhook-toasts.js';

const statusBadges = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const;

/**
 * An endpoint's delivery log (issue 20): its latest 50 deliveries, newest first, each by its latest attempt, with
 * Redeliver (the same `webhook-id`, on a fresh retry schedule). Deliveries happen in the background, so Refresh
 * reads the log again rather than the screen polling.
 */
export function DeliveryLog({
  scope,
  endpointId,
  url,
}: {
  scope: WebhookScope;
  endpointId: string;
  url: string;
}) {
  const deliveries = useWebhookDeliveries(scope, endpointId);
  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">Delivery log</h4>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={`Refresh the delivery log of ${url}`}
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          <RefreshCw aria-hidden="true" />
          Refresh
        </Button>
      </div>
      <ListRead read={deliveries} loadingLabel="Loading deliveries..." loadingRows={2}>
        {({ deliveries: list }) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No deliveries yet. Events of the chosen types are delivered here as they happen.
            </p>
          ) : (
            <DeliveryTable scope={scope} endpointId={endpointId} url={url} deliveries={list} />
          )
        }
      </ListRead>
    </div>
  );
}

function DeliveryTable({
  scope,
  endpointId,
  url,
  deliveries,
}: {
  scope: WebhookScope;
  endpointId: string;
  url: string;
  deliveries: WebhookDelivery[];
}) {
  const redeliver = useRedeliverWebhook(scope);
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption className="sr-only">Deliveries to {url}, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Event</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Attempt</TableHead>
            <TableHead>Status code</TableHead>
            <TableHead>Latency</TableHead>
            <TableHead>Response</TableHead>
            <TableHead>Time</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {deliveries.map(deliveryLine).map((line) => (
            <DeliveryRow
              key={line.id}
              line={line}
              pending={redeliver.isPending && redeliver.variables?.deliveryId === line.id}
              onRedeliver={() =>
                redeliver.mutate(
                  { endpointId, deliveryId: line.id },
                  webhookToasts('Redelivery queued', 'Failed to redeliver webhook'),
                )
              }
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function DeliveryRow({
  line,
  pending,
  onRedeliver,
}: {
  line: DeliveryLine;
  pending: boolean;
  onRedeliver: () => void;
}) {
  const badge = statusBadges[line.status];
  return (
    <TableRow>
      <TableCell className="font-mono text-xs">{line.eventType}</TableCell>
      <TableCell>
        <Badge variant={badge.variant}>{badge.label}</Badge>
        {line.problem ? <p className="mt-1 max-w-56 text-xs text-muted-foreground">{line.problem}</p> : null}
      </TableCell>
      <TableCell>{line.attempt ?? '—'}</TableCell>
      <TableCell>{line.statusCode}</TableCell>
      <TableCell className="whitespace-nowrap">{line.latency}</TableCell>
      <TableCell className="max-w-48 break-all font-mono text-xs">{line.response}</TableCell>
      <TableCell className="whitespace-nowrap text-xs">{line.time}</TableCell>
      <TableCell>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Redeliver ${line.eventType} of ${line.time}`}
          disabled={pending}
          onClick={onRedeliver}
        >
          <RotateCcw aria-hidden="true" />
          Redeliver
        </Button>
      </TableCell>
    </TableRow>
  );
}
