import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { loadRenewalState } from '../../src/application/renewals/renewal-state.js';
import { createSandboxProvider, type SandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import {
  checkoutAndStart,
  renewalRunner,
  statusChanged,
  tenancyMessage,
  testClock,
  testPolicy,
} from '../support/renewals.js';
import { newBuyer, uuidv7 } from '../support/requests.js';

/**
 * The tick reads only the subscriptions that can have work (renewal-state.ts), chosen in SQL: which ones it reads
 * at a time when one is covered for weeks, one is not billed yet, one's coverage ends within the day's tolerance,
 * one is overdue and one has an attempt cut short. Time is pinned; everything is written through billing's own
 * checkout, runner and tenancy handlers.
 */
const clock = testClock('2026-04-01T08:00:00.000Z');
const h = startedForFile(() =>
  startBilling({ now: clock.now, provider: (pool) => createSandboxProvider({ pool, now: clock.now }) }),
);

const visa = '4242 4242 4242 4242';
const declinesOffSession = '4000 0000 0000 0341';

describe('the subscriptions a renewal tick reads', () => {
  it('leaves out one covered well beyond now, and reads the tolerance’s, the overdue and the cut short', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 9_900 });
    clock.set('2026-04-01T08:00:00.000Z');
    const renewed = await checkoutAndStart(h, clock.now, { buyer: await newBuyer(), product, card: visa });
    const overdue = await checkoutAndStart(h, clock.now, {
      buyer: await newBuyer(),
      product,
      card: declinesOffSession,
    });
    const cutShort = await checkoutAndStart(h, clock.now, { buyer: await newBuyer(), product, card: visa });
    // Paid for until 2026-05-20T20:00, half a day after the time looked at: within the tolerance.
    clock.set('2026-04-20T20:00:00.000Z');
    const endingSoon = await checkoutAndStart(h, clock.now, { buyer: await newBuyer(), product, card: visa });

    // The first anniversary: one renewal paid, one declined and overdue at once, one charged and cut short.
    const sandbox = createSandboxProvider({ pool: h.pool, now: clock.now });
    const crashing: SandboxProvider = {
      ...sandbox,
      async chargeOffSession(input) {
        const outcome = await sandbox.chargeOffSession(input);
        if (input.metadata.tenantId === cutShort.tenantId)
          throw new Error('billing stopped after the charge');
        return outcome;
      },
    };
    clock.set('2026-05-01T08:00:01.000Z');
    const { runner } = renewalRunner(h, clock.now, {
      provider: crashing,
      policy: { ...testPolicy, retryAfterDays: [] },
    });
    expect(await runner.tick()).toMatchObject({ paid: [expect.any(String)], overdue: [expect.any(String)] });
    await viewsSettled(h);
    await statusChanged(h.pool, {
      ...overdue,
      from: 'active',
      to: 'suspended',
      at: '2026-05-01T09:00:00.000Z',
    });
    await statusChanged(h.pool, {
      ...cutShort,
      from: 'active',
      to: 'cancelled',
      at: '2026-05-02T00:00:00.000Z',
    });
    // Started by an admin ten days before, for an owner with a card and no invoice: not billed before May 10.
    const notYetBilled = uuidv7();
    await tenancyMessage(h.pool, 'tenancy.subscription.started.v1', {
      subscriptionId: notYetBilled,
      tenantId: renewed.tenantId,
      productId: (await addProduct(h.pool)).productId,
      plan: 'basic',
      status: 'active',
      amountCents: 34_900,
      startedAt: '2026-05-10T08:00:00.000Z',
    });

    const { subscriptions, invoices } = await loadRenewalState(
      h.pool,
      'sandbox',
      new Date('2026-05-20T08:00:00.000Z'),
      testPolicy,
    );
    const read = subscriptions.map((subscription) => subscription.subscriptionId).sort();
    expect(read).toEqual([endingSoon.subscriptionId, overdue.subscriptionId, cutShort.subscriptionId].sort());
    expect(invoices.filter((invoice) => invoice.subscriptionId === endingSoon.subscriptionId)).toMatchObject([
      { kind: 'checkout', periodEnd: '2026-05-20T20:00:00.000Z' },
    ]);
    expect(invoices.find((invoice) => invoice.subscriptionId === overdue.subscriptionId)).toMatchObject({
      kind: 'renewal',
      status: 'overdue',
    });
    expect(invoices.find((invoice) => invoice.subscriptionId === cutShort.subscriptionId)).toMatchObject({
      kind: 'renewal',
      inFlight: true,
    });
  });
});
