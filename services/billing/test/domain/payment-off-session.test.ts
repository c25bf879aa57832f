import { describe, it } from 'vitest';
import type { PaymentEvent } from '../../src/domain/payment/events.js';
import { specification } from '@app/domain/testing';
import type { RecordOffSessionCharge, RecordPaymentFailure } from '../../src/domain/payment/commands.js';
import { paymentDecider } from '../../src/domain/payment/decide.js';
import type { PaymentOutcome } from '../../src/payments/payment-provider.js';

const { given } = specification(paymentDecider);
const now = '2026-02-28T09:00:30.000Z';
const facts = {
  paymentId: '0196f2a0-0000-7000-8000-0000000000b1',
  invoiceId: '0196f2a0-0000-7000-8000-0000000000f2',
  userId: '0196f2a0-0000-7000-8000-0000000000c1',
  tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
  productId: '0196f2a0-0000-7000-8000-0000000000e1',
  plan: 'professional',
  amountCents: 34_900,
  currency: 'usd',
  provider: 'sandbox',
} as const;
const charge = (outcome: PaymentOutcome): RecordOffSessionCharge => ({
  type: 'RecordOffSessionCharge',
  data: { ...facts, kind: 'renewal', providerCustomerId: 'cus_sandbox_1', outcome },
  metadata: { now },
});
const created: PaymentEvent = {
  type: 'PaymentCreated',
  data: {
    ...facts,
    kind: 'renewal',
    providerPaymentId: 'pi_sandbox_2',
    providerCustomerId: 'cus_sandbox_1',
    createdAt: now,
  },
};
const declinedOutcome: PaymentOutcome = {
  status: 'failed',
  providerPaymentId: 'pi_sandbox_2',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};
const declined: PaymentEvent = {
  type: 'PaymentFailed',
  data: {
    paymentId: facts.paymentId,
    userId: facts.userId,
    providerPaymentId: 'pi_sandbox_2',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    failedAt: now,
  },
};

const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031 };
const succeededOutcome: PaymentOutcome = {
  status: 'succeeded',
  providerPaymentId: 'pi_sandbox_2',
  paymentMethodId: 'pm_sandbox_1',
  card,
};

describe('no renewal payment yet', () => {
  it('records an off-session charge with its outcome at once: succeeded with the card it charged', () => {
    given([])
      .when(charge(succeededOutcome))
      .then([
        created,
        {
          type: 'PaymentSucceeded',
          data: {
            ...facts,
            kind: 'renewal',
            providerPaymentId: 'pi_sandbox_2',
            paymentMethodId: 'pm_sandbox_1',
            card,
            succeededAt: now,
          },
        },
      ]);
  });

  it('records an off-session charge declined for good at once', () => {
    given([]).when(charge(declinedOutcome)).then([created, declined]);
  });
});

describe('a declined renewal payment', () => {
  it('is not declined twice by a repeated charge', () => {
    given([created, declined]).when(charge(declinedOutcome)).then([]);
  });

  it('is not declined twice by the provider’s webhook', () => {
    const webhook: RecordPaymentFailure = {
      type: 'RecordPaymentFailure',
      data: {
        paymentId: facts.paymentId,
        providerPaymentId: 'pi_sandbox_2',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      },
      metadata: { now },
    };
    given([created, declined]).when(webhook).then([]);
  });
});
