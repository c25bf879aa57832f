import { customerEventSchema, type CustomerEvent } from '../domain/customer/events.js';
import { invoiceEventSchema, type InvoiceEvent } from '../domain/invoice/events.js';
import { paymentEventSchema, type PaymentEvent } from '../domain/payment/events.js';
import { streamName, type EventStore, type RecordedEvent } from '@app/eventing';
import { customerDecider } from '../domain/customer/decide.js';
import type { CustomerState } from '../domain/customer/customer.js';
import { invoiceDecider } from '../domain/invoice/decide.js';
import type { InvoiceState } from '../domain/invoice/invoice.js';
import { paymentDecider } from '../domain/payment/decide.js';
import type { PaymentState } from '../domain/payment/payment.js';

/** Billing's event categories (ARCHITECTURE.md "Event store"): `billing_<aggregate>-<id>`. */
export const customerCategory = 'billing_customer';
export const paymentCategory = 'billing_payment';
export const invoiceCategory = 'billing_invoice';

/** A buyer's customer stream is keyed by their user id: one per buyer, found without a lookup. */
export const customerStream = (userId: string): string => streamName(customerCategory, userId);
export const paymentStream = (paymentId: string): string => streamName(paymentCategory, paymentId);
export const invoiceStream = (invoiceId: string): string => streamName(invoiceCategory, invoiceId);

/** Stored events are validated on the way back in; an upcaster for a `.v2` type would go here. */
export function decodeCustomerEvent(recorded: RecordedEvent): CustomerEvent {
  return customerEventSchema.parse({ type: recorded.type, data: recorded.data });
}

export function decodePaymentEvent(recorded: RecordedEvent): PaymentEvent {
  return paymentEventSchema.parse({ type: recorded.type, data: recorded.data });
}

export function decodeInvoiceEvent(recorded: RecordedEvent): InvoiceEvent {
  return invoiceEventSchema.parse({ type: recorded.type, data: recorded.data });
}

export async function readCustomer(eventStore: EventStore, userId: string): Promise<CustomerState> {
  const { events } = await eventStore.readStream(customerStream(userId));
  return events.map(decodeCustomerEvent).reduce(customerDecider.evolve, customerDecider.initialState());
}

export async function readPayment(eventStore: EventStore, paymentId: string): Promise<PaymentState> {
  const { events } = await eventStore.readStream(paymentStream(paymentId));
  return events.map(decodePaymentEvent).reduce(paymentDecider.evolve, paymentDecider.initialState());
}

export async function readInvoice(eventStore: EventStore, invoiceId: string): Promise<InvoiceState> {
  const { events } = await eventStore.readStream(invoiceStream(invoiceId));
  return events.map(decodeInvoiceEvent).reduce(invoiceDecider.evolve, invoiceDecider.initialState());
}
