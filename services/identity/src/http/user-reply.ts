import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import type { User } from '@app/contracts';
import { settleCommand, type ReadYourWrites } from '@app/service-kit';
import type { UserCommandResult } from '../application/user-commands.js';
import { userView } from '../application/user-view.js';
import { findUser } from '../projections/user-queries.js';

export interface UserReplyOptions {
  db: pg.Pool;
  projections: ReadYourWrites;
  readYourWritesTimeoutMs: number;
}

/**
 * Answers a user command with its ETag once the read model shows it (catalog's read-your-writes), and with
 * the read model's row, which also holds what other services taught it (stripeCustomerId). Only when the
 * view lags does the answer come from the command's own state.
 */
export async function userAfterCommand(
  reply: FastifyReply,
  options: UserReplyOptions,
  result: UserCommandResult,
): Promise<User> {
  if (result.state.status === 'absent') throw new Error('A user command left no account to show');
  const caughtUp = await settleCommand(reply, options.projections, result, options.readYourWritesTimeoutMs);
  const row = caughtUp ? await findUser(options.db, result.userId) : null;
  return row && row.revision === result.revision ? row.user : userView(result.state);
}
