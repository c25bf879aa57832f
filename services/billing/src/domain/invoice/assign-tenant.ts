import type { InvoiceEvent } from './events.js';
import { NotFoundError } from '@app/domain';
import type { AssignInvoiceTenant } from './commands.js';
import { invoiceNotFound } from './collect.js';
import type { InvoiceState } from './invoice.js';

/**
 * Sets the tenant of an invoice issued without one. The tenant known first stays: it is the purchase's (given at
 * issue, or the one of the subscription the purchase started), so a repeat, or a later claim such as the fill
 * command's from ownership, adds nothing.
 */
export function assignTenant(command: AssignInvoiceTenant, state: InvoiceState): InvoiceEvent[] {
  if (state.status === 'absent') throw new NotFoundError(invoiceNotFound);
  if (state.tenantId !== null) return [];
  const { invoiceId, tenantId } = command.data;
  return [{ type: 'InvoiceTenantAssigned', data: { invoiceId, tenantId, assignedAt: command.metadata.now } }];
}
