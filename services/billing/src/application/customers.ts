import type { CommandOptions, EventStore } from '@app/eventing';
import { customerAt } from '../domain/customer/customer.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import type { BillingHandlers } from './command-handlers.js';
import { customerStream, readCustomer } from './streams.js';

export interface Buyer {
  userId: string;
  email: string;
}

/**
 * The buyer's customer at the provider, made on their first checkout (issue 5 §6). The provider request's
 * idempotency key comes from the user id, so two first checkouts racing, or a retry after a crash between the
 * provider's answer and the append, get the same customer back instead of a second one.
 */
export function createCustomers(deps: {
  eventStore: EventStore;
  handlers: BillingHandlers;
  provider: PaymentProvider;
  now: () => Date;
}) {
  const { eventStore, handlers, provider, now } = deps;
  return {
    async ensure(buyer: Buyer, options: CommandOptions): Promise<string> {
      const known = customerAt(await readCustomer(eventStore, buyer.userId), provider.name);
      if (known !== null) return known;
      const { customerId } = await provider.createCustomer({
        userId: buyer.userId,
        email: buyer.email,
        idempotencyKey: customerIdempotencyKey(buyer.userId),
      });
      const result = await handlers.customer(
        customerStream(buyer.userId),
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

export type Customers = ReturnType<typeof createCustomers>;
