import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import type { User } from '@app/contracts';
import { readModelRow, replyAfterCommand, type CommandReplies, type CommandView } from '@app/service-kit';
import type { UserCommandResult } from '../application/user-commands.js';
import { userView } from '../application/user-view.js';
import { findUser } from '../projections/user-queries.js';

export interface UserReplyOptions {
  db: pg.Pool;
  replies: CommandReplies;
}

/**
 * How a user command is shown (replyAfterCommand): the read model's row once it has the command, which also
 * holds what other services taught it (stripeCustomerId), else the command's own state.
 */
export function userViewAfter(db: pg.Pool, result: UserCommandResult): CommandView<User> {
  const state = result.state;
  if (state.status === 'absent') throw new Error('A user command left no account to show');
  return {
    fromReadModel: readModelRow(
      () => findUser(db, result.userId),
      (found) => found.user,
    ),
    fromState: () => userView(state),
  };
}

/** Answers a user command with its ETag, once the read model shows it. */
export function userAfterCommand(
  reply: FastifyReply,
  options: UserReplyOptions,
  result: UserCommandResult,
): Promise<User> {
  return replyAfterCommand(reply, options.replies, result, userViewAfter(options.db, result));
}
