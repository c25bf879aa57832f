import type { CommandOptions } from '@app/eventing';
import { customerAt } from '../domain/customer/customer.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import type { BillingStores } from './billing-stores.js';

export interface Buyer {
  userId: string;
  email: string;
}

/**
 * The buyer's customer at the provider, made on their first checkout, so a saved card can be charged again at renewal. The provider request's
 * idempotency key comes from the user id, so two first checkouts racing, or a retry after a crash between the
 * provider's answer and the append, get the same customer back instead of a second one.
 */
export function createProviderCustomers(deps: {
  stores: BillingStores;
  provider: PaymentProvider;
  now: () => Date;
}) {
  const { stores, provider, now } = deps;
  return {
    async ensure(buyer: Buyer, options: CommandOptions): Promise<string> {
      const known = customerAt((await stores.customers.read(buyer.userId)).state, provider.name);
      if (known !== null) return known;
      const { customerId } = await provider.createCustomer({
        userId: buyer.userId,
        email: buyer.email,
        idempotencyKey: customerIdempotencyKey(buyer.userId),
      });
      const result = await stores.customers.handle(
        buyer.userId,
        {
          type: 'CreateCustomer',
          data: { userId: buyer.userId, provider: provider.name, providerCustomerId: customerId },
          metadata: { now: now().toISOString() },
        },
        options,
      );
      return customerAt(result.state, provider.name) ?? customerId;
    },
  };
}

export const customerIdempotencyKey = (userId: string): string => `billing-customer-${userId}`;

export type ProviderCustomers = ReturnType<typeof createProviderCustomers>;
