import type pg from 'pg';
import type { InvoiceDocument, InvoiceSeller } from '@app/contracts';
import { NotFoundError } from '@app/domain';
import type { Caller } from '@app/service-kit';
import { findBuyer } from '../projections/buyers-copy.js';
import { findInvoice } from '../projections/invoice-queries.js';
import { invoiceDocumentOf } from './invoice-document.js';

/**
 * One invoice as a document, for its buyer or an admin. Another customer's invoice is not found, like an unknown
 * one, so ids cannot be probed. Read from the invoices read model GET /api/invoices lists, so the document says
 * what the list says.
 */
export async function readInvoiceDocument(
  db: pg.Pool,
  seller: InvoiceSeller,
  caller: Caller,
  invoiceId: string,
): Promise<InvoiceDocument> {
  const found = await findInvoice(db, invoiceId);
  if (!found || (caller.role !== 'admin' && found.userId !== caller.userId)) {
    throw new NotFoundError('Invoice not found.');
  }
  return invoiceDocumentOf(found.invoice, seller, await findBuyer(db, found.userId));
}
