import type { FastifyReply } from 'fastify';
import { NotFoundError } from '@app/domain';
import { etagOf } from './revision-headers.js';

/**
 * A read of one aggregate's row: 404 with `notFoundMessage` when the read model has none, else the row, with its
 * revision sent as the ETag a later command's If-Match may carry.
 */
export function foundWithEtag<Found extends { revision: number }>(
  reply: FastifyReply,
  found: Found | null,
  notFoundMessage: string,
): Found {
  if (!found) throw new NotFoundError(notFoundMessage);
  reply.header('etag', etagOf(found.revision));
  return found;
}

/**
 * A CommandView's `fromReadModel` from the query that finds the aggregate's row with its revision: the body it
 * shows, and the revision replyAfterCommand compares with the command's to know the row shows the command.
 */
export function readModelRow<Found extends { revision: number }, Body>(
  find: () => Promise<Found | null>,
  bodyOf: (found: Found) => Body,
): () => Promise<{ revision: number; body: Body } | null> {
  return async () => {
    const found = await find();
    return found ? { revision: found.revision, body: bodyOf(found) } : null;
  };
}
