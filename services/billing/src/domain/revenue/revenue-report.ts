import { dollarsFromCents, type RevenueMonthFigures } from '@app/contracts';
import { emptyInvoiceMonth, type InvoiceMonth } from './invoice-revenue.js';
import { monthRange } from './months.js';
import { emptyMrrMonth, netNewCents, netNewCustomers, type MrrMonth } from './mrr-month.js';

/** Everything the figures come from: each month's MRR movements and invoice figures, by `2026-11`. */
export interface RevenueHistory {
  mrr: ReadonlyMap<string, MrrMonth>;
  invoices: ReadonlyMap<string, InvoiceMonth>;
}

/** Running totals at a month's start: MRR, paying customers, and the unpaid and overdue amounts. */
interface Standing {
  mrrCents: number;
  customers: number;
  outstandingCents: number;
  overdueCents: number;
}

function standingAfter(standing: Standing, mrr: MrrMonth, invoices: InvoiceMonth): Standing {
  return {
    mrrCents: standing.mrrCents + netNewCents(mrr),
    customers: standing.customers + netNewCustomers(mrr),
    outstandingCents: standing.outstandingCents + invoices.outstandingChangeCents,
    overdueCents: standing.overdueCents + invoices.overdueChangeCents,
  };
}

/** A ratio to 4 decimals, or null when there is nothing to divide by. */
function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator / denominator) * 10_000) / 10_000;
}

/**
 * The figures of every month from `from` to `to` (README "Revenue analytics"): MRR and customers carried from
 * everything before, each month's movements, and the rates ChartMogul's standard (B2B) formulas give. Net revenue
 * retention is 100 % less the net MRR churn rate, (churned + contraction − expansion − reactivation) ÷ MRR at
 * start; logo churn is churned customers ÷ customers at start; ARPA is MRR ÷ paying customers at the month's end.
 * Costs one step per month of history, whatever the number of subscriptions or invoices.
 */
export function revenueReport(history: RevenueHistory, from: string, to: string): RevenueMonthFigures[] {
  let standing: Standing = { mrrCents: 0, customers: 0, outstandingCents: 0, overdueCents: 0 };
  const earlier = new Set(
    [...history.mrr.keys(), ...history.invoices.keys()].filter((month) => month < from),
  );
  for (const month of earlier) {
    standing = standingAfter(
      standing,
      history.mrr.get(month) ?? emptyMrrMonth,
      history.invoices.get(month) ?? emptyInvoiceMonth,
    );
  }
  return monthRange(from, to).map((month) => {
    const mrr = history.mrr.get(month) ?? emptyMrrMonth;
    const invoices = history.invoices.get(month) ?? emptyInvoiceMonth;
    const start = standing;
    standing = standingAfter(start, mrr, invoices);
    const retainedCents =
      start.mrrCents + mrr.expansionCents + mrr.reactivationCents - mrr.contractionCents - mrr.churnedCents;
    return {
      month,
      mrrAtStart: dollarsFromCents(start.mrrCents),
      mrr: dollarsFromCents(standing.mrrCents),
      newMrr: dollarsFromCents(mrr.newCents),
      expansionMrr: dollarsFromCents(mrr.expansionCents),
      contractionMrr: dollarsFromCents(mrr.contractionCents),
      churnedMrr: dollarsFromCents(mrr.churnedCents),
      reactivationMrr: dollarsFromCents(mrr.reactivationCents),
      netNewMrr: dollarsFromCents(netNewCents(mrr)),
      customersAtStart: start.customers,
      customers: standing.customers,
      newCustomers: mrr.newCustomers,
      churnedCustomers: mrr.churnedCustomers,
      reactivatedCustomers: mrr.reactivatedCustomers,
      netRevenueRetention: ratio(retainedCents, start.mrrCents),
      logoChurnRate: ratio(mrr.churnedCustomers, start.customers),
      arpa:
        standing.customers === 0
          ? null
          : dollarsFromCents(Math.round(standing.mrrCents / standing.customers)),
      collected: dollarsFromCents(invoices.collectedCents),
      paidInvoices: invoices.paidInvoices,
      outstanding: dollarsFromCents(standing.outstandingCents),
      overdue: dollarsFromCents(standing.overdueCents),
    };
  });
}
