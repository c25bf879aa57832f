import { describe, expect, it } from 'vitest';
import {
  dueWork,
  termEndsAt,
  type BillableSubscription,
  type KnownInvoice,
  type Payer,
} from '../../src/domain/renewal/due-work.js';

const policy = { trialDays: 14, retryAfterDays: [1, 3, 5], minimumChargeCents: 50 };
const payer: Payer = {
  userId: '0196f2a0-0000-7000-8000-0000000000c1',
  providerCustomerId: 'cus_sandbox_1',
  paymentMethodId: 'pm_sandbox_1',
};
const start = '2026-01-31T09:00:00.000Z';

function subscription(overrides: Partial<BillableSubscription> = {}): BillableSubscription {
  return {
    subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
    tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
    productId: '0196f2a0-0000-7000-8000-0000000000e1',
    plan: 'professional',
    status: 'active',
    amountCents: 34_900,
    cycleStart: start,
    cycleTrial: false,
    payer,
    cancelRequestedAt: null,
    scheduledPlanChange: null,
    upgradeInFlight: null,
    announcedRenewalAt: null,
    ...overrides,
  };
}

function invoice(overrides: Partial<KnownInvoice> = {}): KnownInvoice {
  return {
    invoiceId: '0196f2a0-0000-7000-8000-0000000000f1',
    subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
    kind: 'renewal',
    periodStart: '2026-02-28T09:00:00.000Z',
    periodEnd: '2026-03-31T09:00:00.000Z',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: '2026-02-28T09:00:05.000Z',
    lastAttemptAt: null,
    inFlight: false,
    ...overrides,
  };
}

/** The checkout that started the subscription: its month ends where renewals begin. */
const checkout = invoice({
  invoiceId: '0196f2a0-0000-7000-8000-0000000000f0',
  kind: 'checkout',
  periodStart: start,
  periodEnd: '2026-02-28T09:00:00.000Z',
  status: 'paid',
  nextAttemptAt: null,
});

const at = (iso: string) => new Date(iso);
const kinds = (work: ReturnType<typeof dueWork>) =>
  work.map((item) => {
    switch (item.kind) {
      case 'issue':
        return `issue ${item.period.index}`;
      case 'end':
        return `end ${item.endsAt}`;
      case 'switch':
        return `switch ${item.effectiveAt}`;
      case 'finish-upgrade':
        return `finish-upgrade ${item.dueAt}`;
      case 'collect':
        return `${item.reason} ${item.attempt}`;
    }
  });

