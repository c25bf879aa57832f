import type { WebhookDelivery } from '@app/contracts';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** "Nov 22, 2026, 9:30:00 AM" on the browser's calendar. */
export function formatDeliveryTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/** One line of the delivery log: a delivery as its latest attempt left it. */
export interface DeliveryLine {
  id: string;
  eventType: string;
  status: WebhookDelivery['status'];
  /** The latest attempt's number, or null before the first. */
  attempt: number | null;
  statusCode: string;
  latency: string;
  response: string;
  time: string;
  /** Why it last failed, or why no attempt was made ("Not sent: the endpoint is disabled"); null once delivered. */
  problem: string | null;
}

/**
 * The log shows each delivery once, by its latest attempt: the code, latency and start of the answer a reader
 * checks first. A delivery not attempted yet shows when it is due; "no answer" is a refusal or a timeout.
 */
export function deliveryLine(delivery: WebhookDelivery): DeliveryLine {
  const latest = delivery.attempts.at(-1);
  const due = delivery.nextAttemptAt;
  return {
    id: delivery.id,
    eventType: delivery.eventType,
    status: delivery.status,
    attempt: latest?.attempt ?? null,
    statusCode: latest ? (latest.statusCode === null ? 'No answer' : String(latest.statusCode)) : '—',
    latency: latest ? `${latest.latencyMs} ms` : '—',
    response: latest?.responseExcerpt ?? '',
    time: formatDeliveryTime(latest?.attemptedAt ?? due ?? delivery.createdAt),
    problem: delivery.status === 'delivered' ? null : (delivery.lastError ?? latest?.reason ?? null),
  };
}
