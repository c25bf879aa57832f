import { monthOf } from './months.js';

/**
 * What revenue reads of billing's invoice events: an invoice issued (pending until paid; a checkout's is issued
 * and paid at once), paid, or overdue after its renewal's last retry.
 */
export type InvoiceFact =
  | { type: 'issued'; invoiceId: string; amountCents: number; at: string }
  | { type: 'paid'; invoiceId: string; at: string }
  | { type: 'overdue'; invoiceId: string; at: string };

export interface RevenueInvoice {
  invoiceId: string;
  amountCents: number;
  status: 'pending' | 'paid' | 'overdue';
}

/**
 * One month's invoice figures, each of which adds: what was collected (paid invoices, by the month they were
 * paid) and how the unpaid amounts changed. The outstanding amount at a month's end is the sum of the changes up
 * to it: up at issue, down when paid; the overdue part up when overdue, down when paid.
 */
export interface InvoiceMonth {
  collectedCents: number;
  paidInvoices: number;
  outstandingChangeCents: number;
  overdueChangeCents: number;
}

export const emptyInvoiceMonth: InvoiceMonth = {
  collectedCents: 0,
  paidInvoices: 0,
  outstandingChangeCents: 0,
  overdueChangeCents: 0,
};

export interface InvoiceStep {
  /** The same object when the fact changed nothing. */
  invoice: RevenueInvoice | undefined;
  /** What the fact adds to its month, and which month; null when nothing. */
  change: { month: string; figures: InvoiceMonth } | null;
}

/** One fact on one invoice. A repeat (a second issue or payment) and an invoice never issued change nothing. */
export function invoiceStep(invoice: RevenueInvoice | undefined, fact: InvoiceFact): InvoiceStep {
  const unchanged = { invoice, change: null };
  const month = monthOf(fact.at);
  switch (fact.type) {
    case 'issued':
      if (invoice) return unchanged;
      return {
        invoice: { invoiceId: fact.invoiceId, amountCents: fact.amountCents, status: 'pending' },
        change: { month, figures: { ...emptyInvoiceMonth, outstandingChangeCents: fact.amountCents } },
      };
    case 'paid': {
      if (!invoice || invoice.status === 'paid') return unchanged;
      const { amountCents } = invoice;
      const figures: InvoiceMonth = {
        collectedCents: amountCents,
        paidInvoices: 1,
        outstandingChangeCents: -amountCents,
        overdueChangeCents: invoice.status === 'overdue' ? -amountCents : 0,
      };
      return { invoice: { ...invoice, status: 'paid' }, change: { month, figures } };
    }
    case 'overdue':
      if (invoice?.status !== 'pending') return unchanged;
      return {
        invoice: { ...invoice, status: 'overdue' },
        change: { month, figures: { ...emptyInvoiceMonth, overdueChangeCents: invoice.amountCents } },
      };
  }
}

export function addInvoiceMonths(a: InvoiceMonth, b: InvoiceMonth): InvoiceMonth {
  return {
    collectedCents: a.collectedCents + b.collectedCents,
    paidInvoices: a.paidInvoices + b.paidInvoices,
    outstandingChangeCents: a.outstandingChangeCents + b.outstandingChangeCents,
    overdueChangeCents: a.overdueChangeCents + b.overdueChangeCents,
  };
}

/** Folds facts, in each invoice's stream order, into the invoices and the figures they add by month. */
export function foldInvoiceFacts(
  invoices: ReadonlyMap<string, RevenueInvoice>,
  facts: readonly InvoiceFact[],
): { invoices: ReadonlyMap<string, RevenueInvoice>; months: ReadonlyMap<string, InvoiceMonth> } {
  const folded = new Map(invoices);
  const months = new Map<string, InvoiceMonth>();
  for (const fact of facts) {
    const step = invoiceStep(folded.get(fact.invoiceId), fact);
    if (step.invoice) folded.set(fact.invoiceId, step.invoice);
    if (step.change === null) continue;
    const { month, figures } = step.change;
    months.set(month, addInvoiceMonths(months.get(month) ?? emptyInvoiceMonth, figures));
  }
  return { invoices: folded, months };
}
