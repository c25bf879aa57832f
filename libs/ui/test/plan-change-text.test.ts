import { describe, expect, it } from 'vitest';
import type { PlanChangePreview, PlanChangeReply } from '@app/contracts';
import { planChangeSentence, planChangeToast, scheduledChangeLine } from '../src/plans/index.js';

// Noon UTC reads as the same calendar day in any test time zone.
const periodEnd = '2026-12-15T12:00:00.000Z';
const scheduled = { plan: 'basic', amount: 9, effectiveAt: periodEnd } as const;

function aPreview(overrides: Partial<PlanChangePreview>): PlanChangePreview {
  return {
    subscriptionId: crypto.randomUUID(),
    kind: 'upgrade',
    fromPlan: 'professional',
    plan: 'enterprise',
    currentAmount: 49,
    amount: 99,
    chargeNow: 23.45,
    effectiveAt: '2026-11-22T12:00:00.000Z',
    periodEnd,
    quotedAt: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}

const changed: PlanChangeReply = {
  subscriptionId: crypto.randomUUID(),
  outcome: 'changed',
  plan: 'enterprise',
  amount: 99,
  charged: 23.45,
  invoiceId: crypto.randomUUID(),
  effectiveAt: '2026-11-22T12:00:00.000Z',
};
const toScheduled: PlanChangeReply = {
  ...changed,
  outcome: 'scheduled',
  plan: 'basic',
  amount: 9,
  charged: 0,
  invoiceId: null,
  effectiveAt: periodEnd,
};

describe('a plan change in words, one rule for both audiences (issue 19)', () => {
  it.each([
    [
      'an upgrade charged now',
      aPreview({}),
      "The tenant's card is charged $23.45 now for the rest of this period (until Dec 15, 2026), then $99.00/month.",
      "You'll be charged $23.45 now for the rest of this period (until Dec 15, 2026), then $99.00/month.",
    ],
    [
      'an upgrade with nothing to charge',
      aPreview({ chargeNow: 0 }),
      'The plan changes to Enterprise now with nothing charged for the rest of this period (until Dec 15, 2026); then $99.00/month.',
      'Your plan changes to Enterprise now with nothing charged for the rest of this period (until Dec 15, 2026); then $99.00/month.',
    ],
    [
      'a downgrade',
      aPreview({ kind: 'downgrade', plan: 'basic', amount: 9, chargeNow: 0, effectiveAt: periodEnd }),
      'The plan changes to Basic on Dec 15, 2026, at the next renewal; the tenant then pays $9.00/month. Nothing is charged now.',
      "Your plan changes to Basic on Dec 15, 2026, at your next renewal; you'll then pay $9.00/month. Nothing is charged now.",
    ],
    [
      'a date that does not parse',
      aPreview({ kind: 'downgrade', plan: 'basic', amount: 9, chargeNow: 0, effectiveAt: 'soon' }),
      'The plan changes to Basic on the next renewal, at the next renewal; the tenant then pays $9.00/month. Nothing is charged now.',
      "Your plan changes to Basic on your next renewal, at your next renewal; you'll then pay $9.00/month. Nothing is charged now.",
    ],
  ])('states %s to the admin and to the customer', (_case, preview, admin, customer) => {
    expect(planChangeSentence(preview, null, 'admin')).toBe(admin);
    expect(planChangeSentence(preview, null, 'customer')).toBe(customer);
  });

  it('names the waiting change a withdrawal drops, when there is one', () => {
    const keep = aPreview({ kind: 'withdraw', plan: 'professional', amount: 49, chargeNow: 0 });
    expect(planChangeSentence(keep, scheduled, 'admin')).toBe(
      'The subscription stays on Professional; the change to Basic scheduled for Dec 15, 2026 is dropped.',
    );
    expect(planChangeSentence(keep, null, 'customer')).toBe(
      'You stay on Professional; the scheduled change is dropped.',
    );
    expect(scheduledChangeLine(scheduled)).toBe('Changes to Basic on Dec 15, 2026');
  });

  it("toasts the admin about the tenant's card, the customer about their product", () => {
    const customer = { audience: 'customer', product: 'Risk Scoring' } as const;
    expect(planChangeToast(changed, { audience: 'admin' })).toEqual({
      title: 'Plan changed',
      description: "Now on Enterprise; $23.45 was charged to the tenant's card.",
    });
    expect(planChangeToast(changed, customer)).toEqual({
      title: 'Plan changed',
      description: 'Risk Scoring is now on the Enterprise plan. $23.45 was charged to your card.',
    });
    expect(planChangeToast({ ...changed, charged: 0 }, customer).description).toBe(
      'Risk Scoring is now on the Enterprise plan.',
    );
    expect(planChangeToast(toScheduled, { audience: 'admin' })).toEqual({
      title: 'Plan change scheduled',
      description: 'Changes to Basic on Dec 15, 2026.',
    });
    expect(planChangeToast({ ...toScheduled, outcome: 'withdrawn' }, customer)).toEqual({
      title: 'Plan change dropped',
      description: 'Risk Scoring stays on the Basic plan.',
    });
  });
});
