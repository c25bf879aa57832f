import { defineAggregate, storedEventDecoder } from '@app/eventing';
import { invoiceDecider } from '../domain/invoice/decide.js';
import { invoiceEventSchema } from '../domain/invoice/events.js';

/**
 * An invoice, paid at checkout or issued for a renewal and collected: its stream category, its decider, and how
 * a stored event is read back (validated; an upcaster for a `.v2` type would go here).
 */
export const invoices = defineAggregate({
  category: 'billing_invoice',
  decider: invoiceDecider,
  decode: storedEventDecoder(invoiceEventSchema),
});
