import type pg from 'pg';
import { aggregateStore, aggregateUniqueValues, type EventStore } from '@app/eventing';
import type { KeyRing } from '@app/secrets';
import { createTenantCommands, type TenantCommands } from './tenant-commands.js';
import { tenants } from './tenants.js';

/**
 * Tenant use cases with their slug reservations. Slugs are unique among tenants, and a tenant keeps the slug it
 * was created with; a stale reservation is checked against its tenant's own stream.
 */
export function wireTenantCommands(
  eventStore: EventStore,
  db: pg.Pool,
  keyRing: KeyRing,
  now: () => Date,
): TenantCommands {
  const slugs = aggregateUniqueValues({
    db,
    store: aggregateStore(eventStore, tenants),
    valueOf: (state) => (state.status === 'absent' ? null : state.slug),
    table: { name: 'tenant_slugs', valueColumn: 'slug', ownerColumn: 'tenant_id' },
    takenMessage: (slug) => `The slug "${slug}" is already used by another tenant`,
  });
  return createTenantCommands({ eventStore, slugs, keyRing, now });
}
