import { describe, it } from 'vitest';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { SubscriptionStatus } from '@app/contracts';
import type { SealedSecret } from '@app/secrets/sealed-secret';
import type { SubscriptionEvent } from '../../src/domain/subscription/events.js';
import type {
  ConfigureEndpoint,
  StartSubscription,
  SubscriptionCommand,
} from '../../src/domain/subscription/commands.js';
import {
  duplicateLiveSubscription,
  productNotActive,
  subscriptionDecider,
  subscriptionNotFound,
} from '../../src/domain/subscription/decide.js';

const { given } = specification(subscriptionDecider);
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
const toggle = (status: 'active' | 'cancelled', tenantHasOtherLiveSubscription = false) =>
  ({
    type: 'ToggleSubscriptionStatus',
    data: { subscriptionId, status, tenantHasOtherLiveSubscription },
    metadata,
  }) as const;
const configure = (endpoint: Omit<ConfigureEndpoint['data'], 'subscriptionId'>): ConfigureEndpoint => ({
  type: 'ConfigureEndpoint',
  data: { subscriptionId, ...endpoint },
  metadata,
});
/** Billing's renewal standing (SPEC.md §4): an overdue renewal suspends, a paid one restores. */
const standing = (value: 'overdue' | 'paid') =>
  ({ type: 'ApplyPaymentStanding', data: { subscriptionId, standing: value }, metadata }) as const;

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
const configured: SubscriptionEvent = {
  type: 'SubscriptionEndpointConfigured',
  data: { ...ids, domainUrl: 'https://acme.example', metricsApiKey: sealed(1), configuredAt: later },
};

describe('no subscription', () => {
  it('starts an active subscription at the agreed price', () => {
    given([]).when(start()).then([started()]);
  });

  it('starts a trial, as the add dialog also offers', () => {
    given([])
      .when(start({ status: 'trial' }))
      .then([started('trial')]);
  });

  it('refuses an inactive product', () => {
    given([])
      .when(start({ productIsActive: false }))
      .thenThrows(new ValidationError(productNotActive, [{ path: 'productId', message: productNotActive }]));
  });

  it('honours a checkout paid while the product was active, even if it was deactivated since', () => {
    given([])
      .when(start({ productIsActive: false, paidAtCheckout: true }))
      .then([started()]);
  });

  it('refuses a second live subscription to the same product', () => {
    given([])
      .when(start({ tenantHasLiveSubscription: true }))
      .thenThrows(new ConflictError(duplicateLiveSubscription));
  });

  const commands: SubscriptionCommand[] = [
    toggle('cancelled'),
    configure({ domainUrl: null }),
    standing('overdue'),
  ];
  it.each(commands.map((command) => [command.type, command] as const))(
    'treats %s as not found',
    (_, command) => {
      given([]).when(command).thenThrows(new NotFoundError(subscriptionNotFound));
    },
  );
});

describe('an active subscription', () => {
  it('refuses to start the same subscription twice', () => {
    given([started()]).when(start()).thenThrows(IllegalStateError);
  });

  it('is cancelled by Deactivate (SPEC.md §4)', () => {
    given([started()])
      .when(toggle('cancelled'))
      .then([statusChanged('active', 'cancelled')]);
  });

  it('decides nothing when asked for the status it already has (a repeated click)', () => {
    given([started()]).when(toggle('active')).then([]);
  });

  it('records both endpoint fields', () => {
    given([started()])
      .when(configure({ domainUrl: 'https://acme.example', metricsApiKey: sealed(1) }))
      .then([configured]);
  });

  it('is suspended when its renewal is overdue', () => {
    given([started()])
      .when(standing('overdue'))
      .then([statusChanged('active', 'suspended')]);
  });

  it('decides nothing when a renewal is paid', () => {
    given([started()]).when(standing('paid')).then([]);
  });
});

describe('a trial subscription', () => {
  it('turns active by Activate', () => {
    given([started('trial')])
      .when(toggle('active'))
      .then([statusChanged('trial', 'active')]);
  });

  it('refuses any other transition with the one it allows', () => {
    given([started('trial')])
      .when(toggle('cancelled'))
      .thenThrows(new IllegalStateError('A trial subscription can only be set to active'));
  });

  it('is suspended when its renewal is overdue', () => {
    given([started('trial')])
      .when(standing('overdue'))
      .then([statusChanged('trial', 'suspended')]);
  });

  it('turns active when a renewal is paid', () => {
    given([started('trial')])
      .when(standing('paid'))
      .then([statusChanged('trial', 'active')]);
  });
});

describe('a suspended subscription', () => {
  const suspendedByBilling = [started(), statusChanged('active', 'suspended')];

  it('turns active by Activate', () => {
    given([started('suspended')])
      .when(toggle('active'))
      .then([statusChanged('suspended', 'active')]);
  });

  it('turns active when a renewal is paid', () => {
    given(suspendedByBilling)
      .when(standing('paid'))
      .then([statusChanged('suspended', 'active')]);
  });

  it('decides nothing when a renewal is overdue again', () => {
    given(suspendedByBilling).when(standing('overdue')).then([]);
  });
});

describe('a cancelled subscription', () => {
  const cancelled = [started(), statusChanged('active', 'cancelled')];

  it('turns active by Activate', () => {
    given(cancelled)
      .when(toggle('active'))
      .then([statusChanged('cancelled', 'active')]);
  });

  it('refuses to turn active while another subscription to the product is live', () => {
    given(cancelled).when(toggle('active', true)).thenThrows(new ConflictError(duplicateLiveSubscription));
  });

  it('stays cancelled when a renewal is paid', () => {
    given(cancelled).when(standing('paid')).then([]);
  });

  it('stays cancelled when a renewal is overdue', () => {
    given(cancelled).when(standing('overdue')).then([]);
  });
});

describe('a subscription with an endpoint', () => {
  const withEndpoint = [started(), configured];

  it('records both fields after the change, keeping the one not sent', () => {
    given(withEndpoint)
      .when(configure({ domainUrl: 'https://new.example' }))
      .then([{ ...configured, data: { ...configured.data, domainUrl: 'https://new.example' } }]);
  });

  it('clears the key given null', () => {
    given(withEndpoint)
      .when(configure({ metricsApiKey: null }))
      .then([{ ...configured, data: { ...configured.data, metricsApiKey: null } }]);
  });

  it('decides nothing when nothing changes', () => {
    given(withEndpoint)
      .when(configure({ domainUrl: 'https://acme.example', metricsApiKey: sealed(1) }))
      .then([]);
  });
});
