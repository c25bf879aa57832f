import { v5 as uuidv5 } from 'uuid';

/** Fixed forever: a renewal's ids come from what it is for, so a repeat (a second runner) names the same ones. */
const renewalInvoiceNamespace = '614903da-5cb6-4c47-ba10-dd5f2ecf6ece';
const renewalPaymentNamespace = 'fdc0fef3-a0e4-4d86-bec0-aa37ef61b199';

/** One invoice per subscription and period. */
export const renewalInvoiceId = (subscriptionId: string, periodStart: string): string =>
  uuidv5(`${subscriptionId}/${new Date(periodStart).toISOString()}`, renewalInvoiceNamespace);

/** One payment per collection attempt of an invoice. */
export const renewalPaymentId = (invoiceId: string, attempt: number): string =>
  uuidv5(`${invoiceId}/${attempt}`, renewalPaymentNamespace);

/** The provider's idempotency key for an attempt's charge: a resumed attempt is answered as before. */
export const renewalChargeKey = (invoiceId: string, attempt: number): string =>
  `billing-renewal-${invoiceId}-${attempt}`;
