import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CommandOptions, Position } from '@app/eventing';
import { injectTraceContext } from '@app/service-kit';
import { etagOf } from './revision-headers.js';

export interface ReadYourWrites {
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
}

/**
 * Read-your-writes (ARCHITECTURE.md "Read models and consistency"): a command is answered once this service's
 * own projections have reached what it appended, so a refetch shows the change. After a bounded wait it
 * answers anyway and says so in `X-View-May-Lag`.
 */
export async function settleCommand(
  reply: FastifyReply,
  projections: ReadYourWrites,
  result: { revision: number | 'no_stream'; position: Position | null },
  waitMs: number,
): Promise<void> {
  reply.header('etag', etagOf(result.revision));
  if (result.position && !(await projections.waitFor(result.position, waitMs))) {
    reply.header('x-view-may-lag', 'true');
  }
}

/** Who did it and in which trace, stored with every event the command appends. */
export function commandMetadata(request: FastifyRequest): CommandOptions['metadata'] {
  const carrier: Record<string, string> = {};
  injectTraceContext(carrier);
  return {
    correlationId: request.id,
    causationId: request.id,
    ...(request.caller ? { actorId: request.caller.userId } : {}),
    ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
  };
}
