import type pg from 'pg';
import { mapBounded } from '@app/concurrency';
import { NotFoundError } from '@app/domain';
import { aggregateStore, type EventStore } from '@app/eventing';
import { resealIfStale, secretContexts, type KeyRing } from '@app/secrets';
import type { ResealWebhookEndpointSecrets } from '../domain/endpoint/commands.js';
import { endpointNotFound } from '../domain/endpoint/decide.js';
import { signingSecrets, type WebhookEndpointFacts } from '../domain/endpoint/endpoint.js';
import { webhookEndpoints } from '../endpoints.js';

export interface ResealSummary {
  endpointsChecked: number;
  endpointsResealed: number;
}

/** Who the resealing facts name as their actor. */
const options = { metadata: { actorId: 'secrets-reseal' } };

/** Streams resealed at once: each is a read and at most one append, and the event store is shared. */
const concurrency = 8;

/**
 * Reseals under the key ring's newest key every webhook signing secret an older key sealed, so the older key can
 * leave the ring (docs/operations.md "Rotate the secrets key ring"): the current secret, and the previous one while
 * it still signs (an expired one is never opened again). Which endpoints exist comes from the read model (run it
 * with notifications' projections caught up); what is sealed comes from each stream. A second run finds nothing.
 */
export async function resealAllEndpointSecrets(deps: {
  pool: pg.Pool;
  eventStore: EventStore;
  keyRing: KeyRing;
  now: () => Date;
}): Promise<ResealSummary> {
  const endpoints = aggregateStore(deps.eventStore, webhookEndpoints);
  const { rows } = await deps.pool.query<{ id: string }>('SELECT id FROM webhook_endpoints ORDER BY id');
  const results = await mapBounded(rows, concurrency, async ({ id }) => {
    const { state } = await endpoints.read(id);
    // A deleted endpoint (between the listing and this read) signs nothing again: its seals are left as they are.
    if (
      state.status === 'absent' ||
      state.status === 'deleted' ||
      !resealsAnything(reseal(deps.keyRing, state, deps.now()))
    )
      return false;
    // Made from the endpoint as it stands when appended, so a secret rotated meanwhile is never overwritten.
    const { newEvents } = await endpoints.handle(
      id,
      (current) => {
        if (current.status === 'absent') throw new NotFoundError(endpointNotFound);
        return reseal(deps.keyRing, current, deps.now());
      },
      options,
    );
    return newEvents.length > 0;
  });
  return { endpointsChecked: rows.length, endpointsResealed: results.filter(Boolean).length };
}

/**
 * The command resealing what an older key sealed of the secrets that sign: the current one, and the previous one
 * until it expires. It names neither when the newest key sealed both.
 */
function reseal(keyRing: KeyRing, endpoint: WebhookEndpointFacts, now: Date): ResealWebhookEndpointSecrets {
  const context = secretContexts.webhookEndpointSecret(endpoint.endpointId);
  const [current, previous] = signingSecrets(endpoint, now.toISOString()).map((sealed) =>
    resealIfStale(keyRing, sealed, context),
  );
  return {
    type: 'ResealWebhookEndpointSecrets',
    data: {
      endpointId: endpoint.endpointId,
      tenantId: endpoint.tenantId,
      ...(current ? { secret: current } : {}),
      ...(previous ? { previousSecret: previous } : {}),
    },
    metadata: { now: now.toISOString() },
  };
}

function resealsAnything(command: ResealWebhookEndpointSecrets): boolean {
  return command.data.secret !== undefined || command.data.previousSecret !== undefined;
}
