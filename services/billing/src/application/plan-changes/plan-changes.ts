import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  planChangeQuoteMinutes,
  planPriceCents,
  type PlanPrices,
  type SubscriptionPlan,
} from '@app/contracts';
import { NotFoundError } from '@app/domain';
import { idOfCreation, type CommandOptions } from '@app/eventing';
import { decidePlanChange, type PlanChangeDecision } from '../../domain/plan-change/plan-change.js';
import { withRecordedTerms } from '../../domain/plan-change/recorded-terms.js';
import type { BillableSubscription } from '../../domain/renewal/due-work.js';
import type { RenewalPolicy } from '../../domain/renewal/renewal-cycle.js';
import type { UpgradeInFlight } from '../../domain/term/term.js';
import type { PaymentOutcome, PaymentProvider } from '../../payments/payment-provider.js';
import type { ProductForSale } from '../../domain/payment/checkout-price.js';
import { findProductForSale } from '../../projections/products-copy.js';
import type { BillingStores } from '../billing-stores.js';
import { billableSubscriptions } from '../renewals/renewal-state.js';
import { planChangeRefused } from './plan-change-refusals.js';
import { issueProrationInvoice, prorationInvoiceId } from './proration-invoice.js';

export const subscriptionNotFound = 'Subscription not found';

export interface PlanChangeDeps {
  pool: pg.Pool;
  stores: BillingStores;
  provider: PaymentProvider;
  now: () => Date;
  policy: RenewalPolicy;
  onPaymentRecorded?: (outcome: PaymentOutcome['status']) => void;
  newId?: () => string;
}

/** Who asks: a customer for their own tenant's subscription (`ownerId`), or an admin for any (null). */
export interface PlanChangeCaller {
  actorId: string;
  ownerId: string | null;
}

type Decided = Exclude<PlanChangeDecision, { kind: 'refused' }>;

/** What a change came to, in cents; a declined upgrade changes nothing and says why in the issuer's words. */
export type PlanChangeResult =
  | {
      outcome: 'changed' | 'scheduled' | 'withdrawn';
      plan: SubscriptionPlan;
      amountCents: number;
      chargedCents: number;
      invoiceId: string | null;
      effectiveAt: string;
    }
  | { outcome: 'declined'; message: string }
  /** The bank asks the customer for 3-D Secure: the page completes it with `clientSecret`, then asks again. */
  | { outcome: 'requires-action'; clientSecret: string }
  /** Still waiting for the customer's 3-D Secure step at the provider. */
  | { outcome: 'pending' };

/** Who is at the other end of a charge: the customer on the page, or the renewal runner on its own. */
type Holder = 'present' | 'absent';

function planPricesOf(product: ProductForSale | null): PlanPrices | null {
  if (product === null || product.deleted || !product.isActive) return null;
  return {
    basic: planPriceCents(product, 'basic'),
    professional: product.basePriceCents,
    enterprise: planPriceCents(product, 'enterprise'),
  };
}

/**
 * Changing a subscription's plan (README "Plan changes"): the preview a customer confirms, the change itself, and
 * the finish of an upgrade's charge that billing stopped in the middle of. Every decision is made on the term
 * stream's own record (domain/plan-change), every step is an idempotent command, and an upgrade's charge is
 * recorded before the card is charged under a key of its own, so pressing twice, or a crash, charges once.
 */
