import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../../faults/http-client.js';
import {
  createProducts,
  createTenants,
  expectReply,
  untilCopied,
  type SoakProduct,
} from './soak-fixtures.js';
import type { SoakContext } from './soak-phase.js';

/**
 * Products and payment intents that one phase makes and a later one uses up (the create phase's products become
 * the delete phase's targets), topped up through the API when a phase needs more than earlier phases left.
 */
const batchName = (context: SoakContext, what: string) =>
  `${context.run}-${what}${randomBytes(3).toString('hex')}`;

export async function takeProducts(context: SoakContext, count: number): Promise<SoakProduct[]> {
  const missing = count - context.products.length;
  if (missing > 0) {
    context.products.push(...(await createProducts(context.admin, batchName(context, 'pool'), missing)));
  }
  return context.products.splice(0, count);
}

/** Tenancy subscribes tenants only to products its copy of the catalogue holds. */
export async function awaitTenancyCopy(
  context: SoakContext,
  products: readonly SoakProduct[],
): Promise<void> {
  const newest = products.at(-1);
  if (!newest) return;
  const [probe] = await createTenants(context.admin, batchName(context, 'probe'), 1);
  await untilCopied(
    () =>
      context.admin.send({
        method: 'POST',
        path: `/api/admin/tenants/${probe}/subscriptions`,
        json: { productId: newest.id },
      }),
    (reply) => reply.status === 201 || reply.status === 409,
    `product ${newest.slug} in tenancy's copy`,
  );
}

/** The product the billing phases buy, once billing's copy of the catalogue holds it. */
export async function checkoutProduct(context: SoakContext): Promise<SoakProduct> {
  if (context.checkoutProduct) return context.checkoutProduct;
  const [product] = await takeProducts(context, 1);
  if (!product) throw new Error('no product to buy');
  // The intent this makes stays unconfirmed.
  await untilCopied(
    () =>
      context.shared.client.send({
        method: 'POST',
        path: '/api/create-payment-intent',
        json: { amount: product.basePrice, productId: product.id },
      }),
    (reply) => reply.status === 200,
    `product ${product.slug} in billing's copy`,
  );
  context.checkoutProduct = product;
  return product;
}

/** `count` client secrets of `account`'s unconfirmed intents, made now where the intents phase left too few. */
export async function takeIntents(
  context: SoakContext,
  account: { id: string; client: ApiClient },
  count: number,
): Promise<string[]> {
  const pool = context.intents.get(account.id) ?? [];
  while (pool.length < count) {
    const product = await checkoutProduct(context);
    const intent = await expectReply<{ clientSecret: string }>(account.client, {
      method: 'POST',
      path: '/api/create-payment-intent',
      json: { amount: product.basePrice, productId: product.id },
    });
    pool.push(intent.clientSecret);
  }
  context.intents.set(account.id, pool.slice(count));
  return pool.slice(0, count);
}
