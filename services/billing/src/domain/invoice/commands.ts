/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/**
 * Issues an invoice for one month from now. `number` was allocated before (a Postgres sequence); `settledBy`
 * names a payment that already pays it, as a confirmed checkout does, so it is issued and paid at once.
 */
export interface IssueInvoice {
  type: 'IssueInvoice';
  data: {
    invoiceId: string;
    number: string;
    userId: string;
    tenantId: string | null;
    subscriptionId: string | null;
    productId: string;
    amountCents: number;
    currency: 'usd';
    settledBy: string | null;
  };
  metadata: CommandMetadata;
}

export type InvoiceCommand = IssueInvoice;
