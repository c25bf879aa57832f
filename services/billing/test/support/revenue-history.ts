import { v7 as uuidv7 } from 'uuid';
import type { RevenueMonthFigures, SubscriptionPlan, SubscriptionStatus } from '@app/contracts';
import type { InvoiceEvent } from '../../src/domain/invoice/events.js';

/**
 * A hand-built half year of four tenants (README "Revenue analytics"), in tenancy's published events and billing's
 * stored invoice events, with the figures worked out by hand below. Fresh ids on every call.
 *
 * Prices: basic $49, professional $99, enterprise $199 a month.
 * - Acme: A1 professional from Jan 3, upgraded to enterprise at once on Feb 1 (a $6.45 prorated invoice for the
 *   2 days left of 31), downgraded back to professional, which takes effect at its renewal on Apr 3; A2 basic from
 *   Jan 20, cancelled at once by an admin on May 20. A1 set to cancel on Jun 10 and resumed on Jun 12.
 * - Birch: B1 basic on trial from Jan 10, active when its first renewal is paid on Feb 24; suspended on Mar 29
 *   when the Mar 24 renewal is overdue after its retries, active again on Apr 8 when it is paid (Pay now);
 *   suspended again on May 29 (the May 24 renewal overdue, still unpaid).
 * - Cedar: C1 enterprise from Jan 15, set to cancel at period end on Feb 5, cancelled when its term ends on
 *   Mar 15; C2 basic bought on Apr 20.
 * - Dune: D1 professional on trial from May 2, cancelled on May 16 before it was ever paid.
 */
