import { batchProjection } from '@app/eventing';
import { invoices } from '../../application/invoices.js';
import { foldInvoiceFacts, type RevenueInvoice } from '../../domain/revenue/invoice-revenue.js';
import { invoiceFactOf, revenueInvoiceEventTypes } from '../../domain/revenue/revenue-facts.js';
import { addInvoiceMonths } from './month-rows.js';

/**
 * The invoice half of revenue analytics (migrations/320_revenue.sql), from billing's own invoice events: each
 * invoice's standing, and what was collected and left unpaid by month. A batch reads the invoices it touches,
 * folds its events in memory (src/domain/revenue) and writes the invoices and months it changed, three statements
 * whatever its size; live events are batches of one. Rebuilt with `rebuild billing.revenue-invoices.v1`.
 */
export const revenueInvoicesProjection = batchProjection({
  name: 'billing.revenue-invoices.v1',
  eventTypes: revenueInvoiceEventTypes,
  async applyBatch(events, tx) {
    const facts = events.flatMap((recorded) => invoiceFactOf(invoices.decode(recorded)) ?? []);
    if (facts.length === 0) return;
    const ids = [...new Set(facts.map((fact) => fact.invoiceId))];
    const { rows } = await tx.query<{
      invoice_id: string;
      amount_cents: string;
      status: RevenueInvoice['status'];
    }>('SELECT invoice_id, amount_cents, status FROM revenue_invoices WHERE invoice_id = ANY($1::uuid[])', [
      ids,
    ]);
    const stored = new Map(
      rows.map((row): [string, RevenueInvoice] => [
        row.invoice_id,
        { invoiceId: row.invoice_id, amountCents: Number(row.amount_cents), status: row.status },
      ]),
    );
    const folded = foldInvoiceFacts(stored, facts);
    const changed = ids.flatMap((id) => {
      const invoice = folded.invoices.get(id);
      return invoice && invoice !== stored.get(id) ? [invoice] : [];
    });
    if (changed.length > 0)
      await tx.query(
        `INSERT INTO revenue_invoices (invoice_id, amount_cents, status)
         SELECT * FROM unnest($1::uuid[], $2::bigint[], $3::text[])
         ON CONFLICT (invoice_id) DO UPDATE SET status = excluded.status`,
        [
          changed.map((invoice) => invoice.invoiceId),
          changed.map((invoice) => invoice.amountCents),
          changed.map((invoice) => invoice.status),
        ],
      );
    await addInvoiceMonths(tx, folded.months);
  },
  async reset(tx) {
    await tx.query('TRUNCATE revenue_invoices, revenue_invoice_months');
  },
});