describe('due renewal work', () => {
  it('issues a subscription’s period on its anniversary, not before, and not twice', () => {
    expect(dueWork(at('2026-02-28T08:59:00.000Z'), [subscription()], [checkout], policy)).toEqual([]);
    const due = dueWork(at('2026-02-28T09:00:00.000Z'), [subscription()], [checkout], policy);
    expect(due).toEqual([
      {
        kind: 'issue',
        dueAt: '2026-02-28T09:00:00.000Z',
        subscriptionId: subscription().subscriptionId,
        subscription: subscription(),
        period: { index: 1, start: '2026-02-28T09:00:00.000Z', end: '2026-03-31T09:00:00.000Z' },
      },
    ]);
    const paid = invoice({ status: 'paid', attempts: 1, nextAttemptAt: null });
    expect(dueWork(at('2026-03-15T00:00:00.000Z'), [subscription()], [checkout, paid], policy)).toEqual([]);
    expect(
      kinds(dueWork(at('2026-03-31T09:00:00.000Z'), [subscription()], [checkout, paid], policy)),
    ).toEqual(['issue 2']);
  });

  it('bills only the period running now: periods that went by unbilled are not billed afterwards', () => {
    const due = dueWork(at('2026-05-10T00:00:00.000Z'), [subscription()], [checkout], policy);
    expect(due.map((item) => item.kind === 'issue' && item.period.start)).toEqual([
      '2026-04-30T09:00:00.000Z',
    ]);
  });

  it('skips a period that starts inside a month a later checkout of the same product paid for', () => {
    const later = {
      ...checkout,
      periodStart: '2026-02-20T10:00:00.000Z',
      periodEnd: '2026-03-20T10:00:00.000Z',
    };
    expect(dueWork(at('2026-03-01T00:00:00.000Z'), [subscription()], [checkout, later], policy)).toEqual([]);
    expect(
      kinds(dueWork(at('2026-03-31T09:00:00.000Z'), [subscription()], [checkout, later], policy)),
    ).toEqual(['issue 2']);
  });

  it('still bills the first anniversary when the checkout came moments after the subscription started', () => {
    const moments = {
      ...checkout,
      periodStart: '2026-01-31T09:00:05.000Z',
      periodEnd: '2026-02-28T09:00:05.000Z',
    };
    expect(kinds(dueWork(at('2026-02-28T09:00:00.000Z'), [subscription()], [moments], policy))).toEqual([
      'issue 1',
    ]);
  });

  it('renews nothing without a saved card, below the card minimum, or while suspended or cancelled', () => {
    const now = at('2026-02-28T10:00:00.000Z');
    for (const unbillable of [
      subscription({ payer: null }),
      subscription({ amountCents: 49 }),
      subscription({ status: 'suspended' }),
      subscription({ status: 'cancelled' }),
    ]) {
      expect(dueWork(now, [unbillable], [checkout], policy)).toEqual([]);
    }
  });

  it('bills a trial when the trial ends, and not before', () => {
    const trial = subscription({ status: 'trial', cycleTrial: true, cycleStart: '2026-01-10T12:00:00.000Z' });
    expect(dueWork(at('2026-01-24T11:59:00.000Z'), [trial], [], policy)).toEqual([]);
    const [first] = dueWork(at('2026-01-24T12:00:00.000Z'), [trial], [], policy);
    expect(first).toMatchObject({
      kind: 'issue',
      period: { index: 0, start: '2026-01-24T12:00:00.000Z', end: '2026-02-24T12:00:00.000Z' },
    });
  });

  it('charges a pending renewal when its next attempt is due, with the payer’s card', () => {
    const pending = invoice({ attempts: 1, nextAttemptAt: '2026-03-01T09:00:05.000Z' });
    expect(dueWork(at('2026-03-01T09:00:04.000Z'), [subscription()], [checkout, pending], policy)).toEqual(
      [],
    );
    expect(dueWork(at('2026-03-01T09:00:05.000Z'), [subscription()], [checkout, pending], policy)).toEqual([
      {
        kind: 'collect',
        dueAt: '2026-03-01T09:00:05.000Z',
        invoiceId: pending.invoiceId,
        subscriptionId: pending.subscriptionId,
        plan: 'professional',
        attempt: 2,
        reason: 'retry',
        payer,
      },
    ]);
    expect(
      kinds(dueWork(at('2026-02-28T09:00:05.000Z'), [subscription()], [checkout, invoice()], policy)),
    ).toEqual(['first 1']);
  });

  it('stops charging a cancelled subscription, but resumes an attempt cut short whatever the status', () => {
    const now = at('2026-03-02T00:00:00.000Z');
    const pending = invoice({ attempts: 1, nextAttemptAt: '2026-03-01T09:00:05.000Z' });
    const cancelled = subscription({ status: 'cancelled' });
    expect(dueWork(now, [cancelled], [checkout, pending], policy)).toEqual([]);
    const cutShort = { ...pending, inFlight: true };
    expect(dueWork(now, [cancelled], [checkout, cutShort], policy)).toMatchObject([
      { kind: 'collect', reason: 'resume', attempt: 2, payer: null, dueAt: now.toISOString() },
    ]);
  });

  it('tries an overdue renewal once more on each later anniversary while the subscription is not cancelled', () => {
    const overdue = invoice({
      status: 'overdue',
      attempts: 4,
      nextAttemptAt: null,
      lastAttemptAt: '2026-03-05T09:00:05.000Z',
    });
    const suspended = subscription({ status: 'suspended' });
    expect(dueWork(at('2026-03-31T08:00:00.000Z'), [suspended], [checkout, overdue], policy)).toEqual([]);
    // Suspended: the old invoice is tried again, and no new period is issued.
    expect(kinds(dueWork(at('2026-03-31T09:00:00.000Z'), [suspended], [checkout, overdue], policy))).toEqual([
      'next-cycle 5',
    ]);
    const triedAgain = { ...overdue, attempts: 5, lastAttemptAt: '2026-03-31T09:00:01.000Z' };
    expect(dueWork(at('2026-04-15T00:00:00.000Z'), [suspended], [checkout, triedAgain], policy)).toEqual([]);
    expect(
      dueWork(at('2026-03-31T09:00:00.000Z'), [subscription({ status: 'cancelled' })], [overdue], policy),
    ).toEqual([]);
    // Made active again by an admin: the old debt and the new period are both due, the debt first.
    expect(
      kinds(dueWork(at('2026-03-31T09:00:00.000Z'), [subscription()], [checkout, overdue], policy)),
    ).toEqual(['next-cycle 5', 'issue 2']);
  });

  it('orders the work by when it fell due', () => {
    const early = subscription({ subscriptionId: '0196f2a0-0000-7000-8000-0000000000a9' });
    const late = subscription({ cycleStart: '2026-01-31T11:00:00.000Z' });
    const due = dueWork(at('2026-02-28T12:00:00.000Z'), [late, early], [], policy);
    expect(due.map((item) => item.subscriptionId)).toEqual([early.subscriptionId, late.subscriptionId]);
  });
});

