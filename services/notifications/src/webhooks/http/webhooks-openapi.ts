import { z } from 'zod';
import { webhookEventTypes } from '../domain/event-types.js';
import { webhookEventSchemas } from '../webhook-event-schemas.js';

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string' },
  description,
});

/** The Standard Webhooks headers every delivery carries (signing.ts). */
const signatureHeaders = [
  header(
    'webhook-id',
    "The integration event's id: the same on every attempt and redelivery of this event, so a repeat can be dropped.",
  ),
  header('webhook-timestamp', 'When this attempt was signed, in seconds since the Unix epoch.'),
  header(
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` under the ' +
      "endpoint's signing secret (two during the 24 hours after a rotation). Verify it with a Standard Webhooks " +
      'library and refuse a timestamp more than 5 minutes away.',
  ),
];

/** The body's JSON Schema, as OpenAPI 3.1 embeds it (JSON Schema 2020-12, without its `$schema`). */
function bodySchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { unrepresentable: 'any' });
  return rest;
}

/**
 * The OpenAPI 3.1 `webhooks` of notifications: one entry per event type a tenant's endpoint may subscribe to,
 * named by the type, whose body is the public integration event as @app/contracts defines it (issue 20: "Event
 * payloads are the public integration events, documented in the API docs with their schemas").
 */
export function webhooksDocumentation(): Record<string, unknown> {
  return Object.fromEntries(
    webhookEventTypes.map((type) => [
      type,
      {
        post: {
          operationId: `webhook:${type}`,
          summary: type,
          description:
            `POSTed to every enabled endpoint of the event's tenant subscribed to \`${type}\`. ` +
            'Any 2xx answer within the timeout is a delivery; anything else is retried with exponential ' +
            'backoff for up to 3 days, after which the endpoint is marked failing.',
          tags: ['webhooks'],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: bodySchema(webhookEventSchemas[type]) } },
          },
          responses: {
            '2XX': { description: 'Received: the delivery is done.' },
            default: { description: 'Not received: the delivery is tried again on the retry schedule.' },
          },
        },
      },
    ]),
  );
}
