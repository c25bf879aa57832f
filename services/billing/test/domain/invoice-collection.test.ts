import { describe, expect, it } from 'vitest';
import type { InvoiceEvent } from '../../src/domain/invoice/events.js';
import { IllegalStateError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type {
  AttemptOutcome,
  IssueInvoice,
  RecordAttemptOutcome,
  StartPaymentAttempt,
} from '../../src/domain/invoice/commands.js';
import { invoiceDecider } from '../../src/domain/invoice/decide.js';

const spec = specification(invoiceDecider);
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
const period = { start: '2026-02-28T09:00:00.000Z', end: '2026-03-31T09:00:00.000Z' };
const issuedAt = '2026-02-28T09:00:30.000Z';
const retryAfterDays = [1, 3, 5];
const declined: AttemptOutcome = {
  status: 'failed',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};

const issue: IssueInvoice = {
  type: 'IssueInvoice',
  data: { ...facts, settledBy: null, period },
  metadata: { now: issuedAt },
};
const issued: InvoiceEvent = {
  type: 'InvoiceIssued',
  data: { ...facts, paymentId: null, periodStart: period.start, periodEnd: period.end, issuedAt },
};
const start = (attempt: number, now: string): StartPaymentAttempt => ({
  type: 'StartPaymentAttempt',
  data: {
    invoiceId,
    attempt,
    paymentId: payment(attempt),
    providerCustomerId: 'cus_sandbox_1',
    paymentMethodId: 'pm_sandbox_1',
  },
  metadata: { now },
});
const attempted = (attempt: number, at: string): InvoiceEvent => ({
  type: 'InvoicePaymentAttempted',
  data: {
    invoiceId,
    attempt,
    paymentId: payment(attempt),
    providerCustomerId: 'cus_sandbox_1',
    paymentMethodId: 'pm_sandbox_1',
    attemptedAt: at,
  },
});
const record = (attempt: number, outcome: AttemptOutcome, now: string): RecordAttemptOutcome => ({
  type: 'RecordAttemptOutcome',
  data: { invoiceId, attempt, paymentId: payment(attempt), outcome, retryAfterDays },
  metadata: { now },
});
const failed = (attempt: number, at: string, nextAttemptAt: string | null): InvoiceEvent => ({
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
  },
});

/** Attempt n began at `times[n-1]` and was declined a second later. */
function declinedAttempts(times: string[]): InvoiceEvent[] {
  const first = times[0] ?? issuedAt;
  return times.flatMap((time, index) => {
    const retry = retryAfterDays[index];
    const next = retry === undefined ? null : new Date(Date.parse(first) + retry * 86_400_000).toISOString();
    return [attempted(index + 1, time), failed(index + 1, time, next)];
  });
}

const day = (n: number) => new Date(Date.parse(issuedAt) + n * 86_400_000).toISOString();

