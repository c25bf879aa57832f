import type { AdminInvoice, InvoiceStatus } from '@app/contracts';
import { listAddress, meaningfulParams, type ListParams } from '../paging/page.js';
import { pagedQuery, usePagedList } from '../paging/paged-query.js';
import { adminReadError } from './admin-read-errors.js';

/** adminInvoiceListQuerySchema's filters (libs/contracts billing/admin-invoices.ts). */
export type AdminInvoiceFilters = {
  q?: string;
  status?: InvoiceStatus;
  tenantId?: string;
  productId?: string;
};

const invoicesPath = '/api/admin/billing/invoices';

/** Keys start with the path read (query-keys.ts), filters after a `list` marker. */
export const adminInvoiceQueryKeys = {
  all: [invoicesPath] as const,
  list: (filters: ListParams) => [invoicesPath, 'list', meaningfulParams(filters)] as const,
};

/**
 * GET /api/admin/billing/invoices: every customer's invoices, newest first, a page at a time. Renewals, payments
 * and checkouts add and settle invoices, not the admin's own writes, so the list is read again whenever a screen
 * showing it opens (as the audit trail is, audit.ts).
 */
export function adminInvoiceListQuery(filters: AdminInvoiceFilters & { limit?: number } = {}) {
  return {
    ...pagedQuery<AdminInvoice>(adminInvoiceQueryKeys.list(filters), listAddress(invoicesPath, filters), {
      errorMessage: adminReadError,
    }),
    staleTime: 0,
  };
}

export function useAdminInvoiceList(filters: AdminInvoiceFilters & { limit?: number } = {}) {
  return usePagedList(adminInvoiceListQuery(filters));
}

/** The CSV of the list as the screen filters it, followed as a link (admin-exports.ts says why). */
export function adminInvoiceExportAddress({
  q,
  status,
  tenantId,
  productId,
}: AdminInvoiceFilters = {}): string {
  return listAddress(`${invoicesPath}/export`, { q, status, tenantId, productId });
}
