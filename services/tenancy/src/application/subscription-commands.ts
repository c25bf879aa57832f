import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { StartableSubscriptionStatus, SubscriptionEvent, SubscriptionPlan } from '@app/contracts';
import { NotFoundError, ValidationError } from '@app/domain';
import {
  createCommandHandler,
  type CommandOptions,
  type CommandResult,
  type EventStore,
} from '@app/eventing';
import type { ReadYourWrites } from '@app/service-kit';
import { encryptSecret, resealIfStale, secretContexts, type KeyRing } from '@app/secrets';
import { subscriptionDecider, subscriptionNotFound } from '../domain/subscription/decide.js';
import type { SubscriptionState } from '../domain/subscription/subscription.js';
import { findProductCopy } from '../projections/products-copy.js';
import { hasLiveSubscription, tenantExists } from '../projections/subscription-queries.js';
import { retryOnConflict } from './retry-on-conflict.js';
import {
  decodeSubscriptionEvent,
  readSubscription,
  readSubscriptionState,
  subscriptionStream,
} from './subscription-stream.js';

export const tenantNotFoundMessage = 'Tenant not found';
export const unknownProductMessage = 'No such product';

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
  /** Tenancy's pool (search_path tenancy): the read models the facts come from, and the advisory locks. */
  pool: pg.Pool;
  /** The lock is held until the subscriptions read model shows the change, so the next check sees it. */
  projections: ReadYourWrites;
  keyRing: KeyRing;
  now: () => Date;
  /** How long a start waits for the read model while holding its lock; default 5 s. */
  settleTimeoutMs?: number;
  newId?: () => string;
}

/**
 * Subscription use cases around the command handler. "One live subscription per product per tenant" spans
 * streams, so the check and the append run under a transaction-scoped advisory lock per (tenant, product),
 * released only after the projection applied the new event: two concurrent starts serialise, and the second
 * sees the first in the read model.
 */
export function createSubscriptionCommands(deps: SubscriptionCommandsDeps) {
  const { eventStore, pool, projections, keyRing, now, settleTimeoutMs = 5_000, newId = uuidv7 } = deps;
  const handle = createCommandHandler({
    eventStore,
    decider: subscriptionDecider,
    decode: decodeSubscriptionEvent,
  });
  const at = () => ({ now: now().toISOString() });

  async function underPairLock<T extends { position: CommandResult<unknown, unknown>['position'] }>(
    tenantId: string,
    productId: string,
    run: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    const client = await pool.connect();
    let broken: unknown;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `tenancy.live-subscription:${tenantId}:${productId}`,
      ]);
      const result = await run(client);
      if (result.position) await projections.waitFor(result.position, settleTimeoutMs);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  async function existingPair(subscriptionId: string) {
    const state = await readSubscriptionState(eventStore, subscriptionId);
    if (state.status === 'absent') throw new NotFoundError(subscriptionNotFound);
    return state;
  }

  return {
    /** `subscriptionId` is given only by the seed and onboarding, whose fixed ids make them idempotent. */
    async start(
      tenantId: string,
      input: StartSubscriptionInput,
      options: CommandOptions,
      subscriptionId = newId(),
    ): Promise<SubscriptionCommandResult> {
      const { productId, plan, status, paidAtCheckout } = input;
      return underPairLock(tenantId, productId, async (client) => {
        if (!(await tenantExists(client, tenantId))) throw new NotFoundError(tenantNotFoundMessage);
        const product = await findProductCopy(client, productId);
        if (!product) {
          throw new ValidationError(unknownProductMessage, [
            { path: 'productId', message: unknownProductMessage },
          ]);
        }
        const data = {
          subscriptionId,
          tenantId,
          productId,
          plan,
          status,
          amountCents: paidAtCheckout?.amountCents ?? product.basePriceCents,
          productIsActive: product.isActive,
          paidAtCheckout: paidAtCheckout !== undefined,
          tenantHasLiveSubscription: await hasLiveSubscription(client, tenantId, productId),
        };
        const command = { type: 'StartSubscription', data, metadata: at() } as const;
        return { ...(await handle(subscriptionStream(subscriptionId), command, options)), subscriptionId };
      });
    },

    /** SPEC.md §4's Deactivate/Activate: `status` is the toggle of the current one. */
    async changeStatus(
      subscriptionId: string,
      status: 'active' | 'cancelled',
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult> {
      const { tenantId, productId } = await existingPair(subscriptionId);
      return underPairLock(tenantId, productId, async (client) => {
        const data = {
          subscriptionId,
          status,
          tenantHasOtherLiveSubscription: await hasLiveSubscription(
            client,
            tenantId,
            productId,
            subscriptionId,
          ),
        };
        const command = { type: 'ToggleSubscriptionStatus', data, metadata: at() } as const;
        return { ...(await handle(subscriptionStream(subscriptionId), command, options)), subscriptionId };
      });
    },

    /**
     * Billing's overdue or paid renewal. Suspending frees no product slot and reactivating a suspended one takes
     * none (both count as live), so no pair lock is needed.
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
      return { ...(await handle(subscriptionStream(subscriptionId), command, options)), subscriptionId };
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
      return { ...(await handle(subscriptionStream(subscriptionId), command, options)), subscriptionId };
    },

    /**
     * Reseals the metrics API key under the newest key when an older key sealed it, pinned to the revision it
     * read; null when there is no key or it is current.
     */
    async resealMetricsApiKey(
      subscriptionId: string,
      options: CommandOptions,
    ): Promise<SubscriptionCommandResult | null> {
      return retryOnConflict(async () => {
        const { state, revision } = await readSubscription(eventStore, subscriptionId);
        const sealed = state.status === 'absent' ? null : state.metricsApiKey;
        const context = secretContexts.subscriptionMetricsApiKey(subscriptionId);
        const resealed = sealed === null ? null : resealIfStale(keyRing, sealed, context);
        if (resealed === null || typeof revision !== 'number') return null;
        const command = {
          type: 'ConfigureEndpoint',
          data: { subscriptionId, metricsApiKey: resealed },
          metadata: at(),
        } as const;
        const result = await handle(subscriptionStream(subscriptionId), command, {
          ...options,
          expectedRevision: revision,
        });
        return { ...result, subscriptionId };
      });
    },
  };
}

export type SubscriptionCommands = ReturnType<typeof createSubscriptionCommands>;
