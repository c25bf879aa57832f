import { describe, it } from 'vitest';
import { specification } from '@app/domain/testing';
import { subscriptionDecider } from '../../src/domain/subscription/decide.js';
import {
  cancellationScheduled,
  changePlan,
  planChanged,
  started,
  statusChanged,
} from './subscription-fixtures.js';

const { given } = specification(subscriptionDecider);

const professional = { plan: 'professional', amountCents: 14_900 } as const;
const enterprise = { plan: 'enterprise', amountCents: 29_900 } as const;
const basic = { plan: 'basic', amountCents: 4_900 } as const;
const first = '2026-11-21T12:00:00.000Z';
const second = '2026-12-21T12:00:00.000Z';

describe("billing's plan change", () => {
  it('records the new plan and price beside the ones it replaces, at billing’s time', () => {
    given([started()])
      .when(changePlan('enterprise', 29_900, first))
      .then([planChanged(professional, enterprise, first)]);
  });

  it('follows one change after another from the plan the first left', () => {
    given([started(), planChanged(professional, enterprise, first)])
      .when(changePlan('basic', 4_900, second))
      .then([planChanged(enterprise, basic, second)]);
  });

  it('adds nothing for the same change delivered again', () => {
    given([started(), planChanged(professional, enterprise, first)])
      .when(changePlan('enterprise', 29_900, first))
      .then([]);
  });

  it('adds nothing for a change older than the last one recorded, which would put back an old plan', () => {
    given([started(), planChanged(enterprise, basic, second)])
      .when(changePlan('enterprise', 29_900, first))
      .then([]);
  });

  it('changes a trial’s or a suspended subscription’s plan, and one set to cancel, leaving its status', () => {
    given([started('trial')])
      .when(changePlan('enterprise', 29_900, first))
      .then([planChanged(professional, enterprise, first)]);
    given([started(), statusChanged('active', 'suspended')])
      .when(changePlan('basic', 4_900, first))
      .then([planChanged(professional, basic, first)]);
    given([started(), cancellationScheduled])
      .when(changePlan('basic', 4_900, first))
      .then([planChanged(professional, basic, first)]);
  });

  it('records nothing on a cancelled subscription: a change that crossed the cancellation bills no period', () => {
    given([started(), statusChanged('active', 'cancelled')])
      .when(changePlan('basic', 4_900, first))
      .then([]);
  });
});
