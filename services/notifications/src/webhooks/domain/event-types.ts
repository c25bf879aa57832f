import { webhookEventTypes, type WebhookEventType } from '@app/contracts';

/** The offered list is public (@app/contracts), as the screens offer it too; the check is notifications'. */
export { webhookEventTypes, type WebhookEventType };

const offered: ReadonlySet<string> = new Set(webhookEventTypes);

export function isWebhookEventType(type: string): type is WebhookEventType {
  return offered.has(type);
}
