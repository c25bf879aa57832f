import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { idempotencyTable } from './idempotency-table.js';

/** One key's identity: a key means something only for the same caller, method and route. */
export interface KeyScope {
  callerId: string;
  method: string;
  route: string;
  key: string;
}

export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export type ClaimOutcome =
  /** `operationId` is the key's operation: the same for every attempt the key makes (idempotency-plugin.ts). */
  | { kind: 'claimed'; operationId: string }
  | { kind: 'in-progress' }
  | { kind: 'mismatch' }
  | { kind: 'completed'; response: StoredResponse };

interface Row {
  fingerprint: string;
  state: 'in-progress' | 'completed';
  status_code: number | null;
  headers: Record<string, string | string[]> | null;
  body: Buffer | null;
}

/** The SQL behind the idempotency plugin; each statement is atomic on its own, no transaction needed. */
export function idempotencyStore(pool: pg.Pool, schema: string, staleAfterSeconds: number) {
  const table = idempotencyTable(schema);
  const pk = 'caller_id = $1 AND method = $2 AND route = $3 AND idempotency_key = $4';
  const scopeParams = (s: KeyScope) => [s.callerId, s.method, s.route, s.key];
  // A freed claim is kept, not deleted: the attempt that failed or died may have done its work (appended its
  // events) before it could answer, and the retry must run as the same operation to find that out. Its request
  // stays bound to the key, as a completed one is.
  const freed = `claimed_by = NULL, locked_at = '-infinity'`;

  return {
    /**
     * Claims the key, or reports why not. A claim left in progress longer than `staleAfterSeconds` (its process
     * died mid-request), or freed (free, freeAbandoned), may be taken over by the same request, so a crashed
     * attempt does not block retries until the key is pruned; the takeover keeps the key's operation id.
     */
    async claim(scope: KeyScope, fingerprint: string, claimedBy: string | null): Promise<ClaimOutcome> {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const inserted = await pool.query<{ operation_id: string }>(
          `INSERT INTO ${table} AS k
             (caller_id, method, route, idempotency_key, fingerprint, state, claimed_by, operation_id)
           VALUES ($1, $2, $3, $4, $5, 'in-progress', $7, $8)
           ON CONFLICT (caller_id, method, route, idempotency_key) DO UPDATE
             SET locked_at = now(), claimed_by = EXCLUDED.claimed_by,
                 operation_id = coalesce(k.operation_id, EXCLUDED.operation_id)
             WHERE k.state = 'in-progress' AND k.fingerprint = EXCLUDED.fingerprint
               AND k.locked_at < now() - $6::double precision * interval '1 second'
           RETURNING operation_id::text`,
          [...scopeParams(scope), fingerprint, staleAfterSeconds, claimedBy, uuidv7()],
        );
        const claimed = inserted.rows[0];
        if (claimed !== undefined) return { kind: 'claimed', operationId: claimed.operation_id };

        const existing = await pool.query<Row>(
          `SELECT fingerprint, state, status_code, headers, body FROM ${table} WHERE ${pk}`,
          scopeParams(scope),
        );
        const row = existing.rows[0];
        // Pruned between our insert and select: try to claim again.
        if (row === undefined) continue;
        if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (row.state === 'in-progress') return { kind: 'in-progress' };
        return {
          kind: 'completed',
          response: {
            statusCode: row.status_code ?? 200,
            headers: row.headers ?? {},
            body: row.body ?? Buffer.alloc(0),
          },
        };
      }
      return { kind: 'in-progress' };
    },

    async complete(scope: KeyScope, response: StoredResponse): Promise<void> {
      await pool.query(
        `UPDATE ${table} SET state = 'completed', status_code = $5, headers = $6, body = $7, completed_at = now()
         WHERE ${pk} AND state = 'in-progress'`,
        [...scopeParams(scope), response.statusCode, JSON.stringify(response.headers), response.body],
      );
    },

    /**
     * Frees every claim an earlier run of this very process (same host and port) left in progress when it died:
     * two processes cannot listen on one host and port at once, so none of those requests is still running.
     */
    async freeAbandoned(claimedBy: string): Promise<number> {
      const { rowCount } = await pool.query(
        `UPDATE ${table} SET ${freed} WHERE state = 'in-progress' AND claimed_by = $1`,
        [claimedBy],
      );
      return rowCount ?? 0;
    },

    /** Frees the key after a failure that a retry might not repeat (5xx), so the retry runs the handler. */
    async free(scope: KeyScope): Promise<void> {
      await pool.query(
        `UPDATE ${table} SET ${freed} WHERE ${pk} AND state = 'in-progress'`,
        scopeParams(scope),
      );
    },
  };
}

export type IdempotencyStore = ReturnType<typeof idempotencyStore>;
