import { describe, it } from 'vitest';
import type { InvoiceEvent } from '../../src/domain/invoice/events.js';
import { NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { AssignInvoiceTenant } from '../../src/domain/invoice/commands.js';
import { invoiceDecider } from '../../src/domain/invoice/decide.js';
import * as renewal from './invoice-collection-fixtures.js';

const { given } = specification(invoiceDecider);
const invoiceId = '0196f2a0-0000-7000-8000-0000000000f3';
const paymentId = '0196f2a0-0000-7000-8000-0000000000b3';
const buyersTenant = '0196f2a0-0000-7000-8000-0000000000d1';
const otherTenant = '0196f2a0-0000-7000-8000-0000000000d2';
const issuedAt = '2026-11-21T10:00:00.000Z';
const assignedAt = '2026-11-21T10:00:02.000Z';
const facts = {
  invoiceId,
  number: 'INV-000043',
  userId: '0196f2a0-0000-7000-8000-0000000000c1',
  subscriptionId: null,
  productId: '0196f2a0-0000-7000-8000-0000000000e1',
  paymentId,
  amountCents: 34_900,
  currency: 'usd',
} as const;

/** A checkout's invoice, paid at issue, for `tenantId` (null: billing's copy knew no tenant of the buyer). */
const checkoutInvoice = (tenantId: string | null): InvoiceEvent[] => [
  {
    type: 'InvoiceIssued',
    data: {
      ...facts,
      tenantId,
      periodStart: issuedAt,
      periodEnd: '2026-12-21T10:00:00.000Z',
      issuedAt,
    },
  },
  {
    type: 'InvoicePaid',
    data: {
      ...facts,
      tenantId,
      periodStart: issuedAt,
      periodEnd: '2026-12-21T10:00:00.000Z',
      paidAt: issuedAt,
    },
  },
];
const assign = (tenantId: string): AssignInvoiceTenant => ({
  type: 'AssignInvoiceTenant',
  data: { invoiceId, tenantId },
  metadata: { now: assignedAt },
});
const assigned = (tenantId: string): InvoiceEvent => ({
  type: 'InvoiceTenantAssigned',
  data: { invoiceId, tenantId, assignedAt },
});

describe('no invoice', () => {
  it('refuses a tenant for an invoice not issued (yet)', () => {
    given([]).when(assign(buyersTenant)).thenThrows(new NotFoundError('Invoice not found'));
  });
});

describe('an invoice issued without a tenant', () => {
  it('takes the tenant it is told', () => {
    given(checkoutInvoice(null))
      .when(assign(buyersTenant))
      .then([assigned(buyersTenant)]);
  });
});

describe('an invoice whose tenant is known', () => {
  it('adds nothing when told the same tenant again', () => {
    given([...checkoutInvoice(null), assigned(buyersTenant)])
      .when(assign(buyersTenant))
      .then([]);
  });

  it('keeps the tenant assigned first when told another', () => {
    given([...checkoutInvoice(null), assigned(buyersTenant)])
      .when(assign(otherTenant))
      .then([]);
  });

  it('keeps the tenant it was issued with', () => {
    given(checkoutInvoice(buyersTenant)).when(assign(otherTenant)).then([]);
  });
});

describe('a renewal whose tenant was assigned after issue', () => {
  /** The fixture's renewal as issued before its tenant was known; its tenant assigned afterwards. */
  const renewalTenant = '0196f2a0-0000-7000-8000-0000000000d1';
  const issuedWithoutTenant = (): InvoiceEvent => {
    if (renewal.issued.type !== 'InvoiceIssued') throw new Error('the fixture is an issue');
    return { ...renewal.issued, data: { ...renewal.issued.data, tenantId: null } };
  };
  const assignedToRenewal: InvoiceEvent = {
    type: 'InvoiceTenantAssigned',
    data: { invoiceId: '0196f2a0-0000-7000-8000-0000000000f2', tenantId: renewalTenant, assignedAt },
  };

  it('repeats the tenant on its later facts, which billing.invoice.paid.v1 publishes', () => {
    given([issuedWithoutTenant(), assignedToRenewal, renewal.attempted(1, renewal.day(0))])
      .when(renewal.record(1, { status: 'succeeded' }, renewal.day(0)))
      .then([renewal.paidBy(1, renewal.day(0))]);
  });
});
