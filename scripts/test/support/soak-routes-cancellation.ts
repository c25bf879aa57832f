import type { ApiClient } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import { expectReply, inBatches, listOf, subscribe } from './soak-fixtures.js';
import { bothWays, definePhase, type Aggregate, type SoakContext } from './soak-phase.js';
import { awaitTenancyCopy, takeProducts } from './soak-pools.js';
import type { SoakRoute } from './soak-routes.js';

/**
 * Cancelling and resuming subscriptions (issue 19), by their customer and by an admin. `same`: every client on
 * the one subscription of the account they share; `different`: each client on a subscription of its own account.
 * A repeat of either changes nothing, so every call succeeds and the subscription ends as the calls asked.
 */
type Change = 'cancel' | 'resume';
type Actor = 'customer' | 'admin';

interface Target {
  accounts: Account[];
  subscriptions: string[];
}

const accountsOf = (context: SoakContext, aggregate: Aggregate, clients: number) =>
  aggregate === 'same' ? [context.shared] : context.customers.slice(0, clients);

/** A tenant of the account's own (made by the admin) subscribed to a product not used before. */
async function ownSubscriptions(context: SoakContext, accounts: readonly Account[], label: string) {
  const products = await takeProducts(context, accounts.length);
  await awaitTenancyCopy(context, products);
  const owned = accounts.map((account, index) => ({
    account,
    product: products[index] as { id: string },
    index,
  }));
  return inBatches(owned, 8, async ({ account, product, index }) => {
    const tenant = await expectReply<{ id: string }>(context.admin, {
      method: 'POST',
      path: '/api/admin/tenants',
      json: { name: `Soak ${context.run} ${label} ${index}`, ownerId: account.id },
    });
    return subscribe(context.admin, tenant.id, product.id);
  });
}

const pairs = (accounts: readonly Account[], subscriptions: readonly string[]) =>
  accounts.map((account, index) => ({ account, subscriptionId: subscriptions[index] as string }));

function path(actor: Actor, change: Change, subscriptionId: string) {
  return `/api/${actor === 'admin' ? 'admin/' : ''}subscriptions/${subscriptionId}/${change}`;
}

async function subscriptionAs(client: ApiClient, subscriptionId: string) {
  const listed = await listOf<{ id: string; status: string; cancelAtPeriodEnd: boolean }>(
    client,
    '/api/subscriptions',
  );
  return listed.find((subscription) => subscription.id === subscriptionId);
}

function cancellationPhase(actor: Actor, change: Change, aggregate: Aggregate) {
  const label = `${actor} ${change} ${aggregate}`;
  return definePhase<Target>({
    aggregate,
    async prepare(context, plan) {
      const accounts = accountsOf(context, aggregate, plan.clients);
      const subscriptions = await ownSubscriptions(context, accounts, label);
      if (change === 'resume') {
        await inBatches(pairs(accounts, subscriptions), 8, ({ account, subscriptionId }) =>
          expectReply(account.client, { method: 'POST', path: path('customer', 'cancel', subscriptionId) }),
        );
      }
      return { accounts, subscriptions };
    },
    request({ accounts, subscriptions }, client) {
      const index = aggregate === 'same' ? 0 : client;
      const subscriptionId = subscriptions[index] as string;
      const request = { method: 'POST' as const, path: path(actor, change, subscriptionId) };
      if (actor === 'customer') return { ...request, as: (accounts[index] as Account).client };
      return change === 'cancel' ? { ...request, json: { when: 'now', reason: `Soak ${label}` } } : request;
    },
    async verify({ accounts, subscriptions }) {
      const expected =
        change === 'resume'
          ? { status: 'active', cancelAtPeriodEnd: false }
          : actor === 'admin'
            ? { status: 'cancelled', cancelAtPeriodEnd: false }
            : { status: 'active', cancelAtPeriodEnd: true };
      const problems = await inBatches(
        pairs(accounts, subscriptions),
        8,
        async ({ account, subscriptionId }) => {
          const found = await subscriptionAs(account.client, subscriptionId);
          return found?.status === expected.status && found.cancelAtPeriodEnd === expected.cancelAtPeriodEnd
            ? []
            : [
                `subscription ${subscriptionId}: ${JSON.stringify(found)}, expected ${JSON.stringify(expected)}`,
              ];
        },
      );
      return problems.flat();
    },
  });
}

export const cancellationRoutes: Record<string, SoakRoute> = {
  'POST /api/subscriptions/{subscriptionId}/cancel': bothWays([200], (aggregate) =>
    cancellationPhase('customer', 'cancel', aggregate),
  ),
  'POST /api/subscriptions/{subscriptionId}/resume': bothWays([200], (aggregate) =>
    cancellationPhase('customer', 'resume', aggregate),
  ),
  'POST /api/admin/subscriptions/{subscriptionId}/cancel': bothWays([200], (aggregate) =>
    cancellationPhase('admin', 'cancel', aggregate),
  ),
  'POST /api/admin/subscriptions/{subscriptionId}/resume': bothWays([200], (aggregate) =>
    cancellationPhase('admin', 'resume', aggregate),
  ),
};
