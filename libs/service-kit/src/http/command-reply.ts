import type { FastifyReply, FastifyRequest } from 'fastify';
import { injectTraceContext } from '../telemetry/trace-context.js';
import { etagOf } from './revision-headers.js';

/**
 * The projections of the service that ran a command (`ProjectionRunner` of @app/eventing fits); `Position` is
 * the event-store position type, kept generic so service-kit needs no dependency on the eventing library.
 */
export interface ReadYourWrites<Position = { commit: bigint; prepare: bigint }> {
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
}

/**
 * Read-your-writes (ARCHITECTURE.md "Read models and consistency"): a command is answered once this service's
 * own projections have reached what it appended, so a refetch shows the change. After a bounded wait it
 * answers anyway and says so in `X-View-May-Lag`. Resolves true when the views have caught up.
 */
export async function settleCommand<Position>(
  reply: FastifyReply,
  projections: ReadYourWrites<Position>,
  result: { revision: number | 'no_stream'; position: Position | null },
  waitMs: number,
): Promise<boolean> {
  reply.header('etag', etagOf(result.revision));
  if (result.position && !(await projections.waitFor(result.position, waitMs))) {
    reply.header('x-view-may-lag', 'true');
    return false;
  }
  return true;
}

/** Event metadata a command's request contributes (the eventing library's `EventMetadata` minus its version). */
export interface RequestMetadata {
  correlationId: string;
  causationId: string;
  actorId?: string;
  traceparent?: string;
  tracestate?: string;
}

/** Who did it and in which trace, stored with every event the command appends. */
export function commandMetadata(request: FastifyRequest): RequestMetadata {
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
