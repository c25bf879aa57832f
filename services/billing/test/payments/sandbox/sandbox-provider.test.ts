import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import type { PaymentMetadata } from '../../../src/payments/payment-provider.js';
import {
  IdempotencyKeyReuseError,
  InvalidAmountError,
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

const database = startedForFile(openBillingDatabase);
let clock = new Date('2026-11-15T12:00:00Z');
let sandbox: SandboxProvider;
beforeAll(() => {
  sandbox = createSandboxProvider({ pool: database.pool, now: () => clock });
});

/** How many cards the Sandbox keeps for the customer. */
async function savedMethods(customerId: string): Promise<number | null> {
  const { rowCount } = await database.pool.query(
    'SELECT 1 FROM sandbox_payment_methods WHERE customer_id = $1',
    [customerId],
  );
  return rowCount;
}

const visa: SandboxCard = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };
const card = (number: string): SandboxCard => ({ ...visa, number });

const metadataFor = (): PaymentMetadata => ({
  paymentId: randomUUID(),
  productId: randomUUID(),
  userId: randomUUID(),
  tenantId: randomUUID(),
});

async function newCustomer(): Promise<string> {
  const { customerId } = await sandbox.createCustomer({
    userId: randomUUID(),
    email: 'casey@demo.local',
    idempotencyKey: randomUUID(),
  });
  return customerId;
}

async function newIntent(options: { save?: boolean; amountCents?: number; customerId?: string } = {}) {
  const customerId = options.customerId ?? (await newCustomer());
  const metadata = metadataFor();
  const intent = await sandbox.createPaymentIntent({
    amountCents: options.amountCents ?? 4999,
    currency: 'usd',
    customerId,
    metadata,
    savePaymentMethod: options.save ?? true,
    idempotencyKey: randomUUID(),
  });
  return { ...intent, customerId, metadata };
}

async function tableText(): Promise<string> {
  const { rows } = await database.pool.query(
    `SELECT json_agg(t)::text AS text FROM (
       SELECT row_to_json(i)::text AS row FROM sandbox_payment_intents i
       UNION ALL SELECT row_to_json(m)::text FROM sandbox_payment_methods m
       UNION ALL SELECT row_to_json(c)::text FROM sandbox_customers c) t`,
  );
  return String(rows[0]?.text);
}

describe('Sandbox customers', () => {
  it('issues cus_sandbox_ ids, the same customer again for the same idempotency key', async () => {
    const request = { userId: randomUUID(), email: 'jordan@demo.local', idempotencyKey: randomUUID() };
    const first = await sandbox.createCustomer(request);
    expect(first.customerId).toMatch(/^cus_sandbox_[A-Za-z0-9]+$/);
    expect(await sandbox.createCustomer(request)).toEqual(first);
    const [a, b] = await Promise.all([
      sandbox.createCustomer({ ...request, idempotencyKey: 'k-' + randomUUID() }),
      sandbox.createCustomer({ ...request, idempotencyKey: 'other-' + randomUUID() }),
    ]);
    expect(a.customerId).not.toBe(b.customerId);
  });

  it('gives concurrent requests with one key one customer, and refuses the key with other parameters', async () => {
    const request = { userId: randomUUID(), email: 'casey@demo.local', idempotencyKey: randomUUID() };
    const answers = await Promise.all([1, 2, 3].map(() => sandbox.createCustomer(request)));
    expect(new Set(answers.map((answer) => answer.customerId)).size).toBe(1);
    await expect(sandbox.createCustomer({ ...request, email: 'other@demo.local' })).rejects.toBeInstanceOf(
      IdempotencyKeyReuseError,
    );
  });
});

