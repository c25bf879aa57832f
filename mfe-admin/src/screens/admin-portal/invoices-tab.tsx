import type { InvoiceStatus } from '@app/contracts';
import { PagedList, SearchBox } from '@app/ui';
import { adminInvoiceExportAddress, useAdminInvoiceList } from '@app/web-data';
import { useState } from 'react';
import { ExportCsvLink } from '../../components/export-csv-link.js';
import { ListCard } from '../../components/list-card.js';
import { SelectField, type SelectOption } from '../../components/select-field.js';
import { useSearch } from '../../components/use-search.js';
import { InvoiceRow } from './invoice-row.js';

/** Radix's Select has no empty value: this one stands for every status. */
const any = 'any';
type StatusChoice = InvoiceStatus | typeof any;

const statusOptions: readonly SelectOption<StatusChoice>[] = [
  { value: any, label: 'All statuses' },
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Pending' },
  { value: 'overdue', label: 'Overdue' },
];

/**
 * The Admin Portal's Invoices (issue 21 item 4): every customer's invoices, newest first, a page at a time,
 * searched by number or customer email on the server and filtered by status; Export CSV downloads exactly the
 * filtered list, streamed by billing.
 */
export function InvoicesTab() {
  const search = useSearch();
  const [status, setStatus] = useState<StatusChoice>(any);
  const filters = { q: search.q, status: status === any ? undefined : status };
  const invoices = useAdminInvoiceList(filters);
  const filtered = Boolean(search.q) || status !== any;
  return (
    <ListCard title="Invoices" action={<ExportCsvLink href={adminInvoiceExportAddress(filters)} />}>
      <div className="grid gap-4">
        <div className="grid items-end gap-4 sm:grid-cols-[1fr_12rem]">
          <SearchBox
            id="portal-invoice-search"
            label="Search invoices"
            placeholder="Number or customer email..."
            value={search.text}
            onChange={search.setText}
          />
          <SelectField
            id="portal-invoice-status"
            label="Status"
            value={status}
            options={statusOptions}
            onChange={setStatus}
          />
        </div>
        <PagedList
          read={invoices}
          label="Invoices"
          loadingLabel="Loading invoices..."
          emptyText={filtered ? 'No invoices match these filters' : 'No invoices yet'}
          getKey={(invoice) => invoice.id}
          estimateSize={92}
        >
          {(invoice) => <InvoiceRow invoice={invoice} />}
        </PagedList>
      </div>
    </ListCard>
  );
}
