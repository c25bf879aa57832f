import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../../faults/http-client.js';
import type { Account } from '../../faults/sessions.js';
import { createProducts, expectReply, inBatches, listOf, subscribe, untilCopied } from './soak-fixtures.js';
import type { SoakContext } from './soak-phase.js';
import { awaitTenancyCopy } from './soak-pools.js';

/**
 * What the plan-change and card-on-file phases write to (billing README "Plan changes", "The card on file"):
 * subscriptions of a product that offers all three plans, in tenants the accounts own, once billing can change
 * them; and cards saved through billing's card change with the Sandbox's form.
 */
export interface SoakCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Stripe's test numbers the Sandbox saves, each with its own last four, so a phase's card is told from the last's. */
export const replacementCards = {
  mastercard: { number: '5555 5555 5555 4444', expMonth: 11, expYear: 2041, cvc: '321' },
  visaDebit: { number: '4000 0566 5566 5556', expMonth: 10, expYear: 2042, cvc: '456' },
  mastercardDebit: { number: '5200 8282 8282 8210', expMonth: 9, expYear: 2043, cvc: '654' },
  discover: { number: '6011 1111 1111 1117', expMonth: 8, expYear: 2044, cvc: '789' },
} as const satisfies Record<string, SoakCard>;

export const lastFourOf = (card: SoakCard) => card.number.replace(/\s+/g, '').slice(-4);

/** Plan prices in dollars: basic below the soak's base price of 12.50, enterprise well above it. */
export const planProduct = { basicPrice: 5, enterprisePrice: 99 } as const;

export interface PlanSubscription {
  account: Account;
  subscriptionId: string;
}

export interface CardSetup {
  setupId: string;
  clientSecret: string;
}

interface PaymentMethod {
  card: { brand: string; last4: string } | null;
}

export async function cardOnFile(client: ApiClient): Promise<PaymentMethod['card']> {
  const reply = await expectReply<PaymentMethod>(
    client,
    { method: 'GET', path: '/api/billing/payment-method' },
    [200],
  );
  return reply.card;
}

export const startSetup = (client: ApiClient) =>
  expectReply<CardSetup>(client, { method: 'POST', path: '/api/billing/payment-method/setups' }, [200]);

export const confirmSetup = (client: ApiClient, setup: CardSetup, card: SoakCard) =>
  expectReply(
    client,
    {
      method: 'POST',
      path: '/api/billing/sandbox/confirm-setup',
      json: { clientSecret: setup.clientSecret, card },
    },
    [200],
  );

/** A setup of the account's confirmed with `card`, which is then its card on file. */
export async function saveCard(client: ApiClient, card: SoakCard): Promise<CardSetup> {
  const setup = await startSetup(client);
  await confirmSetup(client, setup, card);
  return setup;
}

export const planPath = (subscriptionId: string, admin = false) =>
  `/api/${admin ? 'admin/' : ''}billing/subscriptions/${subscriptionId}/plan`;

/**
 * One professional subscription per account, of a new product offering every plan, in a tenant the account owns;
 * resolved once billing would change it to `readyFor` (an upgrade also needs billing to know the card on file).
 */
export async function planSubscriptions(
  context: SoakContext,
  accounts: readonly Account[],
  label: string,
  readyFor: 'basic' | 'enterprise',
): Promise<{ productId: string; subscriptions: PlanSubscription[] }> {
  const prefix = `${context.run}-plans${randomBytes(3).toString('hex')}`;
  const [product] = await createProducts(context.admin, prefix, 1, planProduct);
  if (!product) throw new Error('no product to subscribe to');
  await awaitTenancyCopy(context, [product]);
  const subscriptions = await inBatches(
    accounts.map((account, index) => ({ account, index })),
    8,
    async ({ account, index }) => {
      const tenant = await expectReply<{ id: string }>(context.admin, {
        method: 'POST',
        path: '/api/admin/tenants',
        json: { name: `Soak ${context.run} ${label} ${index}`, ownerId: account.id },
      });
      return { account, subscriptionId: await subscribe(context.admin, tenant.id, product.id) };
    },
  );
  await inBatches(subscriptions, 8, ({ account, subscriptionId }) =>
    untilCopied(
      () => account.client.send({ method: 'GET', path: `${planPath(subscriptionId)}?plan=${readyFor}` }),
      (reply) => reply.status === 200,
      `subscription ${subscriptionId} ready for ${readyFor} in billing`,
    ),
  );
  return { productId: product.id, subscriptions };
}

export interface SoakInvoice {
  id: string;
  status: string;
  amount: number;
  productId: string;
  proration?: { plan: string } | null;
}

/** The account's prorated (upgrade) invoices for the product. */
export async function prorationInvoices(client: ApiClient, productId: string): Promise<SoakInvoice[]> {
  const invoices = await listOf<SoakInvoice>(client, '/api/invoices');
  return invoices.filter((invoice) => invoice.productId === productId && invoice.proration != null);
}

/** The plan and monthly price tenancy shows for the subscription (it follows billing's published change). */
export async function tenancyPlanOf(client: ApiClient, subscriptionId: string) {
  const listed = await listOf<{ id: string; plan: string; amount: number }>(client, '/api/subscriptions');
  const found = listed.find((subscription) => subscription.id === subscriptionId);
  return found ? { plan: found.plan, amount: found.amount } : undefined;
}