describe('Sandbox payment intents', () => {
  it('issues a pi_sandbox_ id and a client secret of Stripe form, storing only the secret hash', async () => {
    const intent = await newIntent();
    expect(intent.providerPaymentId).toMatch(/^pi_sandbox_[A-Za-z0-9]+$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.providerPaymentId}_secret_[0-9a-f]{32}$`));
    const { rows } = await database.pool.query('SELECT * FROM sandbox_payment_intents WHERE id = $1', [
      intent.providerPaymentId,
    ]);
    expect(rows[0]).toMatchObject({
      amount_cents: 4999,
      currency: 'usd',
      customer_id: intent.customerId,
      metadata: intent.metadata,
      save_payment_method: true,
      status: 'requires_payment_method',
    });
    expect(rows[0].client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await tableText()).not.toContain(intent.clientSecret.split('_secret_')[1]);
  });

  it('answers a repeated idempotency key with the same intent and a fresh secret, the old one retired', async () => {
    const customerId = await newCustomer();
    const request = {
      amountCents: 2500,
      currency: 'usd' as const,
      customerId,
      metadata: metadataFor(),
      savePaymentMethod: false,
      idempotencyKey: randomUUID(),
    };
    const first = await sandbox.createPaymentIntent(request);
    const again = await sandbox.createPaymentIntent(request);
    expect(again.providerPaymentId).toBe(first.providerPaymentId);
    await expect(
      sandbox.confirmPayment({ clientSecret: first.clientSecret, card: visa }),
    ).rejects.toBeInstanceOf(InvalidClientSecretError);
    expect(await sandbox.confirmPayment({ clientSecret: again.clientSecret, card: visa })).toMatchObject({
      status: 'succeeded',
    });
    await expect(sandbox.createPaymentIntent({ ...request, amountCents: 2600 })).rejects.toBeInstanceOf(
      IdempotencyKeyReuseError,
    );
  });

  it("refuses an unknown customer and amounts Stripe would refuse, in Stripe's words", async () => {
    await expect(newIntent({ customerId: 'cus_sandbox_missing' })).rejects.toThrow(
      new ProviderResourceMissingError('customer', 'cus_sandbox_missing'),
    );
    await expect(newIntent({ amountCents: 49 })).rejects.toThrow('Amount must be at least $0.50 usd');
    await expect(newIntent({ amountCents: 10.5 })).rejects.toBeInstanceOf(InvalidAmountError);
    await expect(newIntent({ amountCents: 100_000_000 })).rejects.toThrow(
      'Amount must be no more than $999,999.99',
    );
  });
});

describe('Sandbox confirmation', () => {
  it('succeeds with 4242, saving brand, last four and expiry only, and reports what the intent was for', async () => {
    const intent = await newIntent();
    const confirmation = await sandbox.confirmPayment({ clientSecret: intent.clientSecret, card: visa });
    expect(confirmation).toEqual({
      status: 'succeeded',
      providerPaymentId: intent.providerPaymentId,
      paymentMethodId: expect.stringMatching(/^pm_sandbox_[A-Za-z0-9]+$/),
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      metadata: intent.metadata,
      amountCents: 4999,
    });
    const { rows } = await database.pool.query(
      'SELECT * FROM sandbox_payment_methods WHERE customer_id = $1',
      [intent.customerId],
    );
    expect(rows).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }),
    ]);
    const stored = await tableText();
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('4242 4242');
  });

  it('saves no method when the intent was not asked to', async () => {
    const intent = await newIntent({ save: false });
    const confirmation = await sandbox.confirmPayment({
      clientSecret: intent.clientSecret,
      card: card('5555555555554444'),
    });
    expect(confirmation).toMatchObject({
      status: 'succeeded',
      paymentMethodId: null,
      card: { brand: 'mastercard' },
    });
    expect(await savedMethods(intent.customerId)).toBe(0);
  });

  it('declines 4000 0000 0000 0002 and leaves the intent open for another card', async () => {
    const intent = await newIntent();
    expect(
      await sandbox.confirmPayment({ clientSecret: intent.clientSecret, card: card('4000000000000002') }),
    ).toEqual({
      status: 'failed',
      providerPaymentId: intent.providerPaymentId,
      code: 'card_declined',
      declineCode: 'generic_decline',
      message: 'Your card was declined.',
      metadata: intent.metadata,
      amountCents: 4999,
    });
    const insufficient = await sandbox.confirmPayment({
      clientSecret: intent.clientSecret,
      card: card('4000 0000 0000 9995'),
    });
    expect(insufficient).toMatchObject({
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const expired = await sandbox.confirmPayment({
      clientSecret: intent.clientSecret,
      card: { ...visa, expMonth: 10, expYear: 2026 },
    });
    expect(expired).toMatchObject({ code: 'expired_card', message: 'Your card has expired.' });
    const { rows } = await database.pool.query(
      'SELECT status, attempts FROM sandbox_payment_intents WHERE id = $1',
      [intent.providerPaymentId],
    );
    expect(rows[0]).toEqual({ status: 'requires_payment_method', attempts: 3 });
    expect(await sandbox.confirmPayment({ clientSecret: intent.clientSecret, card: visa })).toMatchObject({
      status: 'succeeded',
    });
  });

  it("refuses to confirm an intent twice, in Stripe's words", async () => {
    const intent = await newIntent();
    await sandbox.confirmPayment({ clientSecret: intent.clientSecret, card: visa });
    const again = sandbox.confirmPayment({ clientSecret: intent.clientSecret, card: visa });
    await expect(again).rejects.toBeInstanceOf(PaymentIntentUnexpectedStateError);
    await expect(again).rejects.toThrow(
      'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    );
  });

  it('lets only one of concurrent confirms succeed', async () => {
    const intent = await newIntent();
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(() => sandbox.confirmPayment({ clientSecret: intent.clientSecret, card: visa })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(PaymentIntentUnexpectedStateError);
    }
    expect(await savedMethods(intent.customerId)).toBe(1);
  });

  it('refuses a garbled secret, an unknown intent and a wrong secret with typed errors', async () => {
    const intent = await newIntent();
    await expect(sandbox.confirmPayment({ clientSecret: 'garbage', card: visa })).rejects.toBeInstanceOf(
      InvalidClientSecretError,
    );
    await expect(
      sandbox.confirmPayment({ clientSecret: 'pi_sandbox_nothere_secret_abc', card: visa }),
    ).rejects.toThrow(new ProviderResourceMissingError('payment_intent', 'pi_sandbox_nothere'));
    const wrong = `${intent.providerPaymentId}_secret_${'0'.repeat(32)}`;
    await expect(sandbox.confirmPayment({ clientSecret: wrong, card: visa })).rejects.toThrow(
      'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
    );
    const { rows } = await database.pool.query(
      'SELECT status, attempts FROM sandbox_payment_intents WHERE id = $1',
      [intent.providerPaymentId],
    );
    expect(rows[0]).toEqual({ status: 'requires_payment_method', attempts: 0 });
  });
});

describe('Sandbox off-session charges', () => {
  async function savedMethod(number: string) {
    const intent = await newIntent();
    const confirmation = await sandbox.confirmPayment({
      clientSecret: intent.clientSecret,
      card: card(number),
    });
    if (confirmation.status !== 'succeeded' || !confirmation.paymentMethodId) throw new Error('not saved');
    return { customerId: intent.customerId, paymentMethodId: confirmation.paymentMethodId };
  }
  const charge = (saved: { customerId: string; paymentMethodId: string }, idempotencyKey = randomUUID()) =>
    sandbox.chargeOffSession({
      amountCents: 4999,
      currency: 'usd',
      ...saved,
      metadata: metadataFor(),
      idempotencyKey,
    });

  it('charges a saved 4242 card, once per idempotency key', async () => {
    const saved = await savedMethod('4242424242424242');
    const request = {
      amountCents: 4999,
      currency: 'usd' as const,
      ...saved,
      metadata: metadataFor(),
      idempotencyKey: randomUUID(),
    };
    const outcome = await sandbox.chargeOffSession(request);
    expect(outcome).toEqual({
      status: 'succeeded',
      providerPaymentId: expect.stringMatching(/^pi_sandbox_/),
      paymentMethodId: saved.paymentMethodId,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
    });
    const replays = await Promise.all([1, 2].map(() => sandbox.chargeOffSession(request)));
    expect(replays).toEqual([outcome, outcome]);
    const { rows } = await database.pool.query(
      'SELECT count(*)::int AS n FROM sandbox_payment_intents WHERE idempotency_key = $1',
      [request.idempotencyKey],
    );
    expect(rows[0].n).toBe(1);
    await expect(sandbox.chargeOffSession({ ...request, amountCents: 5000 })).rejects.toBeInstanceOf(
      IdempotencyKeyReuseError,
    );
  });

  it('declines every off-session charge of a saved 0341 card, which confirmed fine', async () => {
    const saved = await savedMethod('4000000000000341');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await charge(saved)).toEqual({
        status: 'failed',
        providerPaymentId: expect.stringMatching(/^pi_sandbox_/),
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: 'Your card was declined.',
      });
    }
  });

  it('declines a saved card once the clock passes its expiry month', async () => {
    const saved = await savedMethod('4242424242424242');
    const before = clock;
    try {
      clock = new Date('2031-01-01T00:00:00Z');
      expect(await charge(saved)).toMatchObject({ status: 'failed', code: 'expired_card' });
    } finally {
      clock = before;
    }
  });

  it("refuses a method that is not the customer's", async () => {
    const saved = await savedMethod('4242424242424242');
    const stranger = await newCustomer();
    await expect(charge({ customerId: stranger, paymentMethodId: saved.paymentMethodId })).rejects.toThrow(
      new ProviderResourceMissingError('payment_method', saved.paymentMethodId),
    );
  });
});
