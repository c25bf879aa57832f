import type { TenancyIntegrationEvent } from '@app/contracts';
import type { InvoiceEvent } from '../invoice/events.js';
import type { InvoiceFact } from './invoice-revenue.js';
import type { SubscriptionFact } from './subscription-revenue.js';

/**
 * The subscription fact a tenancy event states, or null for one that moves no MRR: tenants, endpoints, and a
 * cancellation set for the period's end or withdrawn (the subscription bills until tenancy cancels it).
 */
export function subscriptionFactOf(event: TenancyIntegrationEvent): SubscriptionFact | null {
  switch (event.type) {
    case 'tenancy.subscription.started.v1': {
      const { subscriptionId, tenantId, status, amountCents, startedAt } = event.data;
      return { type: 'started', subscriptionId, tenantId, status, amountCents, at: startedAt };
    }
    case 'tenancy.subscription.status-changed.v1': {
      const { subscriptionId, status, changedAt } = event.data;
      return { type: 'status-changed', subscriptionId, status, at: changedAt };
    }
    case 'tenancy.subscription.plan-changed.v1': {
      const { subscriptionId, amountCents, changedAt } = event.data;
      return { type: 'plan-changed', subscriptionId, amountCents, at: changedAt };
    }
    case 'tenancy.tenant.created.v1':
    case 'tenancy.tenant.updated.v1':
    case 'tenancy.subscription.endpoint-configured.v1':
    case 'tenancy.subscription.cancellation-scheduled.v1':
    case 'tenancy.subscription.cancellation-withdrawn.v1':
      return null;
  }
}

/** The invoice fact one of billing's invoice events states, or null for the collection steps between. */
export function invoiceFactOf(event: InvoiceEvent): InvoiceFact | null {
  switch (event.type) {
    case 'InvoiceIssued': {
      const { invoiceId, amountCents, issuedAt } = event.data;
      return { type: 'issued', invoiceId, amountCents, at: issuedAt };
    }
    case 'InvoicePaid':
      return { type: 'paid', invoiceId: event.data.invoiceId, at: event.data.paidAt };
    case 'InvoiceOverdue':
      return { type: 'overdue', invoiceId: event.data.invoiceId, at: event.data.overdueAt };
    case 'InvoicePaymentAttempted':
    case 'InvoicePaymentFailed':
    case 'InvoiceTenantAssigned':
      return null;
  }
}

/** The invoice events revenue reads; the projection subscribes to these only. */
export const revenueInvoiceEventTypes = ['InvoiceIssued', 'InvoicePaid', 'InvoiceOverdue'] as const;
