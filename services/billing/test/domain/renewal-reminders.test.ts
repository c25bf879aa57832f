import { describe, expect, it } from 'vitest';
import type { BillableSubscription } from '../../src/domain/renewal/due-work.js';
import { remindersDue } from '../../src/domain/renewal/renewal-reminders.js';

const policy = { trialDays: 14, retryAfterDays: [1, 3, 5], minimumChargeCents: 50 };
const payer = {
  userId: '0196f2a0-0000-7000-8000-0000000000c1',
  providerCustomerId: 'cus_sandbox_1',
  paymentMethodId: 'pm_sandbox_1',
};

/** Bought on Jan 31 at 09:00: it renews Feb 28, Mar 31, Apr 30, each at 09:00. */
function subscription(overrides: Partial<BillableSubscription> = {}): BillableSubscription {
  return {
    subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
    tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
    productId: '0196f2a0-0000-7000-8000-0000000000e1',
    plan: 'professional',
    status: 'active',
    amountCents: 2_900,
    cycleStart: '2026-01-31T09:00:00.000Z',
    cycleTrial: false,
    payer,
    cancelRequestedAt: null,
    scheduledPlanChange: null,
    upgradeInFlight: null,
    announcedRenewalAt: null,
    ...overrides,
  };
}

const at = (iso: string) => new Date(iso);
const due = (now: string, overrides: Partial<BillableSubscription> = {}) =>
  remindersDue(at(now), [subscription(overrides)], policy);

describe('a renewal reminder', () => {
  it('is due 3 days before the renewal, with what it charges and when, not a minute sooner', () => {
    expect(due('2026-02-25T08:59:00.000Z')).toEqual([]);
    expect(due('2026-02-25T09:00:00.000Z')).toEqual([
      {
        dueAt: '2026-02-25T09:00:00.000Z',
        subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
        tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
        productId: '0196f2a0-0000-7000-8000-0000000000e1',
        kind: 'renewal',
        plan: 'professional',
        amountCents: 2_900,
        renewsAt: '2026-02-28T09:00:00.000Z',
        cardOnFile: true,
      },
    ]);
  });

  it('is due once per renewal: not again once announced, and again for the next one', () => {
    const announced = { announcedRenewalAt: '2026-02-28T09:00:00.000Z' };
    expect(due('2026-02-27T12:00:00.000Z', announced)).toEqual([]);
    expect(due('2026-03-28T08:59:00.000Z', announced)).toEqual([]);
    expect(due('2026-03-28T09:00:00.000Z', announced)).toMatchObject([
      { renewsAt: '2026-03-31T09:00:00.000Z' },
    ]);
  });

  it('still goes when found late (billing was down), until the renewal has come', () => {
    expect(due('2026-02-28T08:59:59.000Z')).toMatchObject([
      { dueAt: '2026-02-25T09:00:00.000Z', renewsAt: '2026-02-28T09:00:00.000Z' },
    ]);
    expect(due('2026-02-28T09:00:00.000Z')).toEqual([]);
  });

  it('gives the price a downgrade scheduled for that renewal bills, and the plan', () => {
    const scheduledPlanChange = {
      plan: 'basic' as const,
      amountCents: 900,
      effectiveAt: '2026-02-28T09:00:00.000Z',
    };
    expect(due('2026-02-25T09:00:00.000Z', { scheduledPlanChange })).toMatchObject([
      { plan: 'basic', amountCents: 900 },
    ]);
  });

  it('waits while an upgrade’s charge is in flight, as its outcome sets the price', () => {
    const upgradeInFlight = { startedAt: '2026-02-25T08:59:00.000Z', awaitingSince: null };
    expect(due('2026-02-25T09:00:00.000Z', { upgradeInFlight })).toEqual([]);
  });

  it.each([
    ['set to cancel', { cancelRequestedAt: '2026-02-10T00:00:00.000Z' }],
    ['suspended', { status: 'suspended' as const }],
    ['cancelled', { status: 'cancelled' as const }],
    ['without a card, which is not charged', { payer: null }],
    ['below the card minimum, which is not charged', { amountCents: 49 }],
  ])('is not due for a subscription %s', (_state, overrides) => {
    expect(due('2026-02-26T09:00:00.000Z', overrides)).toEqual([]);
  });
});

describe('a trial-ending notice', () => {
  /** A 14-day trial from Mar 1 at 12:00: its first bill is Mar 15 at 12:00. */
  const trial = { status: 'trial' as const, cycleTrial: true, cycleStart: '2026-03-01T12:00:00.000Z' };

  it('is due 3 days before the trial’s first bill, and says whether a card is on file to charge', () => {
    expect(due('2026-03-12T11:59:00.000Z', trial)).toEqual([]);
    expect(due('2026-03-12T12:00:00.000Z', trial)).toMatchObject([
      { kind: 'trial-end', renewsAt: '2026-03-15T12:00:00.000Z', amountCents: 2_900, cardOnFile: true },
    ]);
    expect(due('2026-03-12T12:00:00.000Z', { ...trial, payer: null })).toMatchObject([
      { kind: 'trial-end', cardOnFile: false },
    ]);
  });

  it('is followed by renewal reminders once the trial is billed', () => {
    const billed = { ...trial, status: 'active' as const, announcedRenewalAt: '2026-03-15T12:00:00.000Z' };
    expect(due('2026-04-12T12:00:00.000Z', billed)).toMatchObject([
      { kind: 'renewal', renewsAt: '2026-04-15T12:00:00.000Z' },
    ]);
  });

  it('is not due when the trial is shorter than 3 days: the bill was agreed to moments ago', () => {
    const short = remindersDue(at('2026-03-02T12:00:00.000Z'), [subscription(trial)], {
      ...policy,
      trialDays: 2,
    });
    expect(short).toEqual([]);
  });
});
