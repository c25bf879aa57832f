import { describe, expect, it } from 'vitest';
import { webhookEventTypes } from '../../src/webhooks/domain/event-types.js';
import { webhooksDocumentation } from '../../src/webhooks/http/webhooks-openapi.js';

interface Documented {
  post: {
    parameters: Array<{ name: string; in: string; required: boolean }>;
    requestBody: {
      content: {
        'application/json': {
          schema: {
            type: string;
            required: string[];
            properties: { type: { const: string }; data: { type: string; required?: string[] } };
          };
        };
      };
    };
  };
}

describe('the webhooks of the API docs', () => {
  const documented = webhooksDocumentation() as Record<string, Documented>;

  it('document every event type an endpoint may subscribe to, and nothing else', () => {
    expect(Object.keys(documented).sort()).toEqual([...webhookEventTypes].sort());
  });

  it.each(webhookEventTypes)(
    'give %s its integration event as the body, with the signature headers',
    (type) => {
      const { post } = documented[type]!;
      const body = post.requestBody.content['application/json'].schema;
      expect(body.type).toBe('object');
      expect(body.properties.type.const).toBe(type);
      expect(body.required).toEqual(expect.arrayContaining(['id', 'type', 'occurredAt', 'data']));
      expect(body.properties.data.type).toBe('object');
      expect(body.properties.data.required?.length).toBeGreaterThan(0);
      expect(post.parameters.map(({ name, in: where, required }) => [name, where, required])).toEqual([
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ]);
    },
  );
});
