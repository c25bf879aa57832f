import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runMigrations } from '@app/eventing';
import { createTestDatabase, type TestDatabase } from '@app/test-support';
import { ProviderResourceMissingError } from '../../../src/payments/provider-errors.js';
import {
  createSandboxProvider,
  type SandboxProvider,
} from '../../../src/payments/sandbox/sandbox-provider.js';

const migrations = resolve(fileURLToPath(new URL('../../../migrations', import.meta.url)));

let database: TestDatabase;
let pool: pg.Pool;
let sandbox: SandboxProvider;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseUrl'));
  pool = new pg.Pool({ connectionString: database.url, max: 4, options: '-c search_path=billing' });
  await runMigrations(pool, 'billing', migrations);
  sandbox = createSandboxProvider({ pool, now: () => new Date('2026-11-15T12:00:00Z') });
});
afterAll(async () => {
  pool?.on('error', () => undefined);
  await pool?.end();
  await database?.drop();
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
      card: { brand: 'visa', last4: '4242' },
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