describe('renewal invoice collection', () => {
  it('issues a renewal pending for its period, once per subscription and period', () => {
    expect(spec.given([]).when(issue).events).toEqual([issued]);
    expect(spec.given([issued]).when(issue).events).toEqual([]);
    const otherPeriod = { ...issue, data: { ...issue.data, period: { ...period, start: period.end } } };
    expect(spec.given([issued]).when(otherPeriod).error).toBeInstanceOf(IllegalStateError);
  });

  it('records an attempt before the charge, and its success pays the invoice', () => {
    expect(spec.given([issued]).when(start(1, issuedAt)).events).toEqual([attempted(1, issuedAt)]);
    expect(
      spec.given([issued, attempted(1, issuedAt)]).when(record(1, { status: 'succeeded' }, issuedAt)).events,
    ).toEqual([{ type: 'InvoicePaid', data: { ...facts, paymentId: payment(1), paidAt: issuedAt } }]);
  });

  it('schedules the retries 1, 3 and 5 days after the first attempt', () => {
    expect(spec.given([issued, attempted(1, issuedAt)]).when(record(1, declined, issuedAt)).events).toEqual([
      failed(1, issuedAt, day(1)),
    ]);
    const afterTwo = [issued, ...declinedAttempts([issuedAt]), attempted(2, day(1))];
    expect(spec.given(afterTwo).when(record(2, declined, day(1))).events).toEqual([
      failed(2, day(1), day(3)),
    ]);
    const afterThree = [issued, ...declinedAttempts([issuedAt, day(1)]), attempted(3, day(3))];
    expect(spec.given(afterThree).when(record(3, declined, day(3))).events).toEqual([
      failed(3, day(3), day(5)),
    ]);
  });

  it('makes the invoice overdue when the last retry fails, with the facts tenancy needs', () => {
    const lastTry = [issued, ...declinedAttempts([issuedAt, day(1), day(3)]), attempted(4, day(5))];
    expect(spec.given(lastTry).when(record(4, declined, day(5))).events).toEqual([
      failed(4, day(5), null),
      { type: 'InvoiceOverdue', data: { ...facts, paymentId: null, overdueAt: day(5) } },
    ]);
  });

  it('makes it overdue at the first decline when no retry is scheduled', () => {
    const noRetries = record(1, declined, issuedAt);
    const command = { ...noRetries, data: { ...noRetries.data, retryAfterDays: [] } };
    expect(spec.given([issued, attempted(1, issuedAt)]).when(command).events).toEqual([
      failed(1, issuedAt, null),
      { type: 'InvoiceOverdue', data: { ...facts, paymentId: null, overdueAt: issuedAt } },
    ]);
  });

  it('keeps an overdue invoice overdue when a later attempt fails, and pays it when one succeeds', () => {
    const overdue = [
      issued,
      ...declinedAttempts([issuedAt, day(1), day(3), day(5)]),
      { type: 'InvoiceOverdue', data: { ...facts, paymentId: null, overdueAt: day(5) } } as InvoiceEvent,
    ];
    expect(spec.given(overdue).when(start(5, day(31))).events).toEqual([attempted(5, day(31))]);
    const tried = [...overdue, attempted(5, day(31))];
    expect(spec.given(tried).when(record(5, declined, day(31))).events).toEqual([failed(5, day(31), null)]);
    expect(spec.given(tried).when(record(5, { status: 'succeeded' }, day(31))).events).toEqual([
      { type: 'InvoicePaid', data: { ...facts, paymentId: payment(5), paidAt: day(31) } },
    ]);
  });

  it('resumes the attempt in flight, takes the attempts in order, and records each outcome once', () => {
    const inFlight = [issued, attempted(1, issuedAt)];
    expect(spec.given(inFlight).when(start(1, day(0.01))).events).toEqual([]);
    expect(spec.given(inFlight).when(start(2, day(1))).error).toBeInstanceOf(IllegalStateError);
    expect(spec.given([issued]).when(start(2, day(1))).error).toBeInstanceOf(IllegalStateError);
    const recorded = [...inFlight, failed(1, issuedAt, day(1))];
    expect(spec.given(recorded).when(record(1, declined, issuedAt)).events).toEqual([]);
    expect(spec.given([issued]).when(record(1, declined, issuedAt)).error).toBeInstanceOf(IllegalStateError);
    const paid = [
      ...inFlight,
      { type: 'InvoicePaid', data: { ...facts, paymentId: payment(1), paidAt: issuedAt } },
    ];
    expect(spec.given(paid as InvoiceEvent[]).when(start(2, day(1))).events).toEqual([]);
  });

  it('collects only renewals from the saved card', () => {
    const checkout: InvoiceEvent = {
      ...issued,
      data: { ...issued.data, subscriptionId: null },
    } as InvoiceEvent;
    expect(spec.given([checkout]).when(start(1, issuedAt)).error).toBeInstanceOf(IllegalStateError);
  });
});
