import { describe, it } from 'vitest';
import { NotFoundError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import { customerDecider } from '../../src/domain/customer/decide.js';
import type { SetupOutcome } from '../../src/payments/payment-provider.js';

const { given } = specification(customerDecider);
const userId = '0196f2a0-0000-7000-8000-0000000000c1';
const setupId = '0196f2a0-0000-7000-8000-0000000000d1';
const now = '2026-11-21T10:00:00.000Z';
const card = { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2034 };

const customer: CustomerEvent = {
  type: 'CustomerCreated',
  data: { userId, provider: 'sandbox', providerCustomerId: 'cus_1', createdAt: now },
};
const start = (providerCustomerId = 'cus_1') =>
  ({
    type: 'StartCardSetup',
    data: { setupId, provider: 'sandbox', providerSetupId: 'seti_1', providerCustomerId },
    metadata: { now },
  }) as const;
const started: CustomerEvent = {
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
const record = (outcome: SetupOutcome) =>
  ({ type: 'RecordCardSetupOutcome', data: { setupId, outcome }, metadata: { now } }) as const;
const saved: SetupOutcome = { status: 'succeeded', providerSetupId: 'seti_1', paymentMethodId: 'pm_2', card };
const declined: SetupOutcome = {
  status: 'failed',
  providerSetupId: 'seti_1',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
};
const savedEvent: CustomerEvent = {
  type: 'PaymentMethodSaved',
  data: { setupId, userId, provider: 'sandbox', paymentMethodId: 'pm_2', card, savedAt: now },
};
const failedEvent: CustomerEvent = {
  type: 'CardSetupFailed',
  data: {
    setupId,
    userId,
    providerSetupId: 'seti_1',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    failedAt: now,
  },
};

describe('a customer starting a card change', () => {
  it('records the setup opened for their own customer at the provider', () => {
    given([customer]).when(start()).then([started]);
  });

  it('records the same setup once', () => {
    given([customer, started]).when(start()).then([]);
  });

  it('refuses a setup for a customer that is not theirs, or before they have one', () => {
    given([customer]).when(start('cus_other')).thenThrows(Error);
    given([]).when(start()).thenThrows(Error);
  });
});

describe('an open card change', () => {
  it('saves the card the provider saved, as the card on file', () => {
    given([customer, started]).when(record(saved)).then([savedEvent]);
  });

  it('records each declined card, and still saves a later one', () => {
    given([customer, started]).when(record(declined)).then([failedEvent]);
    given([customer, started, failedEvent]).when(record(saved)).then([savedEvent]);
  });

  it("refuses a verdict on another setup than the one recorded, or on one that is not this buyer's", () => {
    given([customer, started])
      .when(record({ ...saved, providerSetupId: 'seti_other' }))
      .thenThrows(NotFoundError);
    given([customer]).when(record(saved)).thenThrows(NotFoundError);
  });
});

describe('a saved card change', () => {
  it('adds nothing when the verdict comes again (webhook after the page), or a late decline arrives', () => {
    given([customer, started, savedEvent]).when(record(saved)).then([]);
    given([customer, started, savedEvent]).when(record(declined)).then([]);
  });
});
