import { describe, expect, it } from 'vitest';
import { describeAuditCoverage } from '@app/test-support/audit-coverage';
import { commandTypesOf } from '@app/test-support/command-types';
import { customers } from '../../src/application/customers.js';
import { invoices } from '../../src/application/invoices.js';
import { payments } from '../../src/application/payments.js';
import { terms } from '../../src/application/terms.js';
import { describeCustomerEvent } from '../../src/audit/customer-audit.js';
import { describeInvoiceEvent } from '../../src/audit/invoice-audit.js';
import { describePaymentEvent } from '../../src/audit/payment-audit.js';
import { describeTermEvent } from '../../src/audit/term-audit.js';
import { customerEventTypes, type CustomerEvent } from '../../src/domain/customer/events.js';
import { invoiceEventTypes } from '../../src/domain/invoice/events.js';
import { paymentEventTypes, type PaymentEvent } from '../../src/domain/payment/events.js';
import { evolve as evolvePayment, initialState as noPayment } from '../../src/domain/payment/payment.js';
import { termEventTypes, type TermEvent } from '../../src/domain/term/events.js';
import { evolve as evolveTerm, initialState as noTerm } from '../../src/domain/term/term.js';
import * as renewal from '../domain/invoice-collection-fixtures.js';

const domain = (file: string) => new URL(`../../src/domain/${file}/commands.ts`, import.meta.url);
const now = '2026-03-10T00:00:00.000Z';
const metadata = { now };
const userId = '0196f2a0-0000-7000-8000-0000000000c1';
const tenantId = '0196f2a0-0000-7000-8000-0000000000d1';
const productId = '0196f2a0-0000-7000-8000-0000000000e1';
const subscriptionId = '0196f2a0-0000-7000-8000-0000000000a1';
const setupId = '0196f2a0-0000-7000-8000-0000000000d9';
const paymentId = '0196f2a0-0000-7000-8000-0000000000b1';
const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };

const customerCreated: CustomerEvent = {
  type: 'CustomerCreated',
  data: { userId, provider: 'sandbox', providerCustomerId: 'cus_1', createdAt: now },
};
const setupStarted: CustomerEvent = {
  type: 'CardSetupStarted',
  data: {
    setupId,
    userId,
    provider: 'sandbox',
    providerSetupId: 'seti_1',
    providerCustomerId: 'cus_1',
    startedAt: now,
  },
};

