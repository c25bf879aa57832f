import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { planPriceCents, type StartableSubscriptionStatus, type SubscriptionPlan } from '@app/contracts';
import type { SubscriptionEvent } from '../domain/subscription/events.js';
import { NotFoundError, ValidationError } from '@app/domain';
import {
  aggregateStore,
  idOfCreation,
  withReservation,
  type CommandOptions,
  type CommandResult,
  type EventStore,
} from '@app/eventing';
import { encryptSecret, resealIfStale, secretContexts, type KeyRing } from '@app/secrets';
import { subscriptionNotFound } from '../domain/subscription/decide.js';
import type { ChangePlan, SubscriptionCommand } from '../domain/subscription/commands.js';
import type { SubscriptionState } from '../domain/subscription/subscription.js';
import { findProductCopy } from '../projections/products-copy.js';
import { hasLiveSubscription, tenantExists } from '../projections/subscription-queries.js';
import { createLiveSubscriptionSlots, liveSlotOf } from './live-subscription-slots.js';
import { subscriptions } from './subscriptions.js';

export const tenantNotFoundMessage = 'Tenant not found';
export const unknownProductMessage = 'No such product';
export const planNotOfferedMessage = (plan: SubscriptionPlan) =>
  `This product has no ${plan} plan: choose one of the plans it offers`;

export interface StartSubscriptionInput {
  productId: string;
  plan: SubscriptionPlan;
  status: StartableSubscriptionStatus;
  /** A checkout billing confirmed: the amount paid, kept as the subscription's price. */
  paidAtCheckout?: { amountCents: number };
}

/** Absent keeps a field, null clears it; the key arrives in plain text and is sealed here. */
export interface EndpointInput {
  domainUrl?: string | null;
  metricsApiKey?: string | null;
}

export type SubscriptionCommandResult = CommandResult<SubscriptionState, SubscriptionEvent> & {
  subscriptionId: string;
};

export interface SubscriptionCommandsDeps {
  eventStore: EventStore;
  /** Tenancy's pool (search_path tenancy): the read models the facts come from, and the live slots. */
  pool: pg.Pool;
  keyRing: KeyRing;
  now: () => Date;
  newId?: () => string;
}

/**
 * Subscription use cases around the command handler. "One live subscription per product per tenant" spans
 * streams: a start or a reactivation first reserves the pair's live slot (live-subscription-slots.ts), so of two
 * concurrent ones the second gets a 409, and a cancellation frees it once appended. The read model is still
 * asked, for subscriptions that went live before slots existed. Every step holds at most one pooled connection,
 * and only for its own statement.
 */
