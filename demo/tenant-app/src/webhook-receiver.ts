import { Webhook } from 'standardwebhooks';

/** One delivery as the demo app saw it: verified with the endpoint's secret, or refused and why. */
export interface ReceivedDelivery {
  receivedAt: string;
  outcome: 'verified' | 'refused';
  /** `webhook-id`: the integration event's id, the same on every attempt and on a Redeliver. */
  webhookId: string | null;
  /** The payload's `type`; for a refused delivery what it claims, as nothing vouches for it. */
  eventType: string | null;
  /**
   * A verified id already among the kept deliveries, verified: a retry or a Redeliver, which a real app would not
   * act on twice.
   */
  repeat: boolean;
  reason: string | null;
}

export interface WebhookReceiver {
  /** Verifies one delivery (the body exactly as received) and records it; the record says whether to accept. */
  receive(rawBody: string, headers: Record<string, string | string[] | undefined>): Promise<ReceivedDelivery>;
  /** The latest deliveries, newest first. */
  recent(): readonly ReceivedDelivery[];
}

export interface WebhookReceiverOptions {
  /** The endpoint's current signing secret (`whsec_…`), or null while none is registered. */
  secret: () => Promise<string | null>;
  now?: () => Date;
  /** How many deliveries the page keeps. */
  capacity?: number;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : null;
};

function claimedType(rawBody: string): string | null {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    const type = (parsed as { type?: unknown } | null)?.type;
    return typeof type === 'string' ? type.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/**
 * What a tenant's app does with the platform's webhooks (services/notifications/src/webhooks/README.md): verify
 * the Standard Webhooks signature over the exact bytes with the `standardwebhooks` library, which also refuses
 * a timestamp more than 5 minutes off (a replay), before trusting anything in the body. Kept in memory: the page
 * shows what this process received.
 */
export function createWebhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  const now = options.now ?? (() => new Date());
  const capacity = options.capacity ?? 50;
  const deliveries: ReceivedDelivery[] = [];

  async function verify(rawBody: string, headers: Record<string, string | string[] | undefined>) {
    const secret = await options.secret();
    if (secret === null) return 'No signing secret is registered yet';
    const signed = {
      'webhook-id': header(headers, 'webhook-id') ?? '',
      'webhook-timestamp': header(headers, 'webhook-timestamp') ?? '',
      'webhook-signature': header(headers, 'webhook-signature') ?? '',
    };
    try {
      new Webhook(secret).verify(rawBody, signed);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : 'Verification failed';
    }
  }

  return {
    async receive(rawBody, headers) {
      const reason = await verify(rawBody, headers);
      const webhookId = header(headers, 'webhook-id')?.slice(0, 200) ?? null;
      const verified = reason === null && webhookId !== null;
      const delivery: ReceivedDelivery = {
        receivedAt: now().toISOString(),
        outcome: verified ? 'verified' : 'refused',
        webhookId,
        eventType: claimedType(rawBody),
        repeat:
          verified && deliveries.some((seen) => seen.outcome === 'verified' && seen.webhookId === webhookId),
        reason,
      };
      deliveries.unshift(delivery);
      deliveries.length = Math.min(deliveries.length, capacity);
      return delivery;
    },
    recent: () => deliveries,
  };
}
