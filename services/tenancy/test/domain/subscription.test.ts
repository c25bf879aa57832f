import { describe, it } from 'vitest';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '@app/domain';
import { specification } from '@app/domain/testing';
import type { SubscriptionCommand } from '../../src/domain/subscription/commands.js';
import {
  alreadyCancelled,
  cannotScheduleCancellation,
  duplicateLiveSubscription,
  endedAtPeriodEnd,
  endedCannotResume,
  productNotActive,
  subscriptionNotFound,
  subscriptionDecider,
} from '../../src/domain/subscription/decide.js';
import {
  cancelNow,
  cancellationScheduled,
  cancellationWithdrawn,
  changePlan,
  configure,
  configured,
  endTerm,
  scheduleCancellation,
  standing,
  start,
  started,
  statusChanged,
  toggle,
  withdrawCancellation,
} from './subscription-fixtures.js';
import { sealed } from './sealed.js';

const { given } = specification(subscriptionDecider);

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
    scheduleCancellation(),
    withdrawCancellation(),
    cancelNow('Asked by phone'),
    endTerm(),
    changePlan('enterprise', 29_900, '2026-11-21T10:30:00.000Z'),
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

describe('cancelling at the end of the paid period', () => {
  it('sets an active subscription to cancel, and a repeat adds nothing', () => {
    given([started()]).when(scheduleCancellation()).then([cancellationScheduled]);
    given([started(), cancellationScheduled]).when(scheduleCancellation()).then([]);
  });

  it('sets a trial to cancel when the trial ends', () => {
    given([started('trial')])
      .when(scheduleCancellation())
      .then([cancellationScheduled]);
  });

  it('refuses a suspended or cancelled subscription', () => {
    given([started('suspended')])
      .when(scheduleCancellation())
      .thenThrows(new IllegalStateError(cannotScheduleCancellation('suspended')));
    given([started(), statusChanged('active', 'cancelled')])
      .when(scheduleCancellation())
      .thenThrows(new IllegalStateError(alreadyCancelled));
  });

  it('resumes a pending cancellation, and a Resume without one adds nothing', () => {
    given([started(), cancellationScheduled]).when(withdrawCancellation()).then([cancellationWithdrawn]);
    given([started(), cancellationScheduled, cancellationWithdrawn]).when(withdrawCancellation()).then([]);
    given([started()]).when(withdrawCancellation()).then([]);
  });

  it('cannot resume a subscription that has ended', () => {
    given([started(), cancellationScheduled, statusChanged('active', 'cancelled', endedAtPeriodEnd)])
      .when(withdrawCancellation())
      .thenThrows(new IllegalStateError(endedCannotResume));
  });

  it("is cancelled at billing's end of the term, with why", () => {
    given([started(), cancellationScheduled])
      .when(endTerm())
      .then([statusChanged('active', 'cancelled', endedAtPeriodEnd)]);
  });

  it('ignores an end of term that crossed a Resume, or came twice', () => {
    given([started(), cancellationScheduled, cancellationWithdrawn]).when(endTerm()).then([]);
    given([started(), cancellationScheduled, statusChanged('active', 'cancelled', endedAtPeriodEnd)])
      .when(endTerm())
      .then([]);
  });

  it('forgets a pending cancellation once cancelled otherwise: reactivated, it renews again', () => {
    given([
      started(),
      cancellationScheduled,
      statusChanged('active', 'cancelled'),
      statusChanged('cancelled', 'active'),
    ])
      .when(endTerm())
      .then([]);
  });
});

describe('an admin cancelling at once', () => {
  it('cancels with the reason on the event', () => {
    given([started('suspended')])
      .when(cancelNow('Fraudulent sign-up'))
      .then([statusChanged('suspended', 'cancelled', 'Fraudulent sign-up')]);
  });

  it('also ends a pending cancellation, and adds nothing to a cancelled one', () => {
    given([started(), cancellationScheduled])
      .when(cancelNow('Asked by phone'))
      .then([statusChanged('active', 'cancelled', 'Asked by phone')]);
    given([started(), statusChanged('active', 'cancelled')])
      .when(cancelNow('Again'))
      .then([]);
  });
});
