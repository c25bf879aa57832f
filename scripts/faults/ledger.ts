import type { ApiReply } from './http-client.js';
import { replyLabel } from './reply-rules.js';

/**
 * What the load's clients sent and saw, each entry tagged with the fault under way at the time (`window`), so
 * the report can say per fault what clients saw and which of their acknowledged writes survived it.
 */
export type WriteKind = 'product' | 'user' | 'tenant' | 'checkout';

export interface WriteRecord {
  kind: WriteKind;
  /** A create, a rename to `version`, or a confirmed checkout. */
  action: 'create' | 'rename' | 'checkout';
  /** The product, user or tenant id; for a checkout, the provider's payment id (`pi_…`). */
  aggregateId: string;
  /** What identifies the write in the stores: the slug, email or name created, the name renamed to. */
  marker: string;
  /** Renames count up per aggregate from 1; a create is version 0. */
  version: number;
  /** Acknowledged: a success came back. Unknown: the client gave up without one (it may still have happened). */
  outcome: 'acknowledged' | 'unknown';
  window: string;
  /** When the outcome was known. */
  at: number;
  /** Checkouts only: the buyer and what they bought. */
  buyer?: { userId: string; productId: string };
}

export interface ReplyRecord {
  window: string;
  label: string;
}

export interface Ledger {
  /** The fault under way; set by the suite, read when a reply or write is recorded. */
  window: string;
  readonly writes: WriteRecord[];
  readonly replies: ReplyRecord[];
  reply(reply: ApiReply): void;
  write(record: Omit<WriteRecord, 'window' | 'at'>): void;
}

export function createLedger(): Ledger {
  const ledger: Ledger = {
    window: 'start',
    writes: [],
    replies: [],
    reply(reply) {
      ledger.replies.push({ window: ledger.window, label: replyLabel(reply) });
    },
    write(record) {
      ledger.writes.push({ ...record, window: ledger.window, at: Date.now() });
    },
  };
  return ledger;
}
