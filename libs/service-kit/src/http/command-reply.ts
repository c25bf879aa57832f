import type { FastifyReply, FastifyRequest } from 'fastify';
import { injectTraceContext } from '../telemetry/trace-context.js';
import type { Caller } from '../identity/caller.js';
import { etagOf } from './revision-headers.js';

/**
 * The projections of the service that ran a command (`ProjectionRunner` of @app/eventing fits); `Position` is
 * the event-store position type, kept generic so service-kit needs no dependency on the eventing library.
 */
export interface ReadYourWrites<Position = { commit: bigint; prepare: bigint }> {
  waitFor(position: Position, timeoutMs: number): Promise<boolean>;
}

/** What every command route needs to answer: the service's projections and how long to wait for them. */
export interface CommandReplies<Position = { commit: bigint; prepare: bigint }> {
  projections: ReadYourWrites<Position>;
  /** READ_YOUR_WRITES_TIMEOUT_MS. */
  timeoutMs: number;
}

/** What a command did, as the command handler reports it. */
export interface CommandOutcome<Position> {
  /** The aggregate's revision after the command, sent as its ETag; absent where clients never address it. */
  revision?: number | 'no_stream';
  position: Position | null;
}

/** How a route shows what its command did. */
export interface CommandView<Body> {
  /** From the command's own state: always at hand, and what is shown while the read model lags. */
  fromState: () => Body | Promise<Body>;
  /**
   * The read model's row with its revision, preferred once it shows this command: it also holds what other
   * streams taught it (a tenant's subscription counters, a user's billing customer).
   */
  fromReadModel?: () => Promise<{ revision: number | 'no_stream'; body: Body } | null>;
}

/**
 * The one way a command is answered (ARCHITECTURE.md "Read models and consistency"): the ETag of the aggregate's
 * new revision, then read-your-writes, waiting until this service's own projections have reached what the
 * command appended, so a refetch shows the change. After a bounded wait it answers anyway and says so in
 * `X-View-May-Lag`. The body comes from the read model when it has caught up, else from the command's state.
 */
export async function replyAfterCommand<Position, Body>(
  reply: FastifyReply,
  replies: CommandReplies<Position>,
  outcome: CommandOutcome<Position>,
  view: CommandView<Body>,
): Promise<Body> {
  if (outcome.revision !== undefined) reply.header('etag', etagOf(outcome.revision));
  const caughtUp =
    outcome.position === null || (await replies.projections.waitFor(outcome.position, replies.timeoutMs));
  if (!caughtUp) {
    reply.header('x-view-may-lag', 'true');
    return view.fromState();
  }
  const row = view.fromReadModel ? await view.fromReadModel() : null;
  return row !== null && row.revision === outcome.revision ? row.body : view.fromState();
}

/** Event metadata a command's request contributes (the eventing library's `EventMetadata` minus its version). */
export interface RequestMetadata {
  correlationId: string;
  causationId: string;
  actorId?: string;
  actorRole?: 'admin' | 'tenant';
  onBehalfOf?: string;
  /** The Idempotency-Key's operation, when the request came with one (idempotency plugin). */
  operationId?: string;
  traceparent?: string;
  tracestate?: string;
}

/**
 * Who did it and in which trace, stored with every event the command appends. The actor is the person: for an
 * admin viewing as a customer, the admin, with the customer as `onBehalfOf` (such a caller is refused every write
 * by the access policy; should a read ever record a fact, it names the admin, never the customer).
 */
export function commandMetadata(request: FastifyRequest): RequestMetadata {
  const carrier: Record<string, string> = {};
  injectTraceContext(carrier);
  return {
    correlationId: request.id,
    causationId: request.id,
    ...actorOf(request.caller),
    ...(request.operationId ? { operationId: request.operationId } : {}),
    ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}),
    ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}),
  };
}

function actorOf(caller: Caller | null): Pick<RequestMetadata, 'actorId' | 'actorRole' | 'onBehalfOf'> {
  if (caller === null) return {};
  if (caller.actor === undefined) return { actorId: caller.userId, actorRole: caller.role };
  return { actorId: caller.actor.userId, actorRole: 'admin', onBehalfOf: caller.userId };
}
