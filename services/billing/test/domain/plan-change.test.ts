import { describe, expect, it } from 'vitest';
import type { PlanPrices } from '@app/contracts';
import { decidePlanChange } from '../../src/domain/plan-change/plan-change.js';
import type { BillableSubscription } from '../../src/domain/renewal/due-work.js';

const policy = { trialDays: 14, retryAfterDays: [1, 3, 5], minimumChargeCents: 50 };
const payer = {
  userId: '0196f2a0-0000-7000-8000-0000000000c1',
  providerCustomerId: 'c',
  paymentMethodId: 'p',
};
const prices: PlanPrices = { basic: 900, professional: 2900, enterprise: 9900 };

function subscription(overrides: Partial<BillableSubscription> = {}): BillableSubscription {
  return {
    subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
    tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
    productId: '0196f2a0-0000-7000-8000-0000000000e1',
    plan: 'professional',
    status: 'active',
    amountCents: 2900,
    cycleStart: '2027-01-15T10:00:00.000Z',
    cycleTrial: false,
    payer,
    cancelRequestedAt: null,
    scheduledPlanChange: null,
    upgradeInFlight: null,
    announcedRenewalAt: null,
    ...overrides,
  };
}

describe('deciding a plan change', () => {
  it('upgrades at once, charging the prorated difference to the card on file', () => {
    const decision = decidePlanChange(
      subscription(),
      prices,
      'enterprise',
      '2027-02-14T10:00:00.000Z',
      policy,
    );
    expect(decision).toMatchObject({
      kind: 'upgrade',
      fromPlan: 'professional',
      plan: 'enterprise',
      previousAmountCents: 2900,
      amountCents: 9900,
      effectiveAt: '2027-02-14T10:00:00.000Z',
      periodEnd: '2027-02-15T10:00:00.000Z',
      charge: { amountCents: 226, payer },
    });
  });

  it('waives a difference below the card minimum, and charges nothing during a trial', () => {
    const lastMinutes = decidePlanChange(
      subscription(),
      prices,
      'enterprise',
      '2027-02-15T09:50:00.000Z',
      policy,
    );
    expect(lastMinutes).toMatchObject({ kind: 'upgrade', charge: null });
    const trial = subscription({ status: 'trial', cycleTrial: true, payer: null });
    const inTrial = decidePlanChange(trial, prices, 'enterprise', '2027-01-20T10:00:00.000Z', policy);
    expect(inTrial).toMatchObject({ kind: 'upgrade', charge: null, periodEnd: '2027-01-29T10:00:00.000Z' });
  });

  it('downgrades at the next renewal, and going back withdraws the scheduled change', () => {
    const decision = decidePlanChange(subscription(), prices, 'basic', '2027-02-14T10:00:00.000Z', policy);
    expect(decision).toMatchObject({ kind: 'downgrade', effectiveAt: '2027-02-15T10:00:00.000Z' });
    const scheduled = subscription({
      scheduledPlanChange: { plan: 'basic', amountCents: 900, effectiveAt: '2027-02-15T10:00:00.000Z' },
    });
    expect(
      decidePlanChange(scheduled, prices, 'professional', '2027-02-14T10:00:00.000Z', policy),
    ).toMatchObject({ kind: 'withdraw', effectiveAt: '2027-02-15T10:00:00.000Z' });
  });

  it('refuses what cannot change, each for its own reason', () => {
    const at = '2027-02-01T10:00:00.000Z';
    const reason = (sub: BillableSubscription, plan: 'basic' | 'professional' | 'enterprise', p = prices) => {
      const decision = decidePlanChange(sub, p, plan, at, policy);
      return decision.kind === 'refused' ? decision.reason : decision.kind;
    };
    expect(reason(subscription(), 'professional')).toBe('same-plan');
    expect(reason(subscription(), 'basic', { ...prices, basic: null })).toBe('not-offered');
    expect(reason(subscription({ status: 'cancelled' }), 'enterprise')).toBe('cancelled');
    expect(reason(subscription({ status: 'suspended' }), 'enterprise')).toBe('suspended');
    expect(reason(subscription({ cancelRequestedAt: at }), 'enterprise')).toBe('cancelling');
    expect(reason(subscription({ upgradeInFlight: { startedAt: at, awaitingSince: null } }), 'basic')).toBe(
      'upgrade-in-progress',
    );
    expect(reason(subscription({ payer: null }), 'enterprise')).toBe('no-card');
    expect(decidePlanChange(subscription(), null, 'basic', at, policy)).toEqual({
      kind: 'refused',
      reason: 'product-unavailable',
    });
  });
});
