import { describe, expect, it } from 'vitest';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { SubscriptionStatus } from '@app/contracts';
import type { SealedSecret } from '@app/secrets/sealed-secret';
import type { SubscriptionEvent } from '../../src/domain/subscription/events.js';
import type { StartSubscription } from '../../src/domain/subscription/commands.js';
import { subscriptionDecider } from '../../src/domain/subscription/decide.js';

const spec = specification(subscriptionDecider);
const subscriptionId = '0196f2a0-0000-7000-8000-0000000000d1';
const tenantId = '0196f2a0-0000-7000-8000-0000000000a1';
const productId = '0196f2a0-0000-7000-8000-0000000000e1';
const now = '2026-11-21T10:00:00.000Z';
const later = '2026-11-21T11:00:00.000Z';
const metadata = { now: later };
const ids = { subscriptionId, tenantId, productId };

const sealed = (n: number): SealedSecret => ({
  keyId: 'k2026a',
  iv: `iv${n}`.padEnd(16, 'A'),
  ciphertext: `c${n}`,
  tag: `t${n}`.padEnd(22, 'A'),
});

const start = (overrides: Partial<StartSubscription['data']> = {}): StartSubscription => ({
  type: 'StartSubscription',
  data: {
    ...ids,
    plan: 'professional',
    status: 'active',
    amountCents: 14_900,
    productIsActive: true,
    paidAtCheckout: false,
    tenantHasLiveSubscription: false,
    ...overrides,
  },
  metadata: { now },
});

const started = (status: SubscriptionStatus = 'active'): SubscriptionEvent => ({
  type: 'SubscriptionStarted',
  data: { ...ids, plan: 'professional', status, amountCents: 14_900, startedAt: now },
});

const statusChanged = (
  previousStatus: SubscriptionStatus,
  status: SubscriptionStatus,
): SubscriptionEvent => ({
  type: 'SubscriptionStatusChanged',
  data: { ...ids, previousStatus, status, changedAt: later },
});

const toggle = (status: 'active' | 'cancelled', tenantHasOtherLiveSubscription = false) =>
  ({
    type: 'ToggleSubscriptionStatus',
    data: { subscriptionId, status, tenantHasOtherLiveSubscription },
    metadata,
  }) as const;

describe('subscription decider: starting', () => {
  it('starts a subscription at the agreed price, in any status the add dialog offers', () => {
    expect(spec.given([]).when(start()).events).toEqual([started()]);
    expect(spec.given([]).when(start({ status: 'trial' })).events).toEqual([started('trial')]);
  });

  it('refuses an inactive product', () => {
    const result = spec.given([]).when(start({ productIsActive: false }));
    expect(result.error).toBeInstanceOf(ValidationError);
    expect((result.error as ValidationError).errors).toEqual([
      { path: 'productId', message: 'This product is inactive and cannot be subscribed to' },
    ]);
  });

  it('honours a checkout paid while the product was active, even if it was deactivated since', () => {
    const result = spec.given([]).when(start({ productIsActive: false, paidAtCheckout: true }));
    expect(result.events).toEqual([started()]);
  });

  it('refuses a second live subscription to the same product', () => {
    const result = spec.given([]).when(start({ tenantHasLiveSubscription: true }));
    expect(result.error).toBeInstanceOf(ConflictError);
    expect((result.error as Error).message).toBe(
      'This tenant already has a live subscription to this product',
    );
  });

  it('refuses to start the same subscription twice', () => {
    expect(spec.given([started()]).when(start()).error).toBeInstanceOf(IllegalStateError);
  });
});

describe('subscription decider: Deactivate/Activate (SPEC.md §4)', () => {
  it('turns active into cancelled', () => {
    expect(spec.given([started()]).when(toggle('cancelled')).events).toEqual([
      statusChanged('active', 'cancelled'),
    ]);
  });

  it.each(['trial', 'suspended', 'cancelled'] as const)('turns %s into active', (status) => {
    const history =
      status === 'cancelled' ? [started(), statusChanged('active', 'cancelled')] : [started(status)];
    expect(spec.given(history).when(toggle('active')).events).toEqual([statusChanged(status, 'active')]);
  });

  it('decides nothing when asked for the status it already has (a repeated click)', () => {
    expect(spec.given([started()]).when(toggle('active')).events).toEqual([]);
  });

  it('refuses any other transition with the one it allows', () => {
    const result = spec.given([started('trial')]).when(toggle('cancelled'));
    expect(result.error).toBeInstanceOf(IllegalStateError);
    expect((result.error as Error).message).toBe('A trial subscription can only be set to active');
  });

  it('refuses to reactivate a cancelled subscription while another one to the product is live', () => {
    const result = spec.given([started(), statusChanged('active', 'cancelled')]).when(toggle('active', true));
    expect(result.error).toBeInstanceOf(ConflictError);
  });
});

