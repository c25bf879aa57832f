import type { FastifyPluginAsync } from 'fastify';
import { renderWebhookPage } from './webhook-page.js';
import type { WebhookReceiver } from './webhook-receiver.js';

export interface WebhookRoutesOptions {
  receiver: WebhookReceiver;
  /** Whether a signing secret is registered, for the page to say so. */
  registered: () => Promise<boolean>;
}

/**
 * POST /webhooks, where the demo tenant's endpoint points: 204 for a delivery whose signature verifies, 401 for
 * any other (notifications retries it, and its delivery log shows the answer). GET /webhooks: the page of the
 * latest deliveries.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookRoutesOptions> = async (app, options) => {
  // The signature covers the exact bytes sent: the body is kept as text, never parsed and re-serialised first
  // (in this plugin's scope only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/webhooks', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const delivery = await options.receiver.receive(raw, request.headers);
    request.log.info(
      { webhookId: delivery.webhookId, eventType: delivery.eventType, outcome: delivery.outcome },
      'Webhook received',
    );
    if (delivery.outcome === 'verified') return reply.code(204).send();
    return reply.code(401).send({ error: delivery.reason });
  });

  app.get('/webhooks', async (_request, reply) => {
    const page = renderWebhookPage(options.receiver.recent(), await options.registered());
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(page);
  });
};
