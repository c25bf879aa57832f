import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { issueRenewal } from '../../src/application/renewals/issue-renewal.js';
import { createBillingStores } from '../../src/application/billing-stores.js';
import { createRenewalLease } from '../../src/application/renewals/renewal-lease.js';
import { createSandboxProvider, type SandboxProvider } from '../../src/payments/index.js';
import { addProduct, startBilling, viewsSettled, type BillingHarness } from '../support/billing-harness.js';
import {
  checkoutAndStart,
  renewalRunner,
  statusChanged,
  tenancyMessage,
  tenantOwnedBy,
  testClock,
} from '../support/renewals.js';
import { newBuyer, testCards } from '../support/requests.js';

const clock = testClock('2026-03-10T08:00:00.000Z');
let h: BillingHarness;

beforeEach(async () => {
  clock.set('2026-03-10T08:00:00.000Z');
  h = await startBilling({
    now: clock.now,
    provider: (pool) => createSandboxProvider({ pool, now: clock.now }),
  });
});
afterEach(async () => {
  await h?.close();
});

const invoicesFor = async (subscriptionId: string) =>
  (
    await h.pool.query<{
      id: string;
      number: string;
      status: string;
      period_start: Date;
      amount_cents: string;
    }>(
      'SELECT id, number, status, period_start, amount_cents FROM invoices WHERE subscription_id = $1 ORDER BY period_start',
      [subscriptionId],
    )
  ).rows.map((row) => ({
    status: row.status,
    periodStart: row.period_start.toISOString(),
    amountCents: Number(row.amount_cents),
  }));

async function tickAt(runner: { tick(): Promise<unknown> }, iso: string) {
  clock.set(iso);
  await runner.tick();
  await viewsSettled(h);
}

async function paidCustomer() {
  const product = await addProduct(h.pool, { basePriceCents: 9_900 });
  const buyer = await newBuyer();
  const bought = await checkoutAndStart(h, clock.now, { buyer, product, card: testCards.visa });
  return { buyer, product, ...bought };
}

