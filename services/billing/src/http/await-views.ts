import type { FastifyReply } from 'fastify';
import type { Position } from '@app/eventing';
import type { ReadYourWrites } from '@app/service-kit';

/**
 * Read-your-writes (ARCHITECTURE.md "Read models and consistency") for billing's commands, which answer with
 * no ETag: wait until billing's own views show what was appended, else say in `X-View-May-Lag` that they may not.
 */
export async function awaitViews(
  reply: FastifyReply,
  projections: ReadYourWrites,
  position: Position | null,
  timeoutMs: number,
): Promise<void> {
  if (position && !(await projections.waitFor(position, timeoutMs))) reply.header('x-view-may-lag', 'true');
}
