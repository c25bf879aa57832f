import { v7 as uuidv7 } from 'uuid';
import { NotFoundError } from '@app/domain';
import { idOfCreation, type CommandOptions, type Position } from '@app/eventing';
import { setupOf } from '../../domain/customer/customer.js';
import { cardSetupNotFound } from '../../domain/customer/decide.js';
import type { PaymentProvider, SetupOutcome } from '../../payments/payment-provider.js';
import type { BillingStores } from '../billing-stores.js';
import { createProviderCustomers, type Buyer } from '../provider-customers.js';

export type CardSetupResult =
  | { status: 'succeeded' | 'pending'; message: null; position: Position | null }
  | { status: 'failed'; code: string; message: string; position: Position | null };

/**
 * Replacing the card on file (issue 19): a SetupIntent for the buyer's customer at the provider (made as a
 * checkout makes it, if they have none), recorded on their customer stream so only they can complete it; its
 * idempotency key is the setup id, so a retried request opens no second one. The provider's verdict, however it
 * arrives, is recorded once by the customer decider, and a saved card is the payers view's card on file.
 */
export function createCardSetups(deps: {
  stores: BillingStores;
  provider: PaymentProvider;
  now: () => Date;
  newId?: () => string;
}) {
  const { stores, provider, now, newId = uuidv7 } = deps;
  const providerCustomers = createProviderCustomers({ stores, provider, now });
  const at = () => ({ now: now().toISOString() });

  /** The caller's own setup; another buyer's, or an unknown id, is not found (ids cannot be probed). */
  async function ownSetup(userId: string, setupId: string) {
    const setup = setupOf((await stores.customers.read(userId)).state, setupId);
    if (setup === null || setup.provider !== provider.name) throw new NotFoundError(cardSetupNotFound);
    return setup;
  }

  async function settle(
    userId: string,
    setupId: string,
    outcome: SetupOutcome,
    options: CommandOptions,
  ): Promise<CardSetupResult> {
    const recorded = await stores.customers.handle(
      userId,
      { type: 'RecordCardSetupOutcome', data: { setupId, outcome }, metadata: at() },
      options,
    );
    // A refusal reported after the card was saved (late or reordered) leaves it saved.
    if (setupOf(recorded.state, setupId)?.status === 'saved') {
      return { status: 'succeeded', message: null, position: recorded.position };
    }
    if (outcome.status === 'succeeded') throw new Error(`Card setup ${setupId} did not record its card`);
    return { status: 'failed', code: outcome.code, message: outcome.message, position: recorded.position };
  }

  return {
    async start(
      buyer: Buyer,
      options: CommandOptions,
    ): Promise<{ setupId: string; clientSecret: string; position: Position | null }> {
      const providerCustomerId = await providerCustomers.ensure(buyer, options);
      const setupId = idOfCreation(options, newId);
      const setup = await provider.createSetupIntent({
        customerId: providerCustomerId,
        metadata: { setupId, userId: buyer.userId },
        idempotencyKey: `billing-card-setup-${setupId}`,
      });
      const result = await stores.customers.handle(
        buyer.userId,
        {
          type: 'StartCardSetup',
          data: {
            setupId,
            provider: provider.name,
            providerSetupId: setup.providerSetupId,
            providerCustomerId,
          },
          metadata: at(),
        },
        options,
      );
      return { setupId, clientSecret: setup.clientSecret, position: result.position };
    },

    settle,

    /**
     * The browser is done with the provider (Stripe.js confirmed the setup): ask the provider how it stands and
     * record that, as the webhook would; recorded once, whichever comes first.
     */
    async complete(userId: string, setupId: string, options: CommandOptions): Promise<CardSetupResult> {
      const setup = await ownSetup(userId, setupId);
      if (setup.status === 'saved') return { status: 'succeeded', message: null, position: null };
      const retrieved = await provider.retrieveSetupIntent(setup.providerSetupId);
      if (retrieved.status === 'pending') return { status: 'pending', message: null, position: null };
      return settle(userId, setupId, retrieved, options);
    },

    ownSetup,
  };
}

export type CardSetups = ReturnType<typeof createCardSetups>;
