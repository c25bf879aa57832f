import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, nested: unknown) => {
      if (nested === null || typeof nested !== 'object' || Array.isArray(nested)) return nested;
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(nested).sort()) sorted[key] = (nested as Record<string, unknown>)[key];
      return sorted;
    }) ?? ''
  );
}

/** What makes two requests "the same" for an Idempotency-Key: method, URL (with query) and body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${url}\n${canonicalJson(body)}`)
    .digest('hex');
}