export function revenueHistory() {
  const tenants = { acme: uuidv7(), birch: uuidv7(), cedar: uuidv7(), dune: uuidv7() };
  const subscriptions = {
    a1: { id: uuidv7(), tenantId: tenants.acme },
    a2: { id: uuidv7(), tenantId: tenants.acme },
    b1: { id: uuidv7(), tenantId: tenants.birch },
    c1: { id: uuidv7(), tenantId: tenants.cedar },
    c2: { id: uuidv7(), tenantId: tenants.cedar },
    d1: { id: uuidv7(), tenantId: tenants.dune },
  };
  type Sub = (typeof subscriptions)[keyof typeof subscriptions];
  const productId = uuidv7();
  const at = (day: string) => `2026-${day}T09:00:00.000Z`;
  const prices = { basic: 4_900, professional: 9_900, enterprise: 19_900 } as const;
  const ids = (sub: Sub) => ({ subscriptionId: sub.id, tenantId: sub.tenantId, productId });

  const started = (sub: Sub, plan: SubscriptionPlan, status: SubscriptionStatus, day: string) => ({
    type: 'tenancy.subscription.started.v1',
    data: { ...ids(sub), plan, status, amountCents: prices[plan], startedAt: at(day) },
  });
  const statusChanged = (
    sub: Sub,
    previousStatus: SubscriptionStatus,
    status: SubscriptionStatus,
    day: string,
  ) => ({
    type: 'tenancy.subscription.status-changed.v1',
    data: { ...ids(sub), previousStatus, status, changedAt: at(day) },
  });
  const planChanged = (sub: Sub, previousPlan: SubscriptionPlan, plan: SubscriptionPlan, day: string) => ({
    type: 'tenancy.subscription.plan-changed.v1',
    data: {
      ...ids(sub),
      previousPlan,
      plan,
      previousAmountCents: prices[previousPlan],
      amountCents: prices[plan],
      changedAt: at(day),
    },
  });
  const cancellation = (sub: Sub, change: 'scheduled' | 'withdrawn', day: string) => ({
    type: `tenancy.subscription.cancellation-${change}.v1`,
    data: { ...ids(sub), [change === 'scheduled' ? 'scheduledAt' : 'withdrawnAt']: at(day) },
  });

  /** In the order tenancy records them. */
  const tenancy = [
    started(subscriptions.a1, 'professional', 'active', '01-03'),
    started(subscriptions.b1, 'basic', 'trial', '01-10'),
    started(subscriptions.c1, 'enterprise', 'active', '01-15'),
    started(subscriptions.a2, 'basic', 'active', '01-20'),
    planChanged(subscriptions.a1, 'professional', 'enterprise', '02-01'),
    cancellation(subscriptions.c1, 'scheduled', '02-05'),
    statusChanged(subscriptions.b1, 'trial', 'active', '02-24'),
    statusChanged(subscriptions.c1, 'active', 'cancelled', '03-15'),
    statusChanged(subscriptions.b1, 'active', 'suspended', '03-29'),
    planChanged(subscriptions.a1, 'enterprise', 'professional', '04-03'),
    statusChanged(subscriptions.b1, 'suspended', 'active', '04-08'),
    started(subscriptions.c2, 'basic', 'active', '04-20'),
    started(subscriptions.d1, 'professional', 'trial', '05-02'),
    statusChanged(subscriptions.d1, 'trial', 'cancelled', '05-16'),
    statusChanged(subscriptions.a2, 'active', 'cancelled', '05-20'),
    statusChanged(subscriptions.b1, 'active', 'suspended', '05-29'),
    cancellation(subscriptions.a1, 'scheduled', '06-10'),
    cancellation(subscriptions.a1, 'withdrawn', '06-12'),
  ];

  let number = 0;
  /** One invoice's events (its stream), issued on `issued`, then paid or overdue on the days given. */
  const invoice = (
    sub: Sub,
    amountCents: number,
    issued: string,
    then: { paid?: string; overdue?: string } = {},
  ) => {
    number += 1;
    const facts = {
      invoiceId: uuidv7(),
      number: `INV-${String(number).padStart(6, '0')}`,
      userId: uuidv7(),
      tenantId: sub.tenantId,
      subscriptionId: sub.id,
      productId,
      paymentId: null,
      amountCents,
      currency: 'usd' as const,
    };
    const events: InvoiceEvent[] = [
      {
        type: 'InvoiceIssued',
        data: { ...facts, periodStart: at(issued), periodEnd: at(issued), issuedAt: at(issued) },
      },
    ];
    if (then.overdue)
      events.push({ type: 'InvoiceOverdue', data: { ...facts, overdueAt: at(then.overdue) } });
    if (then.paid)
      events.push({ type: 'InvoicePaid', data: { ...facts, paymentId: uuidv7(), paidAt: at(then.paid) } });
    return { invoiceId: facts.invoiceId, events };
  };
  const { a1, a2, b1, c1, c2 } = subscriptions;
  /** Each invoice's stream; streams interleave freely, each in its own order. */
  const invoices = [
    invoice(a1, 9_900, '01-03', { paid: '01-03' }),
    invoice(c1, 19_900, '01-15', { paid: '01-15' }),
    invoice(a2, 4_900, '01-20', { paid: '01-20' }),
    invoice(a1, 645, '02-01', { paid: '02-01' }),
    invoice(a1, 19_900, '02-03', { paid: '02-03' }),
    invoice(c1, 19_900, '02-15', { paid: '02-15' }),
    invoice(a2, 4_900, '02-20', { paid: '02-20' }),
    invoice(b1, 4_900, '02-24', { paid: '02-24' }),
    invoice(a1, 19_900, '03-03', { paid: '03-04' }),
    invoice(a2, 4_900, '03-20', { paid: '03-20' }),
    invoice(b1, 4_900, '03-24', { overdue: '03-29', paid: '04-08' }),
    invoice(a1, 9_900, '04-03', { paid: '04-03' }),
    invoice(c2, 4_900, '04-20', { paid: '04-20' }),
    invoice(a2, 4_900, '04-20', { paid: '05-01' }),
    invoice(b1, 4_900, '04-24', { paid: '04-24' }),
    invoice(a1, 9_900, '05-03', { paid: '05-03' }),
    invoice(c2, 4_900, '05-20', { paid: '05-20' }),
    invoice(b1, 4_900, '05-24', { overdue: '05-29' }),
    invoice(a1, 9_900, '06-03', { paid: '06-03' }),
    invoice(c2, 4_900, '06-20'),
  ];
  return { tenants, subscriptions, productId, tenancy, invoices };
}

/**
 * The figures by hand, month by month. MRR movements: Jan new 99 (Acme) + 199 (Cedar), expansion 49 (A2);
 * Feb expansion 100 (A1 up), new 49 (Birch's trial paid); Mar churn 199 (Cedar's term ended) + 49 (Birch
 * suspended); Apr contraction 100 (A1 down at its renewal), reactivation 49 (Birch paid) + 49 (Cedar's new C2);
 * May contraction 49 (A2 cancelled; Acme keeps A1), churn 49 (Birch suspended again), Dune's trial nothing;
 * Jun nothing (a cancellation set and withdrawn).
 * NRR = (MRR at start + expansion + reactivation − contraction − churn) ÷ MRR at start: Feb 447/347, Mar 248/496,
 * Apr 246/248, May 148/246, Jun 148/148. Logo churn = churned ÷ customers at start: Mar 2/3, May 1/3.
 * Collected: Jan 99 + 199 + 49; Feb 6.45 + 199 + 199 + 49 + 49; Mar 199 + 49; Apr 99 + 49 (Birch's overdue one)
 * + 49 + 49; May 49 + 99 + 49; Jun 99. Unpaid at each month's end: Mar Birch's 49 (overdue); Apr A2's 49 (a retry
 * pending); May Birch's May 49 (overdue); Jun that and C2's June 49 (pending).
 */
