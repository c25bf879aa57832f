import { describe, expect, it } from 'vitest';
import type { PaymentEvent } from '../../src/domain/payment/events.js';
import { IllegalStateError, NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { CreatePayment } from '../../src/domain/payment/commands.js';
import { paymentDecider } from '../../src/domain/payment/decide.js';

const spec = specification(paymentDecider);
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

describe('payment decider', () => {
  it('creates a payment once', () => {
    expect(spec.given([]).when(create).events).toEqual([paymentCreated]);
    expect(spec.given([paymentCreated]).when(create).error).toBeInstanceOf(IllegalStateError);
  });

  it('records the confirmation with the facts of the payment, brand and last four only', () => {
    expect(spec.given([paymentCreated]).when(succeed()).events).toEqual([paymentSucceeded]);
  });

  it('records each decline, and a success after declines (a retry with another card)', () => {
    expect(spec.given([paymentCreated]).when(fail()).events).toEqual([paymentFailed]);
    expect(spec.given([paymentCreated, paymentFailed]).when(fail()).events).toEqual([paymentFailed]);
    expect(spec.given([paymentCreated, paymentFailed, paymentFailed]).when(succeed()).events).toEqual([
      paymentSucceeded,
    ]);
  });

  it('ignores a repeated confirmation and a decline reported after it', () => {
    expect(spec.given([paymentCreated, paymentSucceeded]).when(succeed()).events).toEqual([]);
    expect(spec.given([paymentCreated, paymentSucceeded]).when(fail()).events).toEqual([]);
  });

  it('refuses reports about an unknown payment or another provider payment', () => {
    expect(spec.given([]).when(succeed()).error).toBeInstanceOf(NotFoundError);
    expect(spec.given([]).when(fail()).error).toBeInstanceOf(NotFoundError);
    expect(spec.given([paymentCreated]).when(succeed('pi_other')).error).toBeInstanceOf(IllegalStateError);
    expect(spec.given([paymentCreated]).when(fail('pi_other')).error).toBeInstanceOf(IllegalStateError);
  });
});