describe('the renewal runner', () => {
  it('bills a trial when it ends, on the card the tenant’s owner saved at a checkout', async () => {
    const { tenantId } = await paidCustomer();
    const product = await addProduct(h.pool, { basePriceCents: 4_900 });
    const subscriptionId = uuidv7();
    await tenancyMessage(h.pool, 'tenancy.subscription.started.v1', {
      subscriptionId,
      tenantId,
      productId: product.productId,
      plan: 'basic',
      status: 'trial',
      amountCents: 4_900,
      startedAt: '2026-03-10T08:00:00.000Z',
    });
    const recorded: string[] = [];
    const { runner, errors } = renewalRunner(h, clock.now, {
      onPaymentRecorded: (outcome) => recorded.push(outcome),
    });
    await tickAt(runner, '2026-03-24T07:59:00.000Z');
    expect(await invoicesFor(subscriptionId)).toEqual([]);
    await tickAt(runner, '2026-03-24T08:00:00.000Z');
    await tickAt(runner, '2026-03-24T08:01:00.000Z');
    expect(await invoicesFor(subscriptionId)).toEqual([
      { status: 'paid', periodStart: '2026-03-24T08:00:00.000Z', amountCents: 4_900 },
    ]);
    // The payments metric's count: one charge recorded, however often the runner looks again.
    expect(recorded).toEqual(['succeeded']);
    expect(errors).toEqual([]);
  });

  it('never charges a subscription whose tenant’s owner saved no card, or whose tenant has no owner', async () => {
    const product = await addProduct(h.pool);
    const owned = await tenantOwnedBy(h.pool, uuidv7(), '2026-01-01T00:00:00.000Z');
    const ownerless = uuidv7();
    await tenancyMessage(h.pool, 'tenancy.tenant.created.v1', {
      tenantId: ownerless,
      name: 'Northwind',
      slug: `northwind-${ownerless}`,
      ownerId: null,
      status: 'active',
      domainUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const subscriptions = [uuidv7(), uuidv7()];
    for (const [index, tenantId] of [owned, ownerless].entries()) {
      await tenancyMessage(h.pool, 'tenancy.subscription.started.v1', {
        subscriptionId: subscriptions[index],
        tenantId,
        productId: product.productId,
        plan: 'professional',
        status: 'active',
        amountCents: 34_900,
        startedAt: '2026-01-01T00:00:00.000Z',
      });
    }
    const { runner } = renewalRunner(h, clock.now);
    await tickAt(runner, '2026-04-01T00:00:00.000Z');
    for (const subscriptionId of subscriptions) expect(await invoicesFor(subscriptionId)).toEqual([]);
  });

  it('stops renewing a cancelled subscription, and starts a new cycle when it is made active again', async () => {
    const bought = await paidCustomer();
    const { runner } = renewalRunner(h, clock.now);
    await statusChanged(h.pool, {
      ...bought,
      from: 'active',
      to: 'cancelled',
      at: '2026-03-20T00:00:00.000Z',
    });
    await tickAt(runner, '2026-04-10T08:00:00.000Z');
    await tickAt(runner, '2026-04-25T00:00:00.000Z');
    expect(await invoicesFor(bought.subscriptionId)).toEqual([]);
    await statusChanged(h.pool, {
      ...bought,
      from: 'cancelled',
      to: 'active',
      at: '2026-04-25T12:00:00.000Z',
    });
    await tickAt(runner, '2026-05-10T08:00:00.000Z');
    expect(await invoicesFor(bought.subscriptionId)).toEqual([]);
    await tickAt(runner, '2026-05-25T12:00:00.000Z');
    expect(await invoicesFor(bought.subscriptionId)).toEqual([
      { status: 'paid', periodStart: '2026-05-25T12:00:00.000Z', amountCents: 9_900 },
    ]);
  });

  it('issues one invoice per period however often it is asked, and skips a tick another replica holds', async () => {
    const bought = await paidCustomer();
    clock.set('2026-04-10T08:00:00.000Z');
    let endOtherTick: () => void = () => undefined;
    let otherTickStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (otherTickStarted = resolve));
    const otherReplica = createRenewalLease(h.pool)(async () => {
      otherTickStarted();
      await new Promise<void>((resolve) => (endOtherTick = resolve));
    });
    await started;
    const { runner } = renewalRunner(h, clock.now);
    expect(await runner.tick()).toMatchObject({ ran: false, issued: [] });
    endOtherTick();
    await otherReplica;

    const second = renewalRunner(h, clock.now).runner;
    const reports = await Promise.all([runner.tick(), second.tick()]);
    expect(reports.flatMap((report) => report.issued)).toHaveLength(1);
    await viewsSettled(h);
    const [invoice] = await invoicesFor(bought.subscriptionId);
    expect(invoice).toMatchObject({ status: 'paid' });

    // Without the lease, as two replicas reading a view that lags would: the same id, so nothing more.
    const subscription = {
      ...bought,
      plan: 'professional' as const,
      status: 'active' as const,
      amountCents: 9_900,
      cycleStart: '2026-03-10T08:00:00.000Z',
      cycleTrial: false,
      payer: { userId: bought.buyer.userId, providerCustomerId: 'cus_x', paymentMethodId: 'pm_x' },
      cancelRequestedAt: null,
      scheduledPlanChange: null,
      upgradeInFlight: null,
      announcedRenewalAt: null,
    };
    const work = {
      kind: 'issue' as const,
      dueAt: '2026-04-10T08:00:00.000Z',
      subscriptionId: bought.subscriptionId,
      subscription,
      period: { index: 1, start: '2026-04-10T08:00:00.000Z', end: '2026-05-10T08:00:00.000Z' },
    };
    const deps = {
      pool: h.pool,
      stores: createBillingStores(h.eventStore),
      now: clock.now,
    };
    expect(await issueRenewal(deps, work)).toMatchObject({ issued: false });
    const { rows } = await h.pool.query(
      `SELECT count(*)::int AS intents FROM sandbox_payment_intents WHERE off_session`,
    );
    expect(rows[0]).toEqual({ intents: 1 });
  });

  it('resumes an attempt cut short after the provider charged, without charging again', async () => {
    const bought = await paidCustomer();
    clock.set('2026-04-10T08:00:00.000Z');
    const sandbox = createSandboxProvider({ pool: h.pool, now: clock.now });
    const crashing: SandboxProvider = {
      ...sandbox,
      async chargeOffSession(input) {
        await sandbox.chargeOffSession(input);
        throw new Error('billing stopped before recording the charge');
      },
    };
    const first = renewalRunner(h, clock.now, { provider: crashing });
    expect(await first.runner.tick()).toMatchObject({ issued: [expect.any(String)], paid: [], failed: 1 });
    expect(first.errors).toHaveLength(1);
    await viewsSettled(h);
    const { rows: inFlight } = await h.pool.query(
      'SELECT attempt_in_flight FROM invoices WHERE subscription_id = $1',
      [bought.subscriptionId],
    );
    expect(inFlight).toEqual([{ attempt_in_flight: 1 }]);

    await tickAt(renewalRunner(h, clock.now).runner, '2026-04-10T09:00:00.000Z');
    expect(await invoicesFor(bought.subscriptionId)).toEqual([
      { status: 'paid', periodStart: '2026-04-10T08:00:00.000Z', amountCents: 9_900 },
    ]);
    const { rows } = await h.pool.query(
      `SELECT (SELECT count(*)::int FROM sandbox_payment_intents WHERE off_session) AS charges,
              (SELECT count(*)::int FROM payments WHERE kind = 'renewal') AS payments`,
    );
    expect(rows[0]).toEqual({ charges: 1, payments: 1 });
  });

  it('ticks on its own until stopped', async () => {
    const bought = await paidCustomer();
    clock.set('2026-04-10T08:00:00.000Z');
    const { runner } = renewalRunner(h, clock.now);
    const running = runner.start(25);
    const deadline = Date.now() + 5_000;
    while ((await invoicesFor(bought.subscriptionId))[0]?.status !== 'paid' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await running.stop();
    expect(await invoicesFor(bought.subscriptionId)).toMatchObject([{ status: 'paid' }]);
  });
});
