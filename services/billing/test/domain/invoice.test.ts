import { describe, expect, it } from 'vitest';
import type { InvoiceEvent } from '../../src/domain/invoice/events.js';
import { IllegalStateError } from '@app/domain';
import { specification } from '@app/domain/testing';
import { oneMonthAfter } from '../../src/domain/invoice/billing-period.js';
import type { IssueInvoice } from '../../src/domain/invoice/commands.js';
import { invoiceDecider } from '../../src/domain/invoice/decide.js';

const { given } = specification(invoiceDecider);
const invoiceId = '0196f2a0-0000-7000-8000-0000000000f1';
const paymentId = '0196f2a0-0000-7000-8000-0000000000b1';
const now = '2026-11-21T10:00:00.000Z';
const facts = {
  invoiceId,
  number: 'INV-000042',
  userId: '0196f2a0-0000-7000-8000-0000000000c1',
  tenantId: null,
  subscriptionId: null,
  productId: '0196f2a0-0000-7000-8000-0000000000e1',
  amountCents: 34_900,
  currency: 'usd',
} as const;

const issue = (settledBy: string | null): IssueInvoice => ({
  type: 'IssueInvoice',
  data: { ...facts, settledBy },
  metadata: { now },
});
const issued = (payment: string | null): InvoiceEvent => ({
  type: 'InvoiceIssued',
  data: {
    ...facts,
    paymentId: payment,
    periodStart: now,
    periodEnd: '2026-12-21T10:00:00.000Z',
    issuedAt: now,
  },
});
const paid: InvoiceEvent = {
  type: 'InvoicePaid',
  data: { ...facts, paymentId, periodStart: now, periodEnd: '2026-12-21T10:00:00.000Z', paidAt: now },
};

const idTaken = new IllegalStateError('An invoice with this id already exists');

describe('no invoice', () => {
  it('issues a checkout’s invoice already paid by its payment, for one month, the payment saying which', () => {
    given([])
      .when(issue(paymentId))
      .then([issued(paymentId), paid]);
  });

  it('issues an invoice without a payment as pending', () => {
    given([])
      .when(issue(null))
      .then([issued(null)]);
  });
});

describe('an invoice paid at checkout', () => {
  it('adds nothing when the same payment issues it again', () => {
    given([issued(paymentId), paid])
      .when(issue(paymentId))
      .then([]);
  });

  it('refuses its id to another payment', () => {
    given([issued(paymentId), paid])
      .when(issue('0196f2a0-0000-7000-8000-0000000000b2'))
      .thenThrows(idTaken);
  });
});

describe('a pending invoice', () => {
  it('refuses its id to another invoice without a payment', () => {
    given([issued(null)])
      .when(issue(null))
      .thenThrows(idTaken);
  });
});

describe('billing period', () => {
  it.each([
    ['2026-11-21T10:00:00.000Z', '2026-12-21T10:00:00.000Z'],
    ['2026-12-15T00:00:00.000Z', '2027-01-15T00:00:00.000Z'],
    ['2026-01-31T23:59:59.000Z', '2026-02-28T23:59:59.000Z'],
    ['2028-01-31T08:00:00.000Z', '2028-02-29T08:00:00.000Z'],
    ['2026-03-31T12:00:00.000Z', '2026-04-30T12:00:00.000Z'],
  ])('one month after %s is %s', (start, end) => {
    expect(oneMonthAfter(start)).toBe(end);
  });
});
