import { defineAggregate, type RecordedEvent } from '@app/eventing';
import { tenantDecider } from '../domain/tenant/decide.js';
import { tenantEventSchema, type TenantEvent } from '../domain/tenant/events.js';

/**
 * A tenant: its stream category, its decider, and how a stored event is read back (validated; an upcaster for a
 * `.v2` type would go here).
 */
export const tenants = defineAggregate({
  category: 'tenancy_tenant',
  decider: tenantDecider,
  decode: (recorded: RecordedEvent): TenantEvent =>
    tenantEventSchema.parse({ type: recorded.type, data: recorded.data }),
});