describeAuditCoverage({
  producer: 'billing',
  aggregate: customers,
  describeEvent: describeCustomerEvent,
  commandTypes: commandTypesOf(domain('customer'), 'CustomerCommand'),
  eventTypes: customerEventTypes,
  scenarios: {
    CreateCustomer: [
      {
        when: {
          type: 'CreateCustomer',
          data: { userId, provider: 'sandbox', providerCustomerId: 'cus_1' },
          metadata,
        },
      },
    ],
    StartCardSetup: [
      {
        given: [customerCreated],
        when: {
          type: 'StartCardSetup',
          data: { setupId, provider: 'sandbox', providerSetupId: 'seti_1', providerCustomerId: 'cus_1' },
          metadata,
        },
      },
    ],
    RecordCardSetupOutcome: [
      {
        given: [customerCreated, setupStarted],
        when: {
          type: 'RecordCardSetupOutcome',
          data: {
            setupId,
            outcome: { status: 'succeeded', providerSetupId: 'seti_1', paymentMethodId: 'pm_2', card },
          },
          metadata,
        },
      },
      {
        given: [customerCreated, setupStarted],
        when: {
          type: 'RecordCardSetupOutcome',
          data: {
            setupId,
            outcome: {
              status: 'failed',
              providerSetupId: 'seti_1',
              code: 'card_declined',
              declineCode: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
          metadata,
        },
      },
    ],
  },
});

const paymentFacts = {
  paymentId,
  userId,
  tenantId: null,
  productId,
  plan: 'professional',
  kind: 'checkout',
  amountCents: 34_900,
  currency: 'usd',
  provider: 'sandbox',
  providerPaymentId: 'pi_sandbox_1',
} as const;
const paymentCreated: PaymentEvent = {
  type: 'PaymentCreated',
  data: { ...paymentFacts, providerCustomerId: 'cus_1', createdAt: now },
};
const decline = {
  code: 'card_declined',
  declineCode: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

describeAuditCoverage({
  producer: 'billing',
  aggregate: payments,
  describeEvent: describePaymentEvent,
  commandTypes: commandTypesOf(domain('payment'), 'PaymentCommand'),
  eventTypes: paymentEventTypes,
  scenarios: {
    CreatePayment: [
      { when: { type: 'CreatePayment', data: { ...paymentFacts, providerCustomerId: 'cus_1' }, metadata } },
    ],
    RecordPaymentSuccess: [
      {
        given: [paymentCreated],
        when: {
          type: 'RecordPaymentSuccess',
          data: { paymentId, providerPaymentId: 'pi_sandbox_1', paymentMethodId: 'pm_1', card },
          metadata,
        },
      },
    ],
    RecordPaymentFailure: [
      {
        given: [paymentCreated],
        when: {
          type: 'RecordPaymentFailure',
          data: { paymentId, providerPaymentId: 'pi_sandbox_1', ...decline },
          metadata,
        },
      },
    ],
    RecordOffSessionCharge: [
      {
        when: {
          type: 'RecordOffSessionCharge',
          data: {
            ...paymentFacts,
            tenantId,
            kind: 'renewal',
            invoiceId: renewal.issue.data.invoiceId,
            providerCustomerId: 'cus_1',
            outcome: { status: 'failed', providerPaymentId: 'pi_sandbox_2', ...decline },
          },
          metadata,
        },
      },
    ],
  },
});

const declinedAfterRetries = renewal.declinedAttempts([renewal.day(0), renewal.day(1), renewal.day(3)]);

describeAuditCoverage({
  producer: 'billing',
  aggregate: invoices,
  describeEvent: describeInvoiceEvent,
  commandTypes: commandTypesOf(domain('invoice'), 'InvoiceCommand'),
  eventTypes: invoiceEventTypes,
  scenarios: {
    IssueInvoice: [{ when: renewal.issue }],
    StartPaymentAttempt: [{ given: [renewal.issued], when: renewal.start(1, renewal.day(0)) }],
    RecordAttemptOutcome: [
      {
        given: [renewal.issued, renewal.attempted(1, renewal.day(0))],
        when: renewal.record(1, { status: 'succeeded' }, renewal.day(0)),
      },
      {
        given: [renewal.issued, renewal.attempted(1, renewal.day(0))],
        when: renewal.record(1, renewal.declined, renewal.day(0)),
      },
      {
        given: [renewal.issued, ...declinedAfterRetries, renewal.attempted(4, renewal.day(5))],
        when: renewal.record(4, renewal.declined, renewal.day(5)),
      },
    ],
    AssignInvoiceTenant: [
      {
        given: [
          { ...renewal.issued, data: { ...renewal.issued.data, tenantId: null } } as typeof renewal.issued,
        ],
        when: {
          type: 'AssignInvoiceTenant',
          data: { invoiceId: renewal.issue.data.invoiceId, tenantId },
          metadata,
        },
      },
    ],
  },
});

const ids = { subscriptionId, tenantId, productId };
const basis = { ...ids, fromPlan: 'professional' as const, cycleStart: '2026-01-31T09:00:00.000Z' };
const upgrade = {
  ...ids,
  paymentId,
  fromPlan: 'professional' as const,
  plan: 'enterprise' as const,
  previousAmountCents: 2_900,
  amountCents: 9_900,
  prorationCents: 4_839,
  proratedFrom: now,
  periodEnd: '2026-03-31T09:00:00.000Z',
  remainingSeconds: 1_846_800,
  periodSeconds: 2_678_400,
  userId,
  providerCustomerId: 'cus_1',
  paymentMethodId: 'pm_1',
  customerPresent: true,
};
const upgradeStarted: TermEvent = { type: 'UpgradeStarted', data: { ...upgrade, startedAt: now } };
const effectiveAt = '2026-03-31T09:00:00.000Z';
const scheduled: TermEvent = {
  type: 'PlanChangeScheduled',
  data: {
    ...ids,
    fromPlan: 'professional',
    plan: 'basic',
    previousAmountCents: 2_900,
    amountCents: 900,
    effectiveAt,
    scheduledAt: now,
  },
};

describeAuditCoverage({
  producer: 'billing',
  aggregate: terms,
  describeEvent: describeTermEvent,
  commandTypes: commandTypesOf(domain('term'), 'TermCommand'),
  eventTypes: termEventTypes,
  scenarios: {
    EndTerm: [{ when: { type: 'EndTerm', data: { ...ids, endsAt: '2026-02-28T09:00:00.000Z' }, metadata } }],
    SchedulePlanChange: [
      {
        when: {
          type: 'SchedulePlanChange',
          data: { ...basis, plan: 'basic', previousAmountCents: 2_900, amountCents: 900, effectiveAt },
          metadata,
        },
      },
    ],
    WithdrawPlanChange: [{ given: [scheduled], when: { type: 'WithdrawPlanChange', data: ids, metadata } }],
    StartUpgrade: [
      { when: { type: 'StartUpgrade', data: { ...upgrade, cycleStart: basis.cycleStart }, metadata } },
    ],
    AwaitUpgradeAuthentication: [
      {
        given: [upgradeStarted],
        when: {
          type: 'AwaitUpgradeAuthentication',
          data: { subscriptionId, paymentId, providerPaymentId: 'pi_3ds' },
          metadata,
        },
      },
    ],
    CompleteUpgrade: [
      {
        given: [upgradeStarted],
        when: {
          type: 'CompleteUpgrade',
          data: {
            subscriptionId,
            paymentId,
            outcome: { status: 'succeeded', invoiceId: renewal.issue.data.invoiceId },
          },
          metadata,
        },
      },
      {
        given: [upgradeStarted],
        when: {
          type: 'CompleteUpgrade',
          data: {
            subscriptionId,
            paymentId,
            outcome: { status: 'failed', code: 'card_declined', message: 'Declined.' },
          },
          metadata,
        },
      },
    ],
    ChangePlanNow: [
      {
        when: {
          type: 'ChangePlanNow',
          data: { ...basis, plan: 'enterprise', previousAmountCents: 2_900, amountCents: 9_900 },
          metadata,
        },
      },
    ],
    ApplyScheduledPlanChange: [
      {
        given: [scheduled],
        when: { type: 'ApplyScheduledPlanChange', data: { subscriptionId, effectiveAt }, metadata },
      },
    ],
    AnnounceRenewal: [
      {
        when: {
          type: 'AnnounceRenewal',
          data: {
            ...ids,
            kind: 'trial-end',
            plan: 'professional',
            amountCents: 2_900,
            renewsAt: effectiveAt,
            cardOnFile: false,
          },
          metadata,
        },
      },
    ],
  },
});

describe('billing entries', () => {
  it('keep of a card only what billing keeps: brand, last four and expiry', () => {
    const succeeded: PaymentEvent = {
      type: 'PaymentSucceeded',
      data: { ...paymentFacts, paymentMethodId: 'pm_1', card, succeededAt: now },
    };
    const pending = evolvePayment(noPayment(), paymentCreated);
    expect(describePaymentEvent(succeeded, pending, evolvePayment(pending, succeeded))).toMatchObject({
      action: 'payment.succeeded',
      accountId: userId,
      changes: [
        { field: 'Status', before: 'pending', after: 'succeeded' },
        { field: 'Card', before: null, after: 'visa •••• 4242, expires 12/2030' },
      ],
    });
  });

  it('put a plan change on the subscription, in its tenant', () => {
    const changed: TermEvent = {
      type: 'PlanChanged',
      data: {
        ...ids,
        kind: 'upgrade',
        fromPlan: 'professional',
        plan: 'enterprise',
        previousAmountCents: 2_900,
        amountCents: 9_900,
        prorationCents: 4_839,
        invoiceId: null,
        changedAt: now,
      },
    };
    expect(describeTermEvent(changed, noTerm(), evolveTerm(noTerm(), changed))).toEqual({
      action: 'subscription.plan-changed',
      entity: { type: 'subscription', id: subscriptionId, label: null },
      tenantId,
      accountId: null,
      changes: [
        { field: 'Plan', before: 'professional', after: 'enterprise' },
        { field: 'Monthly price', before: '$29.00', after: '$99.00' },
        { field: 'Prorated charge', before: null, after: '$48.39' },
      ],
    });
  });
});
