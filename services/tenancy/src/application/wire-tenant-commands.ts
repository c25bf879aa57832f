import type pg from 'pg';
import type { EventStore } from '@app/eventing';
import type { KeyRing } from '@app/secrets';
import { createTenantCommands, type TenantCommands } from './tenant-commands.js';
import { createTenantSlugReservations } from './tenant-slugs.js';
import { readTenant } from './tenant-stream.js';

/** Tenant use cases whose slug reservations consult the event store for the truth. */
export function wireTenantCommands(
  eventStore: EventStore,
  db: pg.Pool,
  keyRing: KeyRing,
  now: () => Date,
): TenantCommands {
  const slugs = createTenantSlugReservations(db, async (tenantId) => {
    const { state } = await readTenant(eventStore, tenantId);
    return state.status === 'absent' ? null : state.slug;
  });
  return createTenantCommands({ eventStore, slugs, keyRing, now });
}
