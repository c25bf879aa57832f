import type pg from 'pg';
import type { PaymentMethodReply } from '@app/contracts';
import { expiresBefore } from '../../domain/customer/card-expiry.js';
import type { RenewalPolicy } from '../../domain/renewal/renewal-cycle.js';
import { subscriptionTerm } from '../../domain/renewal/subscription-term.js';
import type { ProviderName } from '../../payments/payment-provider.js';
import { cardOnFileOf, renewingSubscriptionIdsOf } from '../../projections/card-on-file.js';
import { billableSubscriptions } from '../renewals/renewal-state.js';

/**
 * GET /api/billing/payment-method: the caller's card on file and whether it runs out before the earliest renewal
 * among their tenants' subscriptions, the dates billing's renewal cycle gives (subscription-term.ts).
 */
export async function readCardOnFile(
  deps: { db: pg.Pool; provider: ProviderName; policy: RenewalPolicy; now: Date },
  userId: string,
): Promise<PaymentMethodReply> {
  const { db, provider, policy, now } = deps;
  const card = await cardOnFileOf(db, provider, userId);
  const ids = await renewingSubscriptionIdsOf(db, userId);
  const subscriptions = ids.length === 0 ? [] : await billableSubscriptions(db, provider, ids, userId);
  const renewals = subscriptions
    .map((subscription) => subscriptionTerm(subscription, policy, now).renewsAt)
    .filter((renewsAt): renewsAt is string => renewsAt !== null)
    .sort();
  const nextRenewalAt = renewals[0] ?? null;
  return {
    card,
    nextRenewalAt,
    expiresBeforeNextRenewal: card !== null && expiresBefore(card, nextRenewalAt),
  };
}
