import { describe, it } from 'vitest';
import type { PaymentEvent } from '../../src/domain/payment/events.js';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { CreatePayment } from '../../src/domain/payment/commands.js';
import { paymentDecider, paymentNotFound } from '../../src/domain/payment/decide.js';

const { given } = specification(paymentDecider);
const paymentId = '0196f2a0-0000-7000-8000-0000000000b1';
const userId = '0196f2a0-0000-7000-8000-0000000000c1';
const productId = '0196f2a0-0000-7000-8000-0000000000e1';
const created = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T10:05:00.000Z';

const facts = {
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

const create: CreatePayment = {
  type: 'CreatePayment',
  data: { ...facts, providerCustomerId: 'cus_sandbox_1' },
  metadata: { now: created },
};
const paymentCreated: PaymentEvent = {
  type: 'PaymentCreated',
  data: { ...facts, providerCustomerId: 'cus_sandbox_1', createdAt: created },
};

const succeed = (providerPaymentId = 'pi_sandbox_1') =>
  ({
    type: 'RecordPaymentSuccess',
    data: { paymentId, providerPaymentId, paymentMethodId: 'pm_1', card: { brand: 'visa', last4: '4242' } },
    metadata: { now: later },
  }) as const;
const paymentSucceeded: PaymentEvent = {
  type: 'PaymentSucceeded',
  data: {
    ...facts,
    paymentMethodId: 'pm_1',
    card: { brand: 'visa', last4: '4242' },
    succeededAt: later,
  },
};

const decline = {
  code: 'card_declined',
  declineCode: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};
const fail = (providerPaymentId = 'pi_sandbox_1') =>
  ({
    type: 'RecordPaymentFailure',
    data: { paymentId, providerPaymentId, ...decline },
    metadata: { now: later },
  }) as const;
const paymentFailed: PaymentEvent = {
  type: 'PaymentFailed',
  data: { paymentId, userId, providerPaymentId: 'pi_sandbox_1', ...decline, failedAt: later },
};

const otherPayment = new IllegalStateError('The provider reported on a different payment than this one');

describe('no payment', () => {
  it('creates a payment', () => {
    given([]).when(create).then([paymentCreated]);
  });

  it('refuses a confirmation of an unknown payment', () => {
    given([]).when(succeed()).thenThrows(new NotFoundError(paymentNotFound));
  });

  it('refuses a decline of an unknown payment', () => {
    given([]).when(fail()).thenThrows(new NotFoundError(paymentNotFound));
  });
});

describe('a created payment', () => {
  it('refuses to create it again', () => {
    given([paymentCreated]).when(create).thenThrows(IllegalStateError);
  });

  it('records the confirmation with the facts of the payment, brand and last four only', () => {
    given([paymentCreated]).when(succeed()).then([paymentSucceeded]);
  });

  it('records a decline', () => {
    given([paymentCreated]).when(fail()).then([paymentFailed]);
  });

  it('refuses a confirmation of another provider payment', () => {
    given([paymentCreated]).when(succeed('pi_other')).thenThrows(otherPayment);
  });

  it('refuses a decline of another provider payment', () => {
    given([paymentCreated]).when(fail('pi_other')).thenThrows(otherPayment);
  });
});

describe('a declined payment', () => {
  it('records each further decline', () => {
    given([paymentCreated, paymentFailed]).when(fail()).then([paymentFailed]);
  });

  it('records a success after declines (a retry with another card)', () => {
    given([paymentCreated, paymentFailed, paymentFailed]).when(succeed()).then([paymentSucceeded]);
  });
});

describe('a succeeded payment', () => {
  it('ignores a repeated confirmation', () => {
    given([paymentCreated, paymentSucceeded]).when(succeed()).then([]);
  });

  it('ignores a decline reported after it', () => {
    given([paymentCreated, paymentSucceeded]).when(fail()).then([]);
  });
});
