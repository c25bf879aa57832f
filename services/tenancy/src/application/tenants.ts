import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { tenantDecider } from '../domain/tenant/decide.js';
import { tenantEventSchema } from '../domain/tenant/events.js';

/**
 * A tenant: its stream category, its decider, and how a stored event is read back (validated; an upcaster for a
 * `.v2` type would go here).
 */
export const tenants = defineAggregate({
  category: 'tenancy_tenant',
  decider: tenantDecider,
  decode: storedEventDecoder(tenantEventSchema),
});
