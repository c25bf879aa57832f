import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiReply, ApiRequest } from './http-client.js';
import type { Ledger } from './ledger.js';

/**
 * A client that keeps at a write until it is acknowledged, as a careful client would through a fault: the same
 * request with the same Idempotency-Key (so a retry after a lost answer is replayed, not done twice), with
 * backoff, for at most `giveUpMs`. A refusal that retrying cannot change (400, 404, 410, 422, or a 409 other
 * than "still in progress") ends it at once. Every reply is recorded in the ledger.
 */
export type SendOutcome =
  | { kind: 'acknowledged'; reply: ApiReply }
  | { kind: 'refused'; reply: ApiReply }
  | { kind: 'unknown'; reply: ApiReply };

const finalRefusals = new Set([400, 404, 410, 422]);
const inProgressType = 'urn:problem:idempotency-key-in-progress';

export async function sendUntilAcknowledged(
  client: ApiClient,
  request: ApiRequest,
  options: { success: readonly number[]; ledger: Ledger; giveUpMs: number; idempotent: boolean },
): Promise<SendOutcome> {
  const keyed: ApiRequest = options.idempotent
    ? { ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }
    : request;
  const deadline = Date.now() + options.giveUpMs;
  for (let attempt = 0; ; attempt += 1) {
    const reply = await client.send(keyed);
    options.ledger.reply(reply);
    if (typeof reply.status === 'number' && options.success.includes(reply.status)) {
      return { kind: 'acknowledged', reply };
    }
    if (isFinal(reply)) return { kind: 'refused', reply };
    if (Date.now() > deadline) return { kind: 'unknown', reply };
    await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 2_000)));
  }
}

function isFinal(reply: ApiReply): boolean {
  if (typeof reply.status !== 'number') return false;
  if (finalRefusals.has(reply.status)) return true;
  return reply.status === 409 && !reply.text.includes(inProgressType);
}
