import { describe, it } from 'vitest';
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

const { given } = specification(invoiceDecider);
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

const paidBy = (attempt: number, at: string): InvoiceEvent => ({
  type: 'InvoicePaid',
  data: { ...facts, paymentId: payment(attempt), paidAt: at },
});
const overdueAt = (at: string): InvoiceEvent => ({
  type: 'InvoiceOverdue',
  data: { ...facts, paymentId: null, overdueAt: at },
});

describe('no invoice', () => {
  it('issues a renewal pending for its period', () => {
    given([]).when(issue).then([issued]);
  });
});

describe('a pending renewal invoice', () => {
  it('is issued once per subscription and period', () => {
    given([issued]).when(issue).then([]);
  });

  it('refuses its id to another period', () => {
    const otherPeriod = { ...issue, data: { ...issue.data, period: { ...period, start: period.end } } };
    given([issued])
      .when(otherPeriod)
      .thenThrows(new IllegalStateError('An invoice with this id already exists'));
  });

  it('records an attempt before the charge', () => {
    given([issued])
      .when(start(1, issuedAt))
      .then([attempted(1, issuedAt)]);
  });

  it('takes the attempts in order', () => {
    given([issued])
      .when(start(2, day(1)))
      .thenThrows(new IllegalStateError('Collection attempt 2 is not the next one (1)'));
  });

  it('refuses an outcome for an attempt never started', () => {
    given([issued])
      .when(record(1, declined, issuedAt))
      .thenThrows(new IllegalStateError('No collection attempt 1 is in flight'));
  });
});

describe('a renewal invoice with its first attempt in flight', () => {
  const inFlight = [issued, attempted(1, issuedAt)];

  it('is paid by the attempt’s success', () => {
    given(inFlight)
      .when(record(1, { status: 'succeeded' }, issuedAt))
      .then([paidBy(1, issuedAt)]);
  });

  it('schedules the first retry 1 day after a decline', () => {
    given(inFlight)
      .when(record(1, declined, issuedAt))
      .then([failed(1, issuedAt, day(1))]);
  });

  it('is overdue at the first decline when no retry is scheduled', () => {
    const noRetries = record(1, declined, issuedAt);
    const command = { ...noRetries, data: { ...noRetries.data, retryAfterDays: [] } };
    given(inFlight)
      .when(command)
      .then([failed(1, issuedAt, null), overdueAt(issuedAt)]);
  });

  it('resumes the attempt in flight', () => {
    given(inFlight)
      .when(start(1, day(0.01)))
      .then([]);
  });

  it('starts no other attempt while one is in flight', () => {
    given(inFlight)
      .when(start(2, day(1)))
      .thenThrows(new IllegalStateError('Collection attempt 1 is still in flight'));
  });
});

describe('a renewal invoice on its retries', () => {
  it('schedules the second retry 3 days after the first attempt', () => {
    given([issued, ...declinedAttempts([issuedAt]), attempted(2, day(1))])
      .when(record(2, declined, day(1)))
      .then([failed(2, day(1), day(3))]);
  });

  it('schedules the third retry 5 days after the first attempt', () => {
    given([issued, ...declinedAttempts([issuedAt, day(1)]), attempted(3, day(3))])
      .when(record(3, declined, day(3)))
      .then([failed(3, day(3), day(5))]);
  });

  it('is overdue when the last retry fails, with the facts tenancy needs', () => {
    given([issued, ...declinedAttempts([issuedAt, day(1), day(3)]), attempted(4, day(5))])
      .when(record(4, declined, day(5)))
      .then([failed(4, day(5), null), overdueAt(day(5))]);
  });
});

describe('a renewal invoice whose attempt was declined', () => {
  it('records each outcome once', () => {
    given([issued, attempted(1, issuedAt), failed(1, issuedAt, day(1))])
      .when(record(1, declined, issuedAt))
      .then([]);
  });
});

describe('an overdue renewal invoice', () => {
  const overdue = [issued, ...declinedAttempts([issuedAt, day(1), day(3), day(5)]), overdueAt(day(5))];
  const tried = [...overdue, attempted(5, day(31))];

  it('takes an attempt on a later anniversary', () => {
    given(overdue)
      .when(start(5, day(31)))
      .then([attempted(5, day(31))]);
  });

  it('stays overdue when that attempt fails', () => {
    given(tried)
      .when(record(5, declined, day(31)))
      .then([failed(5, day(31), null)]);
  });

  it('is paid when that attempt succeeds', () => {
    given(tried)
      .when(record(5, { status: 'succeeded' }, day(31)))
      .then([paidBy(5, day(31))]);
  });
});

describe('a paid renewal invoice', () => {
  it('has nothing left to collect', () => {
    given([issued, attempted(1, issuedAt), paidBy(1, issuedAt)])
      .when(start(2, day(1)))
      .then([]);
  });
});

describe('a checkout’s invoice', () => {
  it('is never collected from the saved card', () => {
    const checkout: InvoiceEvent = {
      ...issued,
      data: { ...issued.data, subscriptionId: null },
    } as InvoiceEvent;
    given([checkout])
      .when(start(1, issuedAt))
      .thenThrows(new IllegalStateError('Only a renewal invoice is collected from the saved card'));
  });
});
