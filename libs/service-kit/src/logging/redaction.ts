/**
 * Secret redaction for every log line (ARCHITECTURE.md "Observability"), in two parts:
 *
 * - `redactSecrets`, run on each logged object before serialisation, censors any field whose *name* says it is
 *   secret (password or any `*Password`, tokens, secrets, API/private keys, cookies, authorization), at any depth.
 *   pino's wildcard redact paths match whole key names at fixed depths and cost ~20× a plain log line per
 *   wildcard level, which is too slow for every request and would still miss an unforeseen `*Password` field.
 * - `redactPaths`, pino redact paths for the headers of the serialised `req`/`res`, which the scan cannot see
 *   because pino's serializers run after it.
 */
export const secretKeyPattern =
  /passw(or)?d|secret|token|credential|(api|private|secret|encryption|signing|access)[-_]?key$|^cookies?$|^set-cookie$|^(proxy-)?authorization$/i;

const censor = '[Redacted]';
/** Deep enough for our payloads; also stops on cyclic objects. */
const maxDepth = 8;

/** Returns `value` with secret-named fields censored; copies only the objects it changes. */
export function redactSecrets<T>(value: T): T {
  return scrub(value, 0) as T;
}

function scrub(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > maxDepth) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const scrubbed = scrub(item, depth + 1);
      if (scrubbed !== item) (copy ??= [...value])[index] = scrubbed;
    });
    return copy ?? value;
  }
  // Only plain data: requests, replies and errors have serializers that choose their fields.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const field = record[key];
    const scrubbed =
      secretKeyPattern.test(key) && field !== undefined && field !== null ? censor : scrub(field, depth + 1);
    if (scrubbed !== field) (copy ??= { ...record })[key] = scrubbed;
  }
  return copy ?? value;
}

const secretHeaders = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-identity-token',
  'x-internal-key',
  'x-api-key',
];

export const redactPaths: readonly string[] = ['req', 'res'].flatMap((key) =>
  secretHeaders.map((header) => `${key}.headers["${header}"]`),
);
