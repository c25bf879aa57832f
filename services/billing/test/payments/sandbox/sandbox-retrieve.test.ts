import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { ProviderResourceMissingError } from '../../../src/payments/provider-errors.js';
import {
  createSandboxProvider,
  type SandboxProvider,
} from '../../../src/payments/sandbox/sandbox-provider.js';
import { openBillingDatabase } from '../../support/billing-harness.js';

const database = startedForFile(openBillingDatabase);
let sandbox: SandboxProvider;
beforeAll(() => {
  sandbox = createSandboxProvider({ pool: database.pool, now: () => new Date('2026-11-15T12:00:00Z') });
});

const card = (number: string) => ({ number, expMonth: 12, expYear: 2030, cvc: '123' });

async function openIntent() {
  const { customerId } = await sandbox.createCustomer({
    userId: randomUUID(),
    email: 'casey@demo.local',
    idempotencyKey: randomUUID(),
  });
  return sandbox.createPaymentIntent({
    amountCents: 4999,
    currency: 'usd',
    customerId,
    metadata: { paymentId: randomUUID(), productId: randomUUID(), userId: randomUUID(), tenantId: null },
    savePaymentMethod: true,
    idempotencyKey: randomUUID(),
  });
}

describe('Sandbox payments read back', () => {
  it('reports an intent as Stripe has it: open, then declined, then succeeded with the saved card', async () => {
    const intent = await openIntent();
    const id = intent.providerPaymentId;
    expect(await sandbox.retrievePayment(id)).toEqual({ status: 'pending', providerPaymentId: id });

    await sandbox.confirmPayment({ clientSecret: intent.clientSecret, card: card('4000 0000 0000 9995') });
    expect(await sandbox.retrievePayment(id)).toEqual({
      status: 'failed',
      providerPaymentId: id,
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });

    const confirmed = await sandbox.confirmPayment({
      clientSecret: intent.clientSecret,
      card: card('4242424242424242'),
    });
    const retrieved = await sandbox.retrievePayment(id);
    expect(retrieved).toEqual({
      status: 'succeeded',
      providerPaymentId: id,
      paymentMethodId: expect.stringMatching(/^pm_sandbox_/),
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    const { metadata: _metadata, amountCents: _amount, ...outcome } = confirmed;
    expect(retrieved).toEqual(outcome);
  });

  it('refuses an intent it never issued', async () => {
    await expect(sandbox.retrievePayment('pi_sandbox_unknown')).rejects.toThrow(
      new ProviderResourceMissingError('payment_intent', 'pi_sandbox_unknown'),
    );
  });
});
