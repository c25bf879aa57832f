import { describe, it } from 'vitest';
import { specification } from '@app/domain/testing';
import type { TermEvent } from '../../src/domain/term/events.js';
import { termDecider } from '../../src/domain/term/decide.js';

const { given } = specification(termDecider);
const ids = {
  subscriptionId: '0196f2a0-0000-7000-8000-0000000000a1',
  tenantId: '0196f2a0-0000-7000-8000-0000000000d1',
  productId: '0196f2a0-0000-7000-8000-0000000000e1',
};
const end = (endsAt: string) =>
  ({ type: 'EndTerm', data: { ...ids, endsAt }, metadata: { now: '2026-03-01T00:00:00.000Z' } }) as const;
const ended = (endedAt: string): TermEvent => ({ type: 'TermEnded', data: { ...ids, endedAt } });

describe('the end of a term set to cancel', () => {
  it('is recorded once', () => {
    given([])
      .when(end('2026-02-28T09:00:00.000Z'))
      .then([ended('2026-02-28T09:00:00.000Z')]);
    given([ended('2026-02-28T09:00:00.000Z')])
      .when(end('2026-02-28T09:00:00.000Z'))
      .then([]);
  });

  it('is the same instant however it is written', () => {
    given([ended('2026-02-28T09:00:00.000Z')])
      .when(end('2026-02-28T09:00:00Z'))
      .then([]);
  });

  it('of a later term (bought again, cancelled again) is recorded too', () => {
    given([ended('2026-02-28T09:00:00.000Z')])
      .when(end('2026-06-15T10:00:00.000Z'))
      .then([ended('2026-06-15T10:00:00.000Z')]);
  });
});

