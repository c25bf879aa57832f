import { describe, it } from 'vitest';
import { ConflictError, IllegalStateError } from '@app/domain';
import { specification } from '@app/domain/testing';
import { duplicateLiveSubscription, subscriptionDecider } from '../../src/domain/subscription/decide.js';
import { standing, started, statusChanged, toggle } from './subscription-fixtures.js';

const { given } = specification(subscriptionDecider);

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
