import { describe, expect, it } from 'vitest';
import type { BillableSubscription } from '../../src/domain/renewal/due-work.js';
import { subscriptionTerm } from '../../src/domain/renewal/subscription-term.js';

const policy = { trialDays: 14, retryAfterDays: [1, 3, 5], minimumChargeCents: 50 };
const subscriptionId = '0196f2a0-0000-7000-8000-0000000000a1';

function subscription(overrides: Partial<BillableSubscription> = {}): BillableSubscription {
  return {
    subscriptionId,
    tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
    productId: '0196f2a0-0000-7000-8000-0000000000e1',
    plan: 'professional',
    status: 'active',
    amountCents: 34_900,
    cycleStart: '2026-01-31T09:00:00.000Z',
    cycleTrial: false,
    payer: { userId: '0196f2a0-0000-7000-8000-0000000000c1', providerCustomerId: 'c', paymentMethodId: 'p' },
    cancelRequestedAt: null,
    scheduledPlanChange: null,
    upgradeInFlight: null,
    announcedRenewalAt: null,
    ...overrides,
  };
}

const now = new Date('2026-03-10T00:00:00.000Z');

describe('a subscription’s billing term', () => {
  it('runs to the next anniversary, and renews then when there is a card to charge', () => {
    expect(subscriptionTerm(subscription(), policy, now)).toEqual({
      subscriptionId,
      status: 'active',
      currentPeriodEnd: '2026-03-31T09:00:00.000Z',
      renewsAt: '2026-03-31T09:00:00.000Z',
      cancelAtPeriodEnd: false,
      endsAt: null,
      scheduledPlanChange: null,
    });
    expect(subscriptionTerm(subscription({ payer: null }), policy, now).renewsAt).toBeNull();
    expect(subscriptionTerm(subscription({ amountCents: 49 }), policy, now).renewsAt).toBeNull();
  });

  it('set to cancel, ends at the end of the period in which the customer asked, and does not renew', () => {
    const term = subscriptionTerm(
      subscription({ cancelRequestedAt: '2026-03-02T10:00:00.000Z' }),
      policy,
      now,
    );
    expect(term).toMatchObject({
      cancelAtPeriodEnd: true,
      endsAt: '2026-03-31T09:00:00.000Z',
      renewsAt: null,
    });
  });

  it('of a trial, runs to the trial’s end', () => {
    const trial = subscription({ status: 'trial', cycleTrial: true, cycleStart: '2026-03-01T12:00:00.000Z' });
    expect(subscriptionTerm(trial, policy, now)).toMatchObject({
      currentPeriodEnd: '2026-03-15T12:00:00.000Z',
      renewsAt: '2026-03-15T12:00:00.000Z',
    });
  });

  it('of a cancelled subscription, has no period left', () => {
    expect(subscriptionTerm(subscription({ status: 'cancelled' }), policy, now)).toEqual({
      subscriptionId,
      status: 'cancelled',
      currentPeriodEnd: null,
      renewsAt: null,
      cancelAtPeriodEnd: false,
      endsAt: null,
      scheduledPlanChange: null,
    });
  });
});
