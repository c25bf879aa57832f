import type { Subscription } from '@app/contracts';
import { Button, ListRead, SectionCard, formatUsd, ListRow } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { useSubscriptionTerms } from '@app/web-data';
import { SubscriptionCancellation } from '../../components/subscription-cancellation.js';
import { SubscriptionPlanChange } from '../../components/plan-change/subscription-plan-change.js';
import { SubscriptionStatusBadge } from '../../components/subscription-status-badge.js';
import { subscriptionPlanLabel, subscriptionProductName } from '../../components/subscription-labels.js';

/**
 * SPEC.md §2 "Customer dashboard", Subscriptions: every subscription the customer has, whatever its status, each
 * of them cancellable at the end of its paid period, or resumable while that is pending, and with its plan
 * changeable (issue 19).
 */
export function SubscriptionsTab({ subscriptions }: { subscriptions: UseQueryResult<Subscription[]> }) {
  return (
    <SectionCard title="Your Subscriptions">
      <ListRead read={subscriptions} loadingLabel="Loading subscriptions...">
        {(data) =>
          data.length === 0 ? (
            <div className="grid justify-items-start gap-3">
              <p className="text-sm text-muted-foreground">No subscriptions</p>
              <Button asChild variant="outline">
                <Link to="/catalog">Browse Services</Link>
              </Button>
            </div>
          ) : (
            <SubscriptionRows subscriptions={data} />
          )
        }
      </ListRead>
    </SectionCard>
  );
}

/** Each with its plan change and cancellation controls, dated by billing's terms of the subscriptions listed. */
function SubscriptionRows({ subscriptions }: { subscriptions: Subscription[] }) {
  const terms = useSubscriptionTerms(
    'customer',
    subscriptions.map((subscription) => subscription.id),
  );
  return (
    <ul aria-label="Subscriptions" className="grid gap-3">
      {subscriptions.map((subscription) => (
        <ListRow
          key={subscription.id}
          heading={subscriptionProductName(subscription)}
          detail={subscriptionPlanLabel(subscription)}
        >
          <SubscriptionStatusBadge status={subscription.status} />
          <p className="font-semibold">
            {formatUsd(subscription.amount)}
            <span className="text-sm font-normal text-muted-foreground">/month</span>
          </p>
          <SubscriptionPlanChange subscription={subscription} term={terms.data?.get(subscription.id)} />
          <SubscriptionCancellation subscription={subscription} term={terms.data?.get(subscription.id)} />
        </ListRow>
      ))}
    </ul>
  );
}