describe('a subscription set to cancel at period end', () => {
  const cancelling = subscription({ cancelRequestedAt: '2026-02-10T12:00:00.000Z' });

  it('is ended, not renewed, on the anniversary after the customer asked', () => {
    expect(dueWork(at('2026-02-28T08:59:00.000Z'), [cancelling], [checkout], policy)).toEqual([]);
    expect(kinds(dueWork(at('2026-02-28T09:00:00.000Z'), [cancelling], [checkout], policy))).toEqual([
      'end 2026-02-28T09:00:00.000Z',
    ]);
    // A tick that comes late still ends it at the term's end, and bills nothing for the month after.
    expect(kinds(dueWork(at('2026-03-05T00:00:00.000Z'), [cancelling], [checkout], policy))).toEqual([
      'end 2026-02-28T09:00:00.000Z',
    ]);
  });

  it('ends a trial when the trial ends, with nothing charged', () => {
    const trial = subscription({ cycleTrial: true, cancelRequestedAt: '2026-02-01T00:00:00.000Z' });
    expect(kinds(dueWork(at('2026-02-14T09:00:00.000Z'), [trial], [], policy))).toEqual([
      'end 2026-02-14T09:00:00.000Z',
    ]);
  });

  it('is ended whatever its card or amount: neither is needed to stop', () => {
    const free = { ...cancelling, payer: null, amountCents: 0 };
    expect(kinds(dueWork(at('2026-02-28T09:00:00.000Z'), [free], [], policy))).toEqual([
      'end 2026-02-28T09:00:00.000Z',
    ]);
  });

  it('asked for on an anniversary, runs the period that has just begun', () => {
    const onTheDay = subscription({ cancelRequestedAt: '2026-02-28T09:00:00.000Z' });
    expect(kinds(dueWork(at('2026-02-28T09:00:30.000Z'), [onTheDay], [checkout], policy))).toEqual([
      'issue 1',
    ]);
    expect(termEndsAt(onTheDay, policy)).toBe('2026-03-31T09:00:00.000Z');
  });

  it('has nothing to end once cancelled', () => {
    expect(
      dueWork(at('2026-03-05T00:00:00.000Z'), [{ ...cancelling, status: 'cancelled' }], [], policy),
    ).toEqual([]);
  });
});

describe('plan changes in due work (README "Plan changes")', () => {
  const downgrade = { plan: 'basic' as const, amountCents: 9_900, effectiveAt: '2026-02-28T09:00:00.000Z' };

  it('applies a scheduled downgrade at its renewal, before issuing that renewal at the new price', () => {
    const scheduled = subscription({ scheduledPlanChange: downgrade });
    expect(dueWork(at('2026-02-28T08:59:00.000Z'), [scheduled], [checkout], policy)).toEqual([]);
    const work = dueWork(at('2026-02-28T09:01:00.000Z'), [scheduled], [checkout], policy);
    expect(kinds(work)).toEqual(['switch 2026-02-28T09:00:00.000Z', 'issue 1']);
    expect(work[1]).toMatchObject({ kind: 'issue', subscription: { plan: 'basic', amountCents: 9_900 } });
  });

  it('does not apply a downgrade to a subscription that ends at that renewal, nor to a cancelled one', () => {
    const ending = subscription({
      scheduledPlanChange: downgrade,
      cancelRequestedAt: '2026-02-10T00:00:00.000Z',
    });
    expect(kinds(dueWork(at('2026-02-28T09:01:00.000Z'), [ending], [checkout], policy))).toEqual([
      'end 2026-02-28T09:00:00.000Z',
    ]);
    const cancelled = subscription({ scheduledPlanChange: downgrade, status: 'cancelled' });
    expect(dueWork(at('2026-02-28T09:01:00.000Z'), [cancelled], [checkout], policy)).toEqual([]);
  });

  it('finishes an upgrade charge left in flight once its request has had a minute to finish it', () => {
    const startedAt = '2026-02-10T12:00:00.000Z';
    const inFlight = subscription({ upgradeInFlight: { startedAt, awaitingSince: null } });
    expect(dueWork(at('2026-02-10T12:00:30.000Z'), [inFlight], [checkout], policy)).toEqual([]);
    expect(kinds(dueWork(at('2026-02-10T12:05:00.000Z'), [inFlight], [checkout], policy))).toEqual([
      'finish-upgrade 2026-02-10T12:01:00.000Z',
    ]);
    // Waiting for the customer's 3-D Secure step: half an hour, then it is cancelled.
    const awaiting = subscription({
      upgradeInFlight: { startedAt, awaitingSince: '2026-02-10T12:00:02.000Z' },
    });
    expect(dueWork(at('2026-02-10T12:20:00.000Z'), [awaiting], [checkout], policy)).toEqual([]);
    expect(kinds(dueWork(at('2026-02-10T12:31:00.000Z'), [awaiting], [checkout], policy))).toEqual([
      'finish-upgrade 2026-02-10T12:30:02.000Z',
    ]);
  });
});