describe('plan changes on the term stream', () => {
  const now = { now: '2026-03-10T00:00:00.000Z' };
  const basis = { ...ids, fromPlan: 'professional' as const, cycleStart: '2026-01-31T09:00:00.000Z' };
  const upgrade = {
    ...ids,
    paymentId: '0196f2a0-0000-7000-8000-0000000000b1',
    fromPlan: 'professional' as const,
    plan: 'enterprise' as const,
    previousAmountCents: 2_900,
    amountCents: 9_900,
    prorationCents: 4_839,
    proratedFrom: '2026-03-10T00:00:00.000Z',
    periodEnd: '2026-03-31T09:00:00.000Z',
    remainingSeconds: 1_846_800,
    periodSeconds: 2_678_400,
    userId: '0196f2a0-0000-7000-8000-0000000000c1',
    providerCustomerId: 'cus_1',
    paymentMethodId: 'pm_1',
    customerPresent: true,
  };
  const started: TermEvent = { type: 'UpgradeStarted', data: { ...upgrade, startedAt: now.now } };
  const startUpgrade = {
    type: 'StartUpgrade',
    data: { ...upgrade, cycleStart: basis.cycleStart },
    metadata: now,
  } as const;
  const complete = (
    outcome: { status: 'succeeded'; invoiceId: string } | { status: 'failed'; code: string; message: string },
  ) =>
    ({
      type: 'CompleteUpgrade',
      data: { subscriptionId: ids.subscriptionId, paymentId: upgrade.paymentId, outcome },
      metadata: now,
    }) as const;
  const changed: TermEvent = {
    type: 'PlanChanged',
    data: {
      ...ids,
      kind: 'upgrade',
      fromPlan: 'professional',
      plan: 'enterprise',
      previousAmountCents: 2_900,
      amountCents: 9_900,
      prorationCents: 4_839,
      invoiceId: '0196f2a0-0000-7000-8000-0000000000f9',
      changedAt: upgrade.proratedFrom,
    },
  };

  it('records an upgrade charge before it is made, one at a time, and the plan changes when it succeeds', () => {
    given([]).when(startUpgrade).then([started]);
    given([started]).when(startUpgrade).then([]);
    given([started])
      .when(complete({ status: 'succeeded', invoiceId: '0196f2a0-0000-7000-8000-0000000000f9' }))
      .then([changed]);
    // A repeat after the change: it starts from a plan the subscription has left, so nothing happens.
    given([started, changed]).when(startUpgrade).then([]);
  });

  it('changes nothing when the charge is declined, and a later upgrade may start again', () => {
    const declined: TermEvent = {
      type: 'UpgradeDeclined',
      data: {
        ...ids,
        paymentId: upgrade.paymentId,
        code: 'card_declined',
        message: 'Your card was declined.',
        declinedAt: now.now,
      },
    };
    given([started])
      .when(complete({ status: 'failed', code: 'card_declined', message: 'Your card was declined.' }))
      .then([declined]);
    given([started, declined]).when(startUpgrade).then([started]);
  });

  it('schedules a downgrade for the renewal, applies it there once, and drops it when withdrawn', () => {
    const effectiveAt = '2026-03-31T09:00:00.000Z';
    const schedule = {
      type: 'SchedulePlanChange',
      data: { ...basis, plan: 'basic' as const, previousAmountCents: 2_900, amountCents: 900, effectiveAt },
      metadata: now,
    } as const;
    const { cycleStart: _cycle, ...scheduledData } = schedule.data;
    const scheduled: TermEvent = {
      type: 'PlanChangeScheduled',
      data: { ...scheduledData, scheduledAt: now.now },
    };
    given([]).when(schedule).then([scheduled]);
    given([scheduled]).when(schedule).then([]);
    const apply = {
      type: 'ApplyScheduledPlanChange',
      data: { subscriptionId: ids.subscriptionId, effectiveAt },
      metadata: now,
    } as const;
    const applied: TermEvent = {
      type: 'PlanChanged',
      data: {
        ...ids,
        kind: 'downgrade',
        fromPlan: 'professional',
        plan: 'basic',
        previousAmountCents: 2_900,
        amountCents: 900,
        prorationCents: 0,
        invoiceId: null,
        changedAt: effectiveAt,
      },
    };
    given([scheduled]).when(apply).then([applied]);
    given([scheduled, applied]).when(apply).then([]);
    const withdraw = { type: 'WithdrawPlanChange', data: ids, metadata: now } as const;
    const withdrawn: TermEvent = {
      type: 'PlanChangeWithdrawn',
      data: { ...ids, plan: 'basic', withdrawnAt: now.now },
    };
    given([scheduled]).when(withdraw).then([withdrawn]);
    given([scheduled, withdrawn]).when(apply).then([]);
  });
});

describe('a renewal announced 3 days ahead', () => {
  const renewal = (renewsAt: string) => ({
    ...ids,
    kind: 'renewal' as const,
    plan: 'professional' as const,
    amountCents: 2_900,
    renewsAt,
    cardOnFile: true,
  });
  const announce = (renewsAt: string) =>
    ({
      type: 'AnnounceRenewal',
      data: renewal(renewsAt),
      metadata: { now: '2026-02-25T09:00:00.000Z' },
    }) as const;
  const announced = (renewsAt: string): TermEvent => ({
    type: 'RenewalAnnounced',
    data: { ...renewal(renewsAt), announcedAt: '2026-02-25T09:00:00.000Z' },
  });

  it('is announced once', () => {
    given([])
      .when(announce('2026-02-28T09:00:00.000Z'))
      .then([announced('2026-02-28T09:00:00.000Z')]);
    given([announced('2026-02-28T09:00:00.000Z')])
      .when(announce('2026-02-28T09:00:00Z'))
      .then([]);
  });

  it('the next renewal is announced in its turn, an earlier one never after it', () => {
    given([announced('2026-02-28T09:00:00.000Z')])
      .when(announce('2026-03-31T09:00:00.000Z'))
      .then([announced('2026-03-31T09:00:00.000Z')]);
    given([announced('2026-03-31T09:00:00.000Z')])
      .when(announce('2026-02-28T09:00:00.000Z'))
      .then([]);
  });
});
