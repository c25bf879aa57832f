import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import {
  IdempotencyKeyReuseError,
  InvalidClientSecretError,
  PaymentIntentUnexpectedStateError,
  ProviderResourceMissingError,
} from '../../../src/payments/provider-errors.js';
import {
  createSandboxProvider,
  type SandboxProvider,
} from '../../../src/payments/sandbox/sandbox-provider.js';
import type { SandboxCard } from '../../../src/payments/sandbox/test-cards.js';
import { openBillingDatabase } from '../../support/billing-harness.js';

/** The Sandbox's SetupIntents (a replacement card): Stripe's flow and test cards, nothing charged. */
const database = startedForFile(openBillingDatabase);
const clock = new Date('2026-11-15T12:00:00Z');
let sandbox: SandboxProvider;
beforeAll(() => {
  sandbox = createSandboxProvider({ pool: database.pool, now: () => clock });
});

const card = (number: string): SandboxCard => ({ number, expMonth: 8, expYear: 34, cvc: '123' });

async function newSetup() {
  const userId = randomUUID();
  const { customerId } = await sandbox.createCustomer({
    userId,
    email: 'casey@demo.local',
    idempotencyKey: randomUUID(),
  });
  const metadata = { setupId: randomUUID(), userId };
  const idempotencyKey = randomUUID();
  const created = await sandbox.createSetupIntent({ customerId, metadata, idempotencyKey });
  return { ...created, customerId, metadata, idempotencyKey };
}

describe('Sandbox card setups', () => {
  it('saves an approved card for off-session charges with brand, last four and expiry only', async () => {
    const setup = await newSetup();
    expect(setup.clientSecret).toMatch(/^seti_sandbox_[a-f0-9]+_secret_[a-f0-9]+$/);
    expect(await sandbox.retrieveSetupIntent(setup.providerSetupId)).toEqual({
      status: 'pending',
      providerSetupId: setup.providerSetupId,
    });
    const confirmed = await sandbox.confirmSetup({
      clientSecret: setup.clientSecret,
      card: card('5555 5555 5555 4444'),
    });
    const saved = {
      status: 'succeeded',
      providerSetupId: setup.providerSetupId,
      paymentMethodId: expect.stringMatching(/^pm_sandbox_/),
      card: { brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2034 },
    };
    expect(confirmed).toEqual({ ...saved, metadata: setup.metadata });
    expect(await sandbox.retrieveSetupIntent(setup.providerSetupId)).toEqual(saved);
    expect(await sandbox.setupMetadataOf(setup.providerSetupId)).toEqual(setup.metadata);

    // The saved card pays off-session, as one a checkout saved does.
    const charged = await sandbox.chargeOffSession({
      amountCents: 4_900,
      currency: 'usd',
      customerId: setup.customerId,
      paymentMethodId: confirmed.status === 'succeeded' ? confirmed.paymentMethodId : '',
      metadata: {
        paymentId: randomUUID(),
        productId: randomUUID(),
        userId: setup.metadata.userId,
        tenantId: null,
      },
      idempotencyKey: randomUUID(),
    });
    expect(charged).toMatchObject({ status: 'succeeded', card: saved.card });
  });

  it('declines as a checkout would and stays open for another card; once saved, it cannot be confirmed again', async () => {
    const setup = await newSetup();
    expect(
      await sandbox.confirmSetup({ clientSecret: setup.clientSecret, card: card('4000 0000 0000 9995') }),
    ).toMatchObject({ status: 'failed', code: 'card_declined', declineCode: 'insufficient_funds' });
    expect(await sandbox.retrieveSetupIntent(setup.providerSetupId)).toMatchObject({ status: 'failed' });
    const { rowCount } = await database.pool.query(
      'SELECT 1 FROM sandbox_payment_methods WHERE customer_id = $1',
      [setup.customerId],
    );
    expect(rowCount).toBe(0);
    await sandbox.confirmSetup({ clientSecret: setup.clientSecret, card: card('4242 4242 4242 4242') });
    await expect(
      sandbox.confirmSetup({ clientSecret: setup.clientSecret, card: card('4242 4242 4242 4242') }),
    ).rejects.toBeInstanceOf(PaymentIntentUnexpectedStateError);
  });

  it('answers a retried request with the same setup and a fresh secret; other parameters are refused', async () => {
    const setup = await newSetup();
    const again = await sandbox.createSetupIntent({
      customerId: setup.customerId,
      metadata: setup.metadata,
      idempotencyKey: setup.idempotencyKey,
    });
    expect(again.providerSetupId).toBe(setup.providerSetupId);
    expect(again.clientSecret).not.toBe(setup.clientSecret);
    await expect(
      sandbox.confirmSetup({ clientSecret: setup.clientSecret, card: card('4242 4242 4242 4242') }),
    ).rejects.toBeInstanceOf(InvalidClientSecretError);
    await expect(
      sandbox.createSetupIntent({
        customerId: setup.customerId,
        metadata: { ...setup.metadata, setupId: randomUUID() },
        idempotencyKey: setup.idempotencyKey,
      }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
  });

  it('refuses an unknown customer or setup, and a payment intent’s secret', async () => {
    await expect(
      sandbox.createSetupIntent({
        customerId: 'cus_sandbox_gone',
        metadata: { setupId: randomUUID(), userId: randomUUID() },
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toBeInstanceOf(ProviderResourceMissingError);
    await expect(sandbox.retrieveSetupIntent('seti_sandbox_gone')).rejects.toBeInstanceOf(
      ProviderResourceMissingError,
    );
    await expect(
      sandbox.confirmSetup({ clientSecret: 'pi_sandbox_abc_secret_def', card: card('4242 4242 4242 4242') }),
    ).rejects.toBeInstanceOf(InvalidClientSecretError);
  });
});
