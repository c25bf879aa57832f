import { IllegalStateError, ValidationError } from '@app/domain';
import type { PlanChangeRefusal } from '../../domain/plan-change/plan-change.js';

/** Each refusal as the customer reads it, with its status: 400 for a plan not on offer, 409 otherwise. */
const refusals: Record<PlanChangeRefusal, () => Error> = {
  'product-unavailable': () =>
    new IllegalStateError('This product is no longer for sale, so its plan cannot be changed'),
  'not-offered': () =>
    new ValidationError('This product does not offer that plan', [
      { path: 'plan', message: 'This product does not offer that plan' },
    ]),
  'same-plan': () => new IllegalStateError('The subscription is already on that plan'),
  cancelled: () => new IllegalStateError('A cancelled subscription cannot change plan'),
  suspended: () =>
    new IllegalStateError('Pay the overdue invoice first: a suspended subscription cannot change plan'),
  cancelling: () =>
    new IllegalStateError('This subscription is set to cancel; resume it before changing its plan'),
  'upgrade-in-progress': () =>
    new IllegalStateError('A plan change of this subscription is already in progress; try again in a moment'),
  'no-card': () => new IllegalStateError('There is no saved card to charge for the upgrade'),
};

export const planChangeRefused = (reason: PlanChangeRefusal): Error => refusals[reason]();
