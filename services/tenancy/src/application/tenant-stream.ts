import { tenantEventSchema, type TenantEvent } from '../domain/tenant/events.js';
import { streamName, type EventStore, type RecordedEvent } from '@app/eventing';
import { tenantDecider } from '../domain/tenant/decide.js';
import type { TenantState } from '../domain/tenant/tenant.js';

export const tenantCategory = 'tenancy_tenant';
export const tenantStream = (tenantId: string): string => streamName(tenantCategory, tenantId);

/** Stored events are validated on the way back in; an upcaster for a `.v2` type would go here. */
export function decodeTenantEvent(recorded: RecordedEvent): TenantEvent {
  return tenantEventSchema.parse({ type: recorded.type, data: recorded.data });
}

/** The tenant as its own stream tells it, with the stream's revision (`no_stream` when there is none). */
export async function readTenant(
  eventStore: EventStore,
  tenantId: string,
): Promise<{ state: TenantState; revision: number | 'no_stream' }> {
  const { events, revision } = await eventStore.readStream(tenantStream(tenantId));
  const state = events.map(decodeTenantEvent).reduce(tenantDecider.evolve, tenantDecider.initialState());
  return { state, revision };
}
