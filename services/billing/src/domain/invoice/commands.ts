import type { InvoiceProration } from './events.js';

/** Time comes with the command (STYLE.md "Domain"): decide has no clock. */
interface CommandMetadata {
  now: string;
}

/**
 * Issues an invoice. `number` was allocated before (a Postgres sequence); `settledBy` names a payment that already
 * pays it, as a confirmed checkout does, so it is issued and paid at once. A checkout's invoice bills one month
 * from now; a renewal names its `period` (from one anniversary to the next) and is issued pending.
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
    period?: { start: string; end: string };
    /** An upgrade's prorated invoice: how it was prorated. */
    proration?: InvoiceProration;
  };
  metadata: CommandMetadata;
}

/** Begins collection attempt `attempt` of a pending or overdue renewal with the payer's saved card. */
export interface StartPaymentAttempt {
  type: 'StartPaymentAttempt';
  data: {
    invoiceId: string;
    attempt: number;
    paymentId: string;
    providerCustomerId: string;
    paymentMethodId: string;
  };
  metadata: CommandMetadata;
}

export type AttemptOutcome =
  { status: 'succeeded' } | { status: 'failed'; code: string; declineCode: string | null; message: string };

/**
 * Records how the attempt in flight ended. `retryAfterDays` is the dunning schedule (days after the first
 * attempt, one entry per retry), given by configuration so the decider stays free of it.
 */
export interface RecordAttemptOutcome {
  type: 'RecordAttemptOutcome';
  data: {
    invoiceId: string;
    attempt: number;
    paymentId: string;
    outcome: AttemptOutcome;
    retryAfterDays: readonly number[];
  };
  metadata: CommandMetadata;
}

/**
 * Names the tenant the invoice's purchase was for, once billing learns it: a checkout's invoice is issued before
 * tenancy has settled the buyer's tenant when billing's copy knew none (README "Invoice tenants").
 */
export interface AssignInvoiceTenant {
  type: 'AssignInvoiceTenant';
  data: { invoiceId: string; tenantId: string };
  metadata: CommandMetadata;
}

export type InvoiceCommand = IssueInvoice | StartPaymentAttempt | RecordAttemptOutcome | AssignInvoiceTenant;
