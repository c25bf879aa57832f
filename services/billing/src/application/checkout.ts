import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { centsFromDollars, type SubscriptionPlan } from '@app/contracts';
import { idOfCreation, type CommandOptions, type Position } from '@app/eventing';
import { priceCheckout, type CheckoutPrice } from '../domain/payment/checkout-price.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { buyerTenantOf } from '../projections/buyer-tenant.js';
import { findProductForSale } from '../projections/products-copy.js';
import type { BillingStores } from './billing-stores.js';
import { createProviderCustomers, type Buyer } from './provider-customers.js';

export interface CheckoutRequest {
  productId: string;
  /** The plan bought: its price is charged, and tenancy starts the subscription on it. */
  plan: SubscriptionPlan;
  /** The price the page showed, in dollars: only compared with the catalogue's, never charged. */
  amount: number;
}

export type CheckoutStart =
  | { kind: 'refused'; price: Exclude<CheckoutPrice, { kind: 'priced' }> }
  | { kind: 'created'; paymentId: string; clientSecret: string; position: Position | null };

/**
 * POST /api/create-payment-intent's use case: price the product's plan from billing's copy of the catalogue, make sure
 * the buyer has a customer at the provider, open a PaymentIntent there (its idempotency key is the payment id,
 * so a retried request never opens a second one) and record the payment. The client secret goes back to the
 * browser and nowhere else.
 */
export function createCheckout(deps: {
  pool: pg.Pool;
  stores: BillingStores;
  provider: PaymentProvider;
  now: () => Date;
  newId?: () => string;
}) {
  const { pool, stores, provider, now, newId = uuidv7 } = deps;
  const providerCustomers = createProviderCustomers({ stores, provider, now });
  return {
    /** `paymentId` is given only by the demo seed, whose fixed ids make it idempotent. */
    async start(
      buyer: Buyer,
      request: CheckoutRequest,
      options: CommandOptions,
      paymentId: string = idOfCreation(options, newId),
    ): Promise<CheckoutStart> {
      const product = await findProductForSale(pool, request.productId);
      const price = priceCheckout(product, request.plan, centsFromDollars(request.amount));
      if (price.kind !== 'priced') return { kind: 'refused', price };

      const providerCustomerId = await providerCustomers.ensure(buyer, options);
      // The buyer's tenant as billing's copy knows it, so the invoice is issued with it; tenancy buys for it too.
      // Unknown (a first purchase before any tenant): tenancy settles it, and billing assigns it to the invoice
      // when the subscription starts (README "Invoice tenants").
      const tenantId = await buyerTenantOf(pool, buyer.userId);
      const intent = await provider.createPaymentIntent({
        amountCents: price.amountCents,
        currency: 'usd',
        customerId: providerCustomerId,
        metadata: { paymentId, productId: request.productId, userId: buyer.userId, tenantId },
        savePaymentMethod: true,
        idempotencyKey: `billing-payment-${paymentId}`,
      });
      const result = await stores.payments.handle(
        paymentId,
        {
          type: 'CreatePayment',
          data: {
            paymentId,
            userId: buyer.userId,
            tenantId,
            productId: request.productId,
            plan: request.plan,
            kind: 'checkout',
            amountCents: price.amountCents,
            currency: 'usd',
            provider: provider.name,
            providerPaymentId: intent.providerPaymentId,
            providerCustomerId,
          },
          metadata: { now: now().toISOString() },
        },
        options,
      );
      return { kind: 'created', paymentId, clientSecret: intent.clientSecret, position: result.position };
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
