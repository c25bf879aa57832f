/* One renewal invoice of a subscription, with its commands and events, for the collection and retry rules. */
import type { RenewalDunning } from '@app/contracts';
import type { InvoiceEvent } from '../../src/domain/invoice/events.js';
import type {
  AttemptOutcome,
  IssueInvoice,
  RecordAttemptOutcome,
  StartPaymentAttempt,
} from '../../src/domain/invoice/commands.js';

const invoiceId = '0196f2a0-0000-7000-8000-0000000000f2';
const subscriptionId = '0196f2a0-0000-7000-8000-0000000000a1';
const payment = (attempt: number) => `0196f2a0-0000-7000-8000-00000000b00${attempt}`;
const facts = {
  invoiceId,
  number: 'INV-000007',
  userId: '0196f2a0-0000-7000-8000-0000000000c1',
  tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
  subscriptionId,
  productId: '0196f2a0-0000-7000-8000-0000000000e1',
  amountCents: 34_900,
  currency: 'usd',
} as const;
export const period = { start: '2026-02-28T09:00:00.000Z', end: '2026-03-31T09:00:00.000Z' };
export const issuedAt = '2026-02-28T09:00:30.000Z';
const retryAfterDays = [1, 3, 5];
export const declined: AttemptOutcome = {
  status: 'failed',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};

export const issue: IssueInvoice = {
  type: 'IssueInvoice',
  data: { ...facts, settledBy: null, period },
  metadata: { now: issuedAt },
};
export const issued: InvoiceEvent = {
  type: 'InvoiceIssued',
  data: { ...facts, paymentId: null, periodStart: period.start, periodEnd: period.end, issuedAt },
};
/** Attempt n: its payment, charging the payer's saved Sandbox card. */
const attempt = (n: number) => ({
  invoiceId,
  attempt: n,
  paymentId: payment(n),
  providerCustomerId: 'cus_sandbox_1',
  paymentMethodId: 'pm_sandbox_1',
});
export const start = (n: number, now: string): StartPaymentAttempt => ({
  type: 'StartPaymentAttempt',
  data: attempt(n),
  metadata: { now },
});
export const attempted = (n: number, at: string): InvoiceEvent => ({
  type: 'InvoicePaymentAttempted',
  data: { ...attempt(n), attemptedAt: at },
});
export const record = (attempt: number, outcome: AttemptOutcome, now: string): RecordAttemptOutcome => ({
  type: 'RecordAttemptOutcome',
  data: { invoiceId, attempt, paymentId: payment(attempt), outcome, retryAfterDays },
  metadata: { now },
});
/** Attempt n declined: a retry at `nextAttemptAt`, else overdue now, unless `dunning` says it already was. */
export const failed = (
  attempt: number,
  at: string,
  nextAttemptAt: string | null,
  dunning: RenewalDunning = nextAttemptAt === null ? 'now-overdue' : 'retry-scheduled',
): InvoiceEvent => {
  const { invoiceId: _id, ...invoice } = facts;
  return {
    type: 'InvoicePaymentFailed',
    data: {
      invoiceId,
      attempt,
      paymentId: payment(attempt),
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
      failedAt: at,
      nextAttemptAt,
      invoice,
      dunning,
    },
  };
};

/** Attempt n began at `times[n-1]` and was declined then, each retry scheduled from the first attempt. */
export function declinedAttempts(times: string[]): InvoiceEvent[] {
  const first = times[0] ?? issuedAt;
  return times.flatMap((time, index) => {
    const retry = retryAfterDays[index];
    const next = retry === undefined ? null : new Date(Date.parse(first) + retry * 86_400_000).toISOString();
    return [attempted(index + 1, time), failed(index + 1, time, next)];
  });
}

export const day = (n: number) => new Date(Date.parse(issuedAt) + n * 86_400_000).toISOString();

export const paidBy = (attempt: number, at: string): InvoiceEvent => ({
  type: 'InvoicePaid',
  data: {
    ...facts,
    paymentId: payment(attempt),
    periodStart: period.start,
    periodEnd: period.end,
    paidAt: at,
  },
});
export const overdueAt = (at: string): InvoiceEvent => ({
  type: 'InvoiceOverdue',
  data: { ...facts, paymentId: null, overdueAt: at },
});
