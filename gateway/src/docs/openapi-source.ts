import type { RouteTable, ServiceName, ServiceUrls } from '../route-table.js';
import {
  mergeOpenApi,
  openApiDocumentSchema,
  type OpenApiDocument,
  type ServiceDocument,
} from './merge-openapi.js';

export interface MergedDocsOptions {
  services: ServiceUrls;
  table: RouteTable;
  /** Per service; a slow service must not hold the docs page. */
  fetchTimeoutMs?: number;
  cacheTtlMs?: number;
  now?: () => number;
}

export interface MergedDocs {
  document(): Promise<OpenApiDocument>;
}

/**
 * Fetches every configured service's /openapi.json and merges them, caching the result for a while: the docs
 * page is read rarely and services change their API only on deploy. Concurrent readers share one fetch.
 */
export function createMergedDocs(options: MergedDocsOptions): MergedDocs {
  const fetchTimeoutMs = options.fetchTimeoutMs ?? 2_000;
  const cacheTtlMs = options.cacheTtlMs ?? 30_000;
  const now = options.now ?? Date.now;
  let cached: { document: OpenApiDocument; expiresAt: number } | undefined;
  let inflight: Promise<OpenApiDocument> | undefined;

  async function build(): Promise<OpenApiDocument> {
    const entries = Object.entries(options.services) as [ServiceName, string | undefined][];
    const sources = await Promise.all(
      entries
        .filter((entry): entry is [ServiceName, string] => entry[1] !== undefined)
        .map(([service, url]) => fetchServiceDocument(service, url, fetchTimeoutMs)),
    );
    const document = mergeOpenApi(sources, options.table);
    cached = { document, expiresAt: now() + cacheTtlMs };
    return document;
  }

  return {
    document() {
      if (cached !== undefined && cached.expiresAt > now()) return Promise.resolve(cached.document);
      inflight ??= build().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
  };
}

async function fetchServiceDocument(
  service: ServiceName,
  baseUrl: string,
  timeoutMs: number,
): Promise<ServiceDocument> {
  try {
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/openapi.json`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { service, error: `it answered ${response.status}` };
    const parsed = openApiDocumentSchema.safeParse(await response.json());
    if (!parsed.success) return { service, error: 'it served no valid OpenAPI 3 document' };
    return { service, document: parsed.data };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { service, error: timedOut ? `no answer within ${timeoutMs} ms` : 'the service is unreachable' };
  }
}
