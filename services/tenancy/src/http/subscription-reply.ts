import type pg from 'pg';
import { dollarsFromCents, type Subscription } from '@app/contracts';
import type { SubscriptionCommandResult } from '../application/subscription-commands.js';
import {
  defaultProductColor,
  findSubscription,
  unknownProductName,
} from '../projections/subscription-queries.js';

/**
 * The subscription as a command left it. The read model normally has it already (the command waited); when it
 * lags, the view is built from the stream's state, without the joined names tenancy could not read yet.
 */
export async function subscriptionAfterCommand(
  db: pg.Pool,
  result: SubscriptionCommandResult,
): Promise<Subscription> {
  const state = result.state;
  if (state.status === 'absent') throw new Error('A subscription command left no subscription to show');
  const found = await findSubscription(db, result.subscriptionId);
  if (found && found.revision === result.revision) return found.subscription;
  return {
    id: state.subscriptionId,
    tenantId: state.tenantId,
    productId: state.productId,
    productName: found?.subscription.productName ?? unknownProductName,
    plan: state.plan,
    status: state.status,
    amount: dollarsFromCents(state.amountCents),
    domainUrl: state.domainUrl,
    metricsApiKeyConfigured: state.metricsApiKey !== null,
    product: found?.subscription.product ?? {
      name: unknownProductName,
      basePrice: 0,
      color: defaultProductColor,
    },
    tenant: found?.subscription.tenant ?? { name: '' },
    createdAt: state.startedAt,
  };
}
