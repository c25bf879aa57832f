import { createCommandHandler, type EventStore } from '@app/eventing';
import { customerDecider } from '../domain/customer/decide.js';
import { invoiceDecider } from '../domain/invoice/decide.js';
import { paymentDecider } from '../domain/payment/decide.js';
import { decodeCustomerEvent, decodeInvoiceEvent, decodePaymentEvent } from './streams.js';

/** One command handler per billing aggregate (read stream → fold → decide → append, retrying conflicts). */
export function createBillingHandlers(eventStore: EventStore) {
  return {
    customer: createCommandHandler({ eventStore, decider: customerDecider, decode: decodeCustomerEvent }),
    payment: createCommandHandler({ eventStore, decider: paymentDecider, decode: decodePaymentEvent }),
    invoice: createCommandHandler({ eventStore, decider: invoiceDecider, decode: decodeInvoiceEvent }),
  };
}

export type BillingHandlers = ReturnType<typeof createBillingHandlers>;