export function createPlanChanges(deps: PlanChangeDeps) {
  const { pool, stores, provider, now, policy, newId = uuidv7 } = deps;

  async function subjectOf(subscriptionId: string, ownerId: string | null) {
    const [found] = await billableSubscriptions(pool, provider.name, [subscriptionId], ownerId);
    if (!found) throw new NotFoundError(subscriptionNotFound);
    const { state } = await stores.terms.read(subscriptionId);
    const product = await findProductForSale(pool, found.productId);
    return { subscription: withRecordedTerms(found, state), prices: planPricesOf(product) };
  }

  async function decide(subscriptionId: string, plan: SubscriptionPlan, at: string, ownerId: string | null) {
    const { subscription, prices } = await subjectOf(subscriptionId, ownerId);
    const decision = decidePlanChange(subscription, prices, plan, at, policy);
    if (decision.kind === 'refused') throw planChangeRefused(decision.reason);
    return { subscription, decision };
  }

  /** A quote confirmed within its minutes is prorated from when it was quoted; anything else from now. */
  function prorationMoment(quotedAt: string | undefined): string {
    const current = now();
    if (quotedAt === undefined) return current.toISOString();
    const age = current.getTime() - Date.parse(quotedAt);
    return age >= 0 && age <= planChangeQuoteMinutes * 60_000 ? quotedAt : current.toISOString();
  }

  /**
   * The charge's answer: made now (a repeat under the same key answers as before), or, when it waits for the
   * customer's 3-D Secure step, as it stands; the runner cancels one still waiting, whose time is up.
   */
  async function chargeOf(upgrade: UpgradeInFlight, holder: Holder) {
    if (upgrade.awaiting === null) {
      const input = {
        amountCents: upgrade.prorationCents,
        currency: 'usd' as const,
        customerId: upgrade.providerCustomerId,
        paymentMethodId: upgrade.paymentMethodId,
        metadata: {
          paymentId: upgrade.paymentId,
          productId: upgrade.productId,
          userId: upgrade.userId,
          tenantId: upgrade.tenantId,
        },
        idempotencyKey: `billing-upgrade-${upgrade.paymentId}`,
      };
      // A repeat (the runner finishing it) makes the same request as the first, so the provider replays it.
      return upgrade.customerPresent ? provider.chargeSavedCard(input) : provider.chargeOffSession(input);
    }
    const { providerPaymentId } = upgrade.awaiting;
    const standing = await provider.retrievePayment(providerPaymentId);
    if (standing.status !== 'pending' || holder === 'present') return standing;
    return provider.cancelPayment(providerPaymentId);
  }

  async function finish(
    upgrade: UpgradeInFlight,
    options: CommandOptions,
    holder: Holder,
  ): Promise<PlanChangeResult> {
    const { paymentId, subscriptionId } = upgrade;
    const outcome = await chargeOf(upgrade, holder);
    if (outcome.status === 'pending') return { outcome: 'pending' };
    if (outcome.status === 'requires_action') {
      await stores.terms.handle(
        subscriptionId,
        {
          type: 'AwaitUpgradeAuthentication',
          data: { subscriptionId, paymentId, providerPaymentId: outcome.providerPaymentId },
          metadata: { now: now().toISOString() },
        },
        options,
      );
      return { outcome: 'requires-action', clientSecret: outcome.clientSecret };
    }
    const charged = await stores.payments.handle(
      paymentId,
      {
        type: 'RecordOffSessionCharge',
        data: {
          paymentId,
          kind: 'upgrade',
          invoiceId: prorationInvoiceId(paymentId),
          userId: upgrade.userId,
          tenantId: upgrade.tenantId,
          productId: upgrade.productId,
          plan: upgrade.plan,
          amountCents: upgrade.prorationCents,
          currency: 'usd',
          provider: provider.name,
          providerCustomerId: upgrade.providerCustomerId,
          outcome,
        },
        metadata: { now: now().toISOString() },
      },
      options,
    );
    if (charged.position !== null) deps.onPaymentRecorded?.(outcome.status);
    const completion =
      outcome.status === 'succeeded'
        ? { status: 'succeeded' as const, invoiceId: await issueProrationInvoice(deps, upgrade, options) }
        : { status: 'failed' as const, code: outcome.code, message: outcome.message };
    await stores.terms.handle(
      subscriptionId,
      {
        type: 'CompleteUpgrade',
        data: { subscriptionId, paymentId, outcome: completion },
        metadata: { now: now().toISOString() },
      },
      options,
    );
    if (completion.status === 'failed') return { outcome: 'declined', message: completion.message };
    return {
      outcome: 'changed',
      plan: upgrade.plan,
      amountCents: upgrade.amountCents,
      chargedCents: upgrade.prorationCents,
      invoiceId: completion.invoiceId,
      effectiveAt: upgrade.proratedFrom,
    };
  }

  async function charge(
    subscription: BillableSubscription,
    decision: Extract<Decided, { kind: 'upgrade' }>,
    charge: NonNullable<Extract<Decided, { kind: 'upgrade' }>['charge']>,
    options: CommandOptions,
    customerPresent: boolean,
  ): Promise<PlanChangeResult> {
    const paymentId = idOfCreation(options, newId);
    const { subscriptionId, tenantId, productId, cycleStart } = subscription;
    const started = await stores.terms.handle(
      subscriptionId,
      {
        type: 'StartUpgrade',
        data: {
          subscriptionId,
          tenantId,
          productId,
          cycleStart,
          paymentId,
          fromPlan: decision.fromPlan,
          plan: decision.plan,
          previousAmountCents: decision.previousAmountCents,
          amountCents: decision.amountCents,
          prorationCents: charge.amountCents,
          proratedFrom: decision.effectiveAt,
          periodEnd: decision.periodEnd,
          remainingSeconds: decision.proration.remainingSeconds,
          periodSeconds: decision.proration.periodSeconds,
          userId: charge.payer.userId,
          providerCustomerId: charge.payer.providerCustomerId,
          paymentMethodId: charge.payer.paymentMethodId,
          customerPresent,
        },
        metadata: { now: now().toISOString() },
      },
      options,
    );
    const upgrade = started.state.upgrade;
    // Another request got there first (a second press): its change, or its charge in flight, decides.
    if (upgrade === null || upgrade.paymentId !== paymentId) throw planChangeRefused('upgrade-in-progress');
    return finish(upgrade, options, customerPresent ? 'present' : 'absent');
  }

  async function act(
    subscription: BillableSubscription,
    decision: Decided,
    options: CommandOptions,
    customerPresent: boolean,
  ): Promise<PlanChangeResult> {
    const { subscriptionId, tenantId, productId, cycleStart } = subscription;
    const at = { now: now().toISOString() };
    const basis = { subscriptionId, tenantId, productId, cycleStart, fromPlan: decision.fromPlan };
    const { plan, amountCents, previousAmountCents, effectiveAt } = decision;
    if (decision.kind === 'withdraw') {
      await stores.terms.handle(
        subscriptionId,
        { type: 'WithdrawPlanChange', data: { subscriptionId, tenantId, productId }, metadata: at },
        options,
      );
      return { outcome: 'withdrawn', plan, amountCents, chargedCents: 0, invoiceId: null, effectiveAt };
    }
    if (decision.kind === 'downgrade') {
      const command = { ...basis, plan, previousAmountCents, amountCents, effectiveAt };
      const result = await stores.terms.handle(
        subscriptionId,
        { type: 'SchedulePlanChange', data: command, metadata: at },
        options,
      );
      if (result.state.scheduled?.plan !== plan) throw planChangeRefused('upgrade-in-progress');
      return { outcome: 'scheduled', plan, amountCents, chargedCents: 0, invoiceId: null, effectiveAt };
    }
    if (decision.charge !== null)
      return charge(subscription, decision, decision.charge, options, customerPresent);
    const result = await stores.terms.handle(
      subscriptionId,
      { type: 'ChangePlanNow', data: { ...basis, plan, previousAmountCents, amountCents }, metadata: at },
      options,
    );
    if (result.state.lastChange?.plan !== plan) throw planChangeRefused('upgrade-in-progress');
    return { outcome: 'changed', plan, amountCents, chargedCents: 0, invoiceId: null, effectiveAt: at.now };
  }

  return {
    /** What asking for `plan` now would do, for the confirmation the customer reads. */
    async preview(subscriptionId: string, plan: SubscriptionPlan, ownerId: string | null) {
      const quotedAt = now().toISOString();
      const { subscription, decision } = await decide(subscriptionId, plan, quotedAt, ownerId);
      const chargeNowCents = decision.kind === 'upgrade' ? (decision.charge?.amountCents ?? 0) : 0;
      return { subscriptionId: subscription.subscriptionId, decision, chargeNowCents, quotedAt };
    },

    async change(
      subscriptionId: string,
      request: { plan: SubscriptionPlan; quotedAt?: string },
      caller: PlanChangeCaller,
    ): Promise<PlanChangeResult> {
      const at = prorationMoment(request.quotedAt);
      const { subscription, decision } = await decide(subscriptionId, request.plan, at, caller.ownerId);
      const options = { metadata: { actorId: caller.actorId, correlationId: subscriptionId } };
      // An admin acts for the customer, who is not on the page to answer their bank.
      return act(subscription, decision, options, caller.ownerId !== null);
    },

    /**
     * After the page's 3-D Secure step: the upgrade charge of the caller's subscription as the provider has it now,
     * recorded once decided. Nothing in flight: the plan as it stands (an earlier completion, or the runner, got
     * there first).
     */
    async completeUpgrade(subscriptionId: string, caller: PlanChangeCaller): Promise<PlanChangeResult> {
      const [found] = await billableSubscriptions(pool, provider.name, [subscriptionId], caller.ownerId);
      if (!found) throw new NotFoundError(subscriptionNotFound);
      const { state } = await stores.terms.read(subscriptionId);
      const options = { metadata: { actorId: caller.actorId, correlationId: subscriptionId } };
      if (state.upgrade !== null) return finish(state.upgrade, options, 'present');
      const changed = withRecordedTerms(found, state);
      const last = state.lastChange;
      return {
        outcome: 'changed',
        plan: changed.plan,
        amountCents: changed.amountCents,
        chargedCents: last?.prorationCents ?? 0,
        invoiceId: last?.invoiceId ?? null,
        effectiveAt: last?.changedAt ?? changed.cycleStart,
      };
    },

    /**
     * The renewal runner's: an upgrade charge left in flight is charged under its own key and recorded; one that
     * waited too long for the customer's 3-D Secure step is cancelled at the provider, and recorded as it ended.
     */
    async finishUpgrade(subscriptionId: string): Promise<PlanChangeResult | null> {
      const { state } = await stores.terms.read(subscriptionId);
      if (state.upgrade === null) return null;
      const options = { metadata: { actorId: 'billing-renewals', correlationId: subscriptionId } };
      return finish(state.upgrade, options, 'absent');
    },
  };
}

export type PlanChanges = ReturnType<typeof createPlanChanges>;
