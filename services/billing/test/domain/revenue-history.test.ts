import { describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { tenancyIntegrationEventSchema } from '@app/contracts';
import {
  addInvoiceMonths,
  foldInvoiceFacts,
  type InvoiceFact,
  type InvoiceMonth,
} from '../../src/domain/revenue/invoice-revenue.js';
import { addMrrMonths, type MrrMonth } from '../../src/domain/revenue/mrr-month.js';
import { invoiceFactOf, subscriptionFactOf } from '../../src/domain/revenue/revenue-facts.js';
import { revenueReport } from '../../src/domain/revenue/revenue-report.js';
import {
  foldSubscriptionFacts,
  type SubscriptionFact,
  type SubscriptionLedger,
} from '../../src/domain/revenue/subscription-revenue.js';
import { handComputedRevenue, revenueHistory } from '../support/revenue-history.js';

const emptyLedger: SubscriptionLedger = { subscriptions: new Map(), customers: new Map() };

/** The history's facts, read from its events by the same functions the consumer and the projection use. */
function factsOf(history: ReturnType<typeof revenueHistory>) {
  const subscriptions = history.tenancy.flatMap((message) => {
    const event = tenancyIntegrationEventSchema.parse({
      id: uuidv7(),
      occurredAt: '2026-07-01T00:00:00.000Z',
      ...message,
    });
    return subscriptionFactOf(event) ?? [];
  });
  const invoices = history.invoices.flatMap(({ events }) =>
    events.flatMap((event) => invoiceFactOf(event) ?? []),
  );
  return { subscriptions, invoices };
}

function merged<Month>(
  into: Map<string, Month>,
  months: ReadonlyMap<string, Month>,
  add: (a: Month, b: Month) => Month,
) {
  for (const [month, figures] of months) {
    const known = into.get(month);
    into.set(month, known === undefined ? figures : add(known, figures));
  }
}

/** Folds in batches of `size`, carrying the state from one to the next, as the read model's writers do. */
function foldInBatches(facts: { subscriptions: SubscriptionFact[]; invoices: InvoiceFact[] }, size: number) {
  let ledger = emptyLedger;
  let invoices: Awaited<ReturnType<typeof foldInvoiceFacts>>['invoices'] = new Map();
  const mrr = new Map<string, MrrMonth>();
  const invoiceMonths = new Map<string, InvoiceMonth>();
  for (let start = 0; start < facts.subscriptions.length; start += size) {
    const folded = foldSubscriptionFacts(ledger, facts.subscriptions.slice(start, start + size));
    ledger = folded.ledger;
    merged(mrr, folded.months, addMrrMonths);
  }
  for (let start = 0; start < facts.invoices.length; start += size) {
    const folded = foldInvoiceFacts(invoices, facts.invoices.slice(start, start + size));
    invoices = folded.invoices;
    merged(invoiceMonths, folded.months, addInvoiceMonths);
  }
  return { mrr, invoices: invoiceMonths };
}

describe('revenue figures of the hand-built history', () => {
  const facts = factsOf(revenueHistory());

  it('equal the hand-computed answers, month by month', () => {
    const mrr = foldSubscriptionFacts(emptyLedger, facts.subscriptions);
    const invoices = foldInvoiceFacts(new Map(), facts.invoices);
    expect(revenueReport({ mrr: mrr.months, invoices: invoices.months }, '2026-01', '2026-06')).toEqual(
      handComputedRevenue,
    );
  });

  it('are the same folded a few events at a time, as the consumer and the projection fold them', () => {
    for (const size of [1, 2, 5]) {
      expect(revenueReport(foldInBatches(facts, size), '2026-01', '2026-06')).toEqual(handComputedRevenue);
    }
  });

  it('carry MRR, customers and unpaid amounts from the months before a range, and stand still after', () => {
    const history = foldInBatches(facts, 50);
    expect(revenueReport(history, '2026-04', '2026-06')).toEqual(handComputedRevenue.slice(3));
    const [july] = revenueReport(history, '2026-07', '2026-07');
    const june = handComputedRevenue[5];
    expect(july).toMatchObject({
      mrrAtStart: june?.mrr,
      mrr: june?.mrr,
      netNewMrr: 0,
      customers: june?.customers,
      netRevenueRetention: 1,
      collected: 0,
      outstanding: june?.outstanding,
      overdue: june?.overdue,
    });
    expect(revenueReport(history, '2025-12', '2025-12')).toEqual([
      expect.objectContaining({
        mrr: 0,
        customers: 0,
        arpa: null,
        netRevenueRetention: null,
        outstanding: 0,
      }),
    ]);
  });
});

describe('folding subscription facts', () => {
  const subscriptionId = uuidv7();
  const tenantId = uuidv7();
  const start: SubscriptionFact = {
    type: 'started',
    subscriptionId,
    tenantId,
    status: 'active',
    amountCents: 9_900,
    at: '2026-03-01T00:00:00.000Z',
  };

  it('counts a start seen twice once', () => {
    const { months, ledger } = foldSubscriptionFacts(emptyLedger, [start, start]);
    expect(months.get('2026-03')).toMatchObject({ newCents: 9_900, newCustomers: 1 });
    expect(ledger.customers.get(tenantId)).toEqual({ mrrCents: 9_900, hasPaid: true });
  });

  it('passes over a change of a subscription it never saw start', () => {
    const change: SubscriptionFact = {
      type: 'status-changed',
      subscriptionId,
      status: 'cancelled',
      at: start.at,
    };
    expect(foldSubscriptionFacts(emptyLedger, [change])).toEqual({ ledger: emptyLedger, months: new Map() });
  });

  it('moves no MRR for a plan change during a trial, and the new price once it is paid', () => {
    const { months } = foldSubscriptionFacts(emptyLedger, [
      { ...start, status: 'trial' },
      { type: 'plan-changed', subscriptionId, amountCents: 19_900, at: '2026-03-05T00:00:00.000Z' },
      { type: 'status-changed', subscriptionId, status: 'active', at: '2026-03-15T00:00:00.000Z' },
    ]);
    expect([...months]).toEqual([
      ['2026-03', expect.objectContaining({ newCents: 19_900, expansionCents: 0 })],
    ]);
  });
});

describe('folding invoice facts', () => {
  const invoiceId = uuidv7();
  const issued: InvoiceFact = {
    type: 'issued',
    invoiceId,
    amountCents: 4_900,
    at: '2026-03-01T00:00:00.000Z',
  };
  const paid: InvoiceFact = { type: 'paid', invoiceId, at: '2026-04-02T00:00:00.000Z' };

  it('collects a payment once, in the month it was paid, and an overdue after payment changes nothing', () => {
    const overdue: InvoiceFact = { type: 'overdue', invoiceId, at: '2026-04-03T00:00:00.000Z' };
    const { months } = foldInvoiceFacts(new Map(), [issued, paid, paid, overdue]);
    expect(Object.fromEntries(months)).toEqual({
      '2026-03': { collectedCents: 0, paidInvoices: 0, outstandingChangeCents: 4_900, overdueChangeCents: 0 },
      '2026-04': {
        collectedCents: 4_900,
        paidInvoices: 1,
        outstandingChangeCents: -4_900,
        overdueChangeCents: 0,
      },
    });
  });

  it('passes over a payment of an invoice it never saw issued', () => {
    expect(foldInvoiceFacts(new Map(), [paid]).months).toEqual(new Map());
  });
});