describe('subscription decider: endpoint', () => {
  const configured: SubscriptionEvent = {
    type: 'SubscriptionEndpointConfigured',
    data: { ...ids, domainUrl: 'https://acme.example', metricsApiKey: sealed(1), configuredAt: later },
  };

  it('records both fields after the change, keeping the one not sent', () => {
    const result = spec.given([started()]).when({
      type: 'ConfigureEndpoint',
      data: { subscriptionId, domainUrl: 'https://acme.example', metricsApiKey: sealed(1) },
      metadata,
    });
    expect(result.events).toEqual([configured]);

    const urlOnly = spec.given([started(), configured]).when({
      type: 'ConfigureEndpoint',
      data: { subscriptionId, domainUrl: 'https://new.example' },
      metadata,
    });
    expect(urlOnly.events).toEqual([
      { ...configured, data: { ...configured.data, domainUrl: 'https://new.example' } },
    ]);
  });

  it('clears the key given null and decides nothing when nothing changes', () => {
    const cleared = spec.given([started(), configured]).when({
      type: 'ConfigureEndpoint',
      data: { subscriptionId, metricsApiKey: null },
      metadata,
    });
    expect(cleared.events).toEqual([{ ...configured, data: { ...configured.data, metricsApiKey: null } }]);

    const same = spec.given([started(), configured]).when({
      type: 'ConfigureEndpoint',
      data: { subscriptionId, domainUrl: 'https://acme.example', metricsApiKey: sealed(1) },
      metadata,
    });
    expect(same.events).toEqual([]);
  });

  it('treats commands on a missing subscription as not found', () => {
    for (const command of [
      toggle('cancelled'),
      { type: 'ConfigureEndpoint', data: { subscriptionId, domainUrl: null }, metadata } as const,
    ]) {
      const result = spec.given([]).when(command);
      expect(result.error).toBeInstanceOf(NotFoundError);
      expect((result.error as Error).message).toBe('Subscription not found');
    }
  });
});

describe("subscription decider: billing's renewal standing", () => {
  const standing = (value: 'overdue' | 'paid') =>
    ({ type: 'ApplyPaymentStanding', data: { subscriptionId, standing: value }, metadata }) as const;

  it('suspends an active or trial subscription whose renewal is overdue', () => {
    expect(spec.given([started()]).when(standing('overdue')).events).toEqual([
      statusChanged('active', 'suspended'),
    ]);
    expect(spec.given([started('trial')]).when(standing('overdue')).events).toEqual([
      statusChanged('trial', 'suspended'),
    ]);
  });

  it('makes a suspended or trial subscription active when a renewal is paid', () => {
    const suspended = [started(), statusChanged('active', 'suspended')];
    expect(spec.given(suspended).when(standing('paid')).events).toEqual([
      statusChanged('suspended', 'active'),
    ]);
    expect(spec.given([started('trial')]).when(standing('paid')).events).toEqual([
      statusChanged('trial', 'active'),
    ]);
  });

  it('leaves a cancelled subscription cancelled, and repeats change nothing', () => {
    const cancelled = [started(), statusChanged('active', 'cancelled')];
    expect(spec.given(cancelled).when(standing('paid')).events).toEqual([]);
    expect(spec.given(cancelled).when(standing('overdue')).events).toEqual([]);
    expect(spec.given([started()]).when(standing('paid')).events).toEqual([]);
    expect(
      spec.given([started(), statusChanged('active', 'suspended')]).when(standing('overdue')).events,
    ).toEqual([]);
  });

  it('refuses an unknown subscription', () => {
    expect(spec.given([]).when(standing('overdue')).error).toBeInstanceOf(NotFoundError);
  });
});
