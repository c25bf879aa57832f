import { describe, expect, it } from 'vitest';
import { startedForFile } from '@app/test-support/started-for-file';
import { reminderCandidateIds } from '../../src/application/renewals/reminder-candidates.js';
import { billableSubscriptions } from '../../src/application/renewals/renewal-state.js';
import { remindersDue } from '../../src/domain/renewal/renewal-reminders.js';
import { createSandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, viewsSettled } from '../support/billing-harness.js';
import {
  checkoutAndStart,
  tenancyMessage,
  tenantOwnedBy,
  testClock,
  testPolicy,
} from '../support/renewals.js';
import { newBuyer, uuidv7 } from '../support/requests.js';

/**
 * The tick reads the subscriptions with a bill to announce by reckoning their anniversaries in SQL
 * (reminder-candidates.ts); remindersDue reckons them in TypeScript (renewal-cycle.ts). Walked over four months of
 * ends of months, short months and trials, hour by odd hour, the two agree on every subscription at every moment.
 */
const clock = testClock('2026-01-29T00:15:00.000Z');
const h = startedForFile(() =>
  startBilling({ now: clock.now, provider: (pool) => createSandboxProvider({ pool, now: clock.now }) }),
);

describe('the subscriptions a tick reads for reminders', () => {
  it('are those remindersDue finds due, through short months and trials', async () => {
    const product = await addProduct(h.pool, { basePriceCents: 2_900 });
    const ids: string[] = [];
    let cardHolderTenant = '';
    // Bought on days that short months clamp (the 29th, 30th, 31st), and on the last of February.
    for (const at of [
      '2026-01-29T00:15:00.000Z',
      '2026-01-30T23:30:00.000Z',
      '2026-01-31T09:00:00.000Z',
      '2026-02-28T18:00:00.000Z',
      '2026-03-31T12:00:00.000Z',
    ]) {
      clock.set(at);
      const bought = await checkoutAndStart(h, clock.now, {
        buyer: await newBuyer(),
        product,
        card: '4242 4242 4242 4242',
      });
      ids.push(bought.subscriptionId);
      cardHolderTenant = bought.tenantId;
    }
    // Trials whose 14 days end on the 31st, the 28th of February and the 31st, two with a card and one without.
    const cardless = await tenantOwnedBy(h.pool, uuidv7(), '2026-01-01T00:00:00.000Z');
    for (const [startedAt, tenantId] of [
      ['2026-01-17T09:00:00.000Z', cardHolderTenant],
      ['2026-02-14T20:00:00.000Z', cardless],
      ['2026-03-17T06:00:00.000Z', cardHolderTenant],
    ] as const) {
      const subscriptionId = uuidv7();
      await tenancyMessage(h.pool, 'tenancy.subscription.started.v1', {
        subscriptionId,
        tenantId,
        productId: product.productId,
        plan: 'professional',
        status: 'trial',
        amountCents: 2_900,
        startedAt,
      });
      ids.push(subscriptionId);
    }
    await viewsSettled(h);
    const subscriptions = await billableSubscriptions(h.pool, 'sandbox', ids);
    expect(subscriptions).toHaveLength(ids.length);

    const mine = new Set(ids);
    let dueSeen = 0;
    for (
      let at = Date.parse('2026-01-25T00:00:00.000Z');
      at < Date.parse('2026-06-05T00:00:00.000Z');
      at += 7 * 3_600_000
    ) {
      const now = new Date(at);
      const due = remindersDue(now, subscriptions, testPolicy).map((reminder) => reminder.subscriptionId);
      const read = (await reminderCandidateIds(h.pool, 'sandbox', now, testPolicy)).filter((id) =>
        mine.has(id),
      );
      expect(read.sort(), now.toISOString()).toEqual(due.sort());
      dueSeen += due.length;
    }
    // Each bill is due over its 3 days, a sample every 7 hours: about 10 samples per bill, 4 bills each.
    expect(dueSeen).toBeGreaterThan(ids.length * 30);
  });
});
