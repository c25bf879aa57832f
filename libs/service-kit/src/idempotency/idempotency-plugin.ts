import { hostname } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { HttpProblem, problemType } from '../http/problem.js';
import { requestIdHeader } from '../logging/request-id.js';
import { requestFingerprint } from './fingerprint.js';
import { idempotencyStore, type IdempotencyStore, type KeyScope } from './idempotency-store.js';
import { minimumRetentionHours, pruneIdempotencyKeys } from './idempotency-table.js';

export interface IdempotencyOptions {
  pool: pg.Pool;
  /** The service's own schema; call ensureIdempotencyTable(pool, schema) at startup first. */
  schema: string;
  /** Keys younger than this are never pruned; default 48 h (at least 24). */
  retentionHours?: number;
  /** Default hourly. */
  pruneIntervalMs?: number;
  /**
   * When an unfinished claim counts as abandoned (its process crashed, or the database went away before the
   * claim could be freed); default 60 s, well above any request's own bounds (the gateway gives up after
   * UPSTREAM_TIMEOUT_MS, storage waits after DATABASE_ACQUIRE_TIMEOUT_MS), so a retry is not refused for long.
   */
  staleAfterSeconds?: number;
}

export const idempotencyKeyHeader = 'idempotency-key';
export const replayedHeader = 'idempotent-replayed';

const validKey = /^[\x20-\x7E]{1,255}$/;
const defaultStaleAfterSeconds = 60;

/**
 * Safe retries for command routes (`config.idempotent: true`) that receive an `Idempotency-Key`, in the manner of
 * Stripe's API: the first request runs and its response is stored; a retry with the same key and request gets
 * that response again; a different request under the same key is refused (422); a retry while the first still
 * runs is refused (409). 4xx answers are stored like successes, 5xx free the key so a retry can run. A key a
 * crashed process left in progress is freed when that process starts again on the same host and port, or for
 * anyone once it is `staleAfterSeconds` old.
 *
 * An attempt that failed or died may still have done its work (its events appended, its answer lost), so every
 * attempt under a key runs as one operation: `request.operationId`, the same for each. Commands record it with
 * their events (commandMetadata) and the command handler answers a retry whose command is already in the stream
 * from those events; a command that creates something names it by the operation, so the retry finds it there.
 * Register with `app.register(idempotencyPlugin, { pool, schema })` before the routes.
 */
export const idempotencyPlugin = fp<IdempotencyOptions>(
  async (app, options) => {
    const store = idempotencyStore(
      options.pool,
      options.schema,
      options.staleAfterSeconds ?? defaultStaleAfterSeconds,
    );
    const claims = new WeakMap<FastifyRequest, KeyScope>();
    app.decorateRequest('operationId', null);
    // This process as host:port, known once it listens (inject-only tests never do: their claims name nobody).
    let instance: string | null = null;
    app.addHook('onListen', async () => {
      const address = app.server.address();
      if (address === null || typeof address === 'string') return;
      instance = `${hostname()}:${address.port}`;
      const freed = await store.freeAbandoned(instance);
      if (freed > 0) app.log.info({ freed, instance }, 'Freed idempotency keys a crash left in progress');
    });

    app.addHook('preHandler', async (request, reply) => {
      if (request.routeOptions.config.idempotent !== true) return;
      const header = request.headers[idempotencyKeyHeader];
      if (header === undefined) return;
      const scope = {
        callerId: request.caller?.userId ?? 'anonymous',
        method: request.method,
        route: request.routeOptions.url ?? request.url,
        key: parseKey(header),
      };
      const fingerprint = requestFingerprint(request.method, request.url, request.body);
      const outcome = await store.claim(scope, fingerprint, instance);
      switch (outcome.kind) {
        case 'claimed':
          claims.set(request, scope);
          request.operationId = outcome.operationId;
          return;
        case 'mismatch':
          throw new HttpProblem(422, 'Idempotency-Key was already used with a different request', {
            type: problemType('idempotency-key-reused'),
          });
        case 'in-progress':
          reply.header('retry-after', '1');
          throw new HttpProblem(409, 'A request with this Idempotency-Key is still being processed', {
            type: problemType('idempotency-key-in-progress'),
          });
        case 'completed': {
          const { statusCode, headers, body } = outcome.response;
          reply.code(statusCode).headers(headers).header(replayedHeader, 'true');
          return reply.send(body);
        }
      }
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const scope = claims.get(request);
      if (scope === undefined) return payload;
      claims.delete(request);
      await finish(store, scope, reply, payload).catch((error: unknown) => {
        // The handler's work is done; failing the response now would only make the client retry into a 409.
        request.log.error({ err: error }, 'Could not store the idempotent response');
      });
      return payload;
    });

    // onSend did not run (the reply never got sent): free the key rather than block retries until it goes stale.
    app.addHook('onResponse', async (request) => {
      const scope = claims.get(request);
      if (scope === undefined) return;
      claims.delete(request);
      await store
        .free(scope)
        .catch((error: unknown) => request.log.warn({ err: error }, 'Could not free the key'));
    });

    const retentionHours = options.retentionHours ?? 48;
    if (!(retentionHours >= minimumRetentionHours)) {
      throw new RangeError(
        `Idempotency keys are kept at least ${minimumRetentionHours} hours, not ${retentionHours}`,
      );
    }
    const timer = setInterval(
      () => {
        pruneIdempotencyKeys(options.pool, options.schema, retentionHours).catch((error: unknown) =>
          app.log.warn({ err: error }, 'Pruning idempotency keys failed'),
        );
      },
      options.pruneIntervalMs ?? 60 * 60 * 1000,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: '@app/service-kit/idempotency', fastify: '5.x' },
);

function parseKey(header: string | string[]): string {
  if (typeof header === 'string' && validKey.test(header)) return header;
  throw new HttpProblem(400, 'Idempotency-Key must be 1 to 255 printable characters', {
    type: problemType('invalid-idempotency-key'),
    errors: [{ path: 'Idempotency-Key', message: 'must be 1 to 255 printable characters' }],
  });
}

async function finish(
  store: IdempotencyStore,
  scope: KeyScope,
  reply: FastifyReply,
  payload: unknown,
): Promise<void> {
  const body =
    typeof payload === 'string' ? Buffer.from(payload) : payload == null ? Buffer.alloc(0) : payload;
  if (reply.statusCode >= 500 || !Buffer.isBuffer(body)) {
    // A stream cannot be replayed byte for byte, so such a response is not stored either.
    await store.free(scope);
    return;
  }
  const omitted = reply.request.routeOptions.config.replayOmits;
  const stored = omitted?.length ? withoutFields(body, omitted) : body;
  await store.complete(scope, {
    statusCode: reply.statusCode,
    headers: replayableHeaders(reply),
    body: stored,
  });
}

function withoutFields(body: Buffer, fields: readonly string[]): Buffer {
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const kept = Object.fromEntries(Object.entries(parsed).filter(([name]) => !fields.includes(name)));
  return Buffer.from(JSON.stringify(kept));
}

/** The headers a replay must repeat; x-request-id is per request and comes fresh with the replay. */
function replayableHeaders(reply: FastifyReply): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    const lower = name.toLowerCase();
    const wanted =
      ['content-type', 'etag', 'location'].includes(lower) ||
      (lower.startsWith('x-') && lower !== requestIdHeader);
    if (wanted && value !== undefined) kept[lower] = Array.isArray(value) ? value : String(value);
  }
  return kept;
}