export function createSubscriptionCommands(deps: SubscriptionCommandsDeps) {
  const { eventStore, pool, keyRing, now, newId = uuidv7 } = deps;
  const store = aggregateStore(eventStore, subscriptions);
  const slots = createLiveSubscriptionSlots(pool, eventStore);
  const at = () => ({ now: now().toISOString() });

  async function existingPair(subscriptionId: string) {
    const { state } = await store.read(subscriptionId);
    if (state.status === 'absent') throw new NotFoundError(subscriptionNotFound);
    return state;
  }

  /** A command that may cancel: the live slot is freed once the cancellation is stored, as in changeStatus. */
  async function cancelling(
    subscriptionId: string,
    command: Extract<SubscriptionCommand, { type: 'CancelNow' | 'EndTerm' }>,
    options: CommandOptions,
  ): Promise<SubscriptionCommandResult> {
    const { tenantId, productId } = await existingPair(subscriptionId);
    const result = await store.handle(subscriptionId, command, options);
    if (result.state.status === 'cancelled')
      await slots.release(liveSlotOf(tenantId, productId), subscriptionId);
    return { ...result, subscriptionId };
  }

  return {
    /** `subscriptionId` is given only by the seed and onboarding, whose fixed ids make them idempotent. */
    async start(
      tenantId: string,
      input: StartSubscriptionInput,
      options: CommandOptions,
      subscriptionId = idOfCreation(options, newId),
    ): Promise<SubscriptionCommandResult> {
      const { productId, plan, status, paidAtCheckout } = input;
      if (!(await tenantExists(pool, tenantId))) throw new NotFoundError(tenantNotFoundMessage);
      const product = await findProductCopy(pool, productId);
      if (!product) {
        throw new ValidationError(unknownProductMessage, [
          { path: 'productId', message: unknownProductMessage },
        ]);
      }
      // A checkout's amount is what billing charged for the plan; anyone else's subscription costs the plan's price.
      const amountCents = paidAtCheckout?.amountCents ?? planPriceCents(product, plan);
      if (amountCents === null) {
        const message = planNotOfferedMessage(plan);
        throw new ValidationError(message, [{ path: 'plan', message }]);
      }
      return withReservation(slots, liveSlotOf(tenantId, productId), subscriptionId, async () => {
        const data = {
          subscriptionId,
          tenantId,
          productId,
          plan,
          status,
          amountCents,
          productIsActive: product.isActive,
          paidAtCheckout: paidAtCheckout !== undefined,
          tenantHasLiveSubscription: await hasLiveSubscription(pool, tenantId, productId),
        };
        const command = { type: 'StartSubscription', data, metadata: at() } as const;
        return { ...(await store.handle(subscriptionId, command, options)), subscriptionId };
      });
    },

    /** SPEC.md §4's Deactivate/Activate: `status` is the toggle of the current one. */
    async changeStatus(
      subscriptionId: string,
      status: 'active' | 'cancelled',
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult> {
      const { tenantId, productId } = await existingPair(subscriptionId);
      const toggle = async () => {
        const data = {
          subscriptionId,
          status,
          tenantHasOtherLiveSubscription: await hasLiveSubscription(
            pool,
            tenantId,
            productId,
            subscriptionId,
          ),
        };
        const command = { type: 'ToggleSubscriptionStatus', data, metadata: at() } as const;
        return { ...(await store.handle(subscriptionId, command, options)), subscriptionId };
      };
      const slot = liveSlotOf(tenantId, productId);
      if (status === 'active') return withReservation(slots, slot, subscriptionId, toggle);
      const result = await toggle();
      // Only once the cancellation is stored: freed earlier, a concurrent start could take a slot still in use.
      await slots.release(slot, subscriptionId);
      return result;
    },

    /**
     * Billing's overdue or paid renewal. Suspending frees no live slot and reactivating a suspended one takes
     * none (both count as live), so the slot is left alone.
     */
    async applyPaymentStanding(
      subscriptionId: string,
      standing: 'overdue' | 'paid',
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult> {
      const command = {
        type: 'ApplyPaymentStanding',
        data: { subscriptionId, standing },
        metadata: at(),
      } as const;
      return { ...(await store.handle(subscriptionId, command, options)), subscriptionId };
    },

    /** "Cancel subscription": it runs to the end of its paid period and is not renewed (billing ends it). */
    async scheduleCancellation(
      subscriptionId: string,
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult> {
      const command = { type: 'ScheduleCancellation', data: { subscriptionId }, metadata: at() } as const;
      return { ...(await store.handle(subscriptionId, command, options)), subscriptionId };
    },

    /** "Resume": the pending cancellation is withdrawn. */
    async withdrawCancellation(
      subscriptionId: string,
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult> {
      const command = { type: 'WithdrawCancellation', data: { subscriptionId }, metadata: at() } as const;
      return { ...(await store.handle(subscriptionId, command, options)), subscriptionId };
    },

    /** An admin's cancellation at once, with the reason kept on the event. */
    async cancelNow(
      subscriptionId: string,
      reason: string,
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult> {
      const command = { type: 'CancelNow', data: { subscriptionId, reason }, metadata: at() } as const;
      return cancelling(subscriptionId, command, options);
    },

    /** Billing's end of a term set to cancel: cancelled, unless the customer resumed it meanwhile. */
    async endTerm(subscriptionId: string, options: CommandOptions): Promise<SubscriptionCommandResult> {
      const command = { type: 'EndTerm', data: { subscriptionId }, metadata: at() } as const;
      return cancelling(subscriptionId, command, options);
    },

    /** Billing's plan change: the plan and monthly price from billing's `changedAt` on. */
    async changePlan(
      subscriptionId: string,
      change: Omit<ChangePlan['data'], 'subscriptionId'>,
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult> {
      const command = { type: 'ChangePlan', data: { subscriptionId, ...change }, metadata: at() } as const;
      return { ...(await store.handle(subscriptionId, command, options)), subscriptionId };
    },

    async configureEndpoint(
      subscriptionId: string,
      input: EndpointInput,
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult> {
      const { metricsApiKey, domainUrl } = input;
      const sealed =
        metricsApiKey === undefined || metricsApiKey === null
          ? metricsApiKey
          : encryptSecret(keyRing, metricsApiKey, secretContexts.subscriptionMetricsApiKey(subscriptionId));
      const data = {
        subscriptionId,
        ...(domainUrl === undefined ? {} : { domainUrl }),
        ...(sealed === undefined ? {} : { metricsApiKey: sealed }),
      };
      const command = { type: 'ConfigureEndpoint', data, metadata: at() } as const;
      return { ...(await store.handle(subscriptionId, command, options)), subscriptionId };
    },

    /**
     * Reseals the metrics API key under the newest key when an older key sealed it; null when there is no key or
     * it is current.
     */
    async resealMetricsApiKey(
      subscriptionId: string,
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult | null> {
      const context = secretContexts.subscriptionMetricsApiKey(subscriptionId);
      const sealedKey = (state: SubscriptionState) =>
        state.status === 'absent' ? null : state.metricsApiKey;
      const staleKey = (state: SubscriptionState) => {
        const sealed = sealedKey(state);
        return sealed === null ? null : resealIfStale(keyRing, sealed, context);
      };
      if (staleKey((await store.read(subscriptionId)).state) === null) return null;
      // Made from the subscription as it stands when appended, so a key configured meanwhile is never overwritten.
      const result = await store.handle(
        subscriptionId,
        (state) => ({
          type: 'ConfigureEndpoint',
          data: { subscriptionId, metricsApiKey: staleKey(state) ?? sealedKey(state) },
          metadata: at(),
        }),
        options,
      );
      return { ...result, subscriptionId };
    },
  };
}

export type SubscriptionCommands = ReturnType<typeof createSubscriptionCommands>;
