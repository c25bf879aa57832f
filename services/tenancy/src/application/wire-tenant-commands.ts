import type pg from 'pg';
import { aggregateStore, type EventStore } from '@app/eventing';
import type { KeyRing } from '@app/secrets';
import { createTenantCommands, type TenantCommands } from './tenant-commands.js';
import { createTenantSlugReservations } from './tenant-slugs.js';
import { tenants } from './tenants.js';

/** Tenant use cases whose slug reservations consult the event store for the truth. */
export function wireTenantCommands(
  eventStore: EventStore,
  db: pg.Pool,
  keyRing: KeyRing,
  now: () => Date,
): TenantCommands {
  const store = aggregateStore(eventStore, tenants);
  const slugs = createTenantSlugReservations(db, async (tenantId) => {
    const { state } = await store.read(tenantId);
    return state.status === 'absent' ? null : state.slug;
  });
  return createTenantCommands({ eventStore, slugs, keyRing, now });
}
