import type pg from 'pg';
import { dollarsFromCents, type Subscription } from '@app/contracts';
import { readModelRow, type CommandView } from '@app/service-kit';
import type { SubscriptionCommandResult } from '../application/subscription-commands.js';
import {
  defaultProductColor,
  findSubscription,
  unknownProductName,
} from '../projections/subscription-queries.js';

/**
 * How a subscription command is shown (replyAfterCommand): the read model's row once it has the command, else the
 * stream's state, with the joined names tenancy may already know from an older row of the read model.
 */
export function subscriptionView(db: pg.Pool, result: SubscriptionCommandResult): CommandView<Subscription> {
  const state = result.state;
  if (state.status === 'absent') throw new Error('A subscription command left no subscription to show');
  const find = () => findSubscription(db, result.subscriptionId);
  return {
    fromReadModel: readModelRow(find, (found) => found.subscription),
    fromState: async () => {
      const known = (await find())?.subscription;
      return {
        id: state.subscriptionId,
        tenantId: state.tenantId,
        productId: state.productId,
        productName: known?.productName ?? unknownProductName,
        plan: state.plan,
        status: state.status,
        amount: dollarsFromCents(state.amountCents),
        domainUrl: state.domainUrl,
        metricsApiKeyConfigured: state.metricsApiKey !== null,
        cancelAtPeriodEnd: state.cancellationScheduledAt !== null,
        product: known?.product ?? { name: unknownProductName, basePrice: 0, color: defaultProductColor },
        tenant: known?.tenant ?? { name: '' },
        createdAt: state.startedAt,
      };
    },
  };
}
