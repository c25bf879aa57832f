import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { nextPageLinkDescription } from '@app/contracts';

export interface OpenApiOptions {
  title: string;
  description?: string;
  /** OpenAPI 3.1 `webhooks`: the requests the service sends to others' URLs (notifications' deliveries). */
  webhooks?: Record<string, unknown>;
}

/** The OpenAPI document generated from the routes' zod schemas, served at GET /openapi.json. */
export async function registerOpenApi(
  app: FastifyInstance,
  options: OpenApiOptions,
  version: string,
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.title,
        version,
        ...(options.description === undefined ? {} : { description: options.description }),
      },
      ...(options.webhooks === undefined ? {} : { webhooks: options.webhooks }),
    },
    transform: withAccess,
  });
  app.get('/openapi.json', { config: { policy: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}

/**
 * Each operation says who may call it in `x-access` (its route's policy: public, signed-in or admin), so the
 * gateway's merged document tells API clients, and the generated bad-input test, which role a route needs.
 */
const withAccess: typeof jsonSchemaTransform = (input) => {
  const transformed = withNextPageLink(jsonSchemaTransform(input));
  const policy = input.route.config?.policy;
  return policy === undefined
    ? transformed
    : { ...transformed, schema: { ...transformed.schema, 'x-access': policy } };
};

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/** A paged list (its query takes `cursor`) documents the Link header its 200 answer carries while more remain. */
function withNextPageLink(transformed: Transformed): Transformed {
  // A route declared without a schema has no query or answer to document.
  const schema = (transformed.schema ?? {}) as {
    querystring?: { properties?: Record<string, unknown> };
    response?: Record<string, object>;
  };
  const ok = schema.response?.['200'];
  if (schema.querystring?.properties?.['cursor'] === undefined || ok === undefined) return transformed;
  const link = { schema: { type: 'string' }, description: nextPageLinkDescription };
  const response = { ...schema.response, 200: { ...ok, headers: { link } } };
  return { ...transformed, schema: { ...transformed.schema, response } };
}