export const handComputedRevenue: RevenueMonthFigures[] = [
  {
    month: '2026-01',
    mrrAtStart: 0,
    mrr: 347,
    newMrr: 298,
    expansionMrr: 49,
    contractionMrr: 0,
    churnedMrr: 0,
    reactivationMrr: 0,
    netNewMrr: 347,
    customersAtStart: 0,
    customers: 2,
    newCustomers: 2,
    churnedCustomers: 0,
    reactivatedCustomers: 0,
    netRevenueRetention: null,
    logoChurnRate: null,
    arpa: 173.5,
    collected: 347,
    paidInvoices: 3,
    outstanding: 0,
    overdue: 0,
  },
  {
    month: '2026-02',
    mrrAtStart: 347,
    mrr: 496,
    newMrr: 49,
    expansionMrr: 100,
    contractionMrr: 0,
    churnedMrr: 0,
    reactivationMrr: 0,
    netNewMrr: 149,
    customersAtStart: 2,
    customers: 3,
    newCustomers: 1,
    churnedCustomers: 0,
    reactivatedCustomers: 0,
    netRevenueRetention: 1.2882,
    logoChurnRate: 0,
    arpa: 165.33,
    collected: 502.45,
    paidInvoices: 5,
    outstanding: 0,
    overdue: 0,
  },
  {
    month: '2026-03',
    mrrAtStart: 496,
    mrr: 248,
    newMrr: 0,
    expansionMrr: 0,
    contractionMrr: 0,
    churnedMrr: 248,
    reactivationMrr: 0,
    netNewMrr: -248,
    customersAtStart: 3,
    customers: 1,
    newCustomers: 0,
    churnedCustomers: 2,
    reactivatedCustomers: 0,
    netRevenueRetention: 0.5,
    logoChurnRate: 0.6667,
    arpa: 248,
    collected: 248,
    paidInvoices: 2,
    outstanding: 49,
    overdue: 49,
  },
  {
    month: '2026-04',
    mrrAtStart: 248,
    mrr: 246,
    newMrr: 0,
    expansionMrr: 0,
    contractionMrr: 100,
    churnedMrr: 0,
    reactivationMrr: 98,
    netNewMrr: -2,
    customersAtStart: 1,
    customers: 3,
    newCustomers: 0,
    churnedCustomers: 0,
    reactivatedCustomers: 2,
    netRevenueRetention: 0.9919,
    logoChurnRate: 0,
    arpa: 82,
    collected: 246,
    paidInvoices: 4,
    outstanding: 49,
    overdue: 0,
  },
  {
    month: '2026-05',
    mrrAtStart: 246,
    mrr: 148,
    newMrr: 0,
    expansionMrr: 0,
    contractionMrr: 49,
    churnedMrr: 49,
    reactivationMrr: 0,
    netNewMrr: -98,
    customersAtStart: 3,
    customers: 2,
    newCustomers: 0,
    churnedCustomers: 1,
    reactivatedCustomers: 0,
    netRevenueRetention: 0.6016,
    logoChurnRate: 0.3333,
    arpa: 74,
    collected: 197,
    paidInvoices: 3,
    outstanding: 49,
    overdue: 49,
  },
  {
    month: '2026-06',
    mrrAtStart: 148,
    mrr: 148,
    newMrr: 0,
    expansionMrr: 0,
    contractionMrr: 0,
    churnedMrr: 0,
    reactivationMrr: 0,
    netNewMrr: 0,
    customersAtStart: 2,
    customers: 2,
    newCustomers: 0,
    churnedCustomers: 0,
    reactivatedCustomers: 0,
    netRevenueRetention: 1,
    logoChurnRate: 0,
    arpa: 74,
    collected: 99,
    paidInvoices: 1,
    outstanding: 98,
    overdue: 49,
  },
];
