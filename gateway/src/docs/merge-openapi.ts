import { z } from 'zod';
import { matchRoute, type RouteTable, type ServiceName } from '../route-table.js';

/** The parts of an OpenAPI 3 document the merge reads; everything else is kept as the service wrote it. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().startsWith('3.'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  components: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  /** OpenAPI 3.1: requests a service sends to URLs others registered (notifications' signed deliveries). */
  webhooks: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(z.looseObject({ name: z.string() })).optional(),
});

export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export type ServiceDocument =
  { service: ServiceName; document: OpenApiDocument } | { service: ServiceName; error: string };

const operationKeys = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * One document for the browser-facing API. Each service contributes only the operations the gateway actually
 * routes to it (health, metrics and internal paths stay out); services' paths are disjoint by construction of
 * the route table. A component name two services define differently keeps the first and is named in the
 * description, so the clash is visible rather than silently wrong. Webhooks are no routes of the gateway: each
 * service's are kept, as the event payloads clients receive are part of the API they integrate with.
 */
export function mergeOpenApi(sources: readonly ServiceDocument[], table: RouteTable): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, Record<string, unknown>> = {};
  const webhooks: Record<string, unknown> = {};
  const tags = new Map<string, { name: string }>();
  const notes: string[] = [];

  for (const source of sources) {
    if ('error' in source) {
      notes.push(`The ${source.service} service's API is missing: ${source.error}.`);
      continue;
    }
    const { document } = source;
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const owned = ownedOperations(item, path, source.service, table);
      if (owned !== null) paths[path] = owned;
    }
    for (const [section, entries] of Object.entries(document.components ?? {})) {
      const target = (components[section] ??= {});
      for (const [name, value] of Object.entries(entries)) {
        if (!(name in target)) target[name] = value;
        else if (JSON.stringify(target[name]) !== JSON.stringify(value)) {
          notes.push(
            `components.${section}.${name} differs between services; the ${source.service} one is hidden.`,
          );
        }
      }
    }
    for (const [name, webhook] of Object.entries(document.webhooks ?? {})) {
      if (!(name in webhooks)) webhooks[name] = webhook;
      else
        notes.push(`webhooks.${name} is sent by more than one service; the ${source.service} one is hidden.`);
    }
    for (const tag of document.tags ?? []) if (!tags.has(tag.name)) tags.set(tag.name, tag);
  }

  const included = sources.filter((s) => 'document' in s).map((s) => s.service);
  const description = [
    `Every browser-facing \`/api\` operation, merged from the services behind the gateway.`,
    `Included: ${included.length > 0 ? included.join(', ') : 'none'}.`,
    ...notes,
  ].join('\n\n');

  // 3.1 schemas are not valid 3.0, so one 3.1 service makes the whole document 3.1.
  const documents = sources.flatMap((s) => ('document' in s ? [s.document] : []));
  const openapi = documents.some((d) => d.openapi.startsWith('3.1')) ? '3.1.0' : '3.0.3';

  return {
    openapi,
    info: { title: 'Subscriptions platform API', version: '1.0.0', description },
    paths,
    components,
    ...(Object.keys(webhooks).length > 0 ? { webhooks } : {}),
    ...(tags.size > 0 ? { tags: [...tags.values()] } : {}),
  };
}

function ownedOperations(
  item: Record<string, unknown>,
  path: string,
  service: ServiceName,
  table: RouteTable,
): Record<string, unknown> | null {
  // OpenAPI templates (`{id}`) become a sample segment so matchRoute can tell the owner.
  const samplePath = path.replace(/\{[^}/]+\}/g, 'x');
  const kept: Record<string, unknown> = {};
  let operations = 0;
  for (const [key, value] of Object.entries(item)) {
    if (!operationKeys.has(key)) {
      kept[key] = value;
      continue;
    }
    if (matchRoute(table, key.toUpperCase(), samplePath)?.service === service) {
      kept[key] = value;
      operations += 1;
    }
  }
  return operations > 0 ? kept : null;
}
