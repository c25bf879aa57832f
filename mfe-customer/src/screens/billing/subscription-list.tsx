import type { Subscription } from '@app/contracts';
import { Button, ListRead, SectionCard, formatUsd, ListRow } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { useSubscriptionTerms } from '@app/web-data';
import { SubscriptionCancellation } from '../../components/subscription-cancellation.js';
import { SubscriptionPlanChange } from '../../components/plan-change/subscription-plan-change.js';
import { subscriptionPlanLabel, subscriptionProductName } from '../../components/subscription-labels.js';
import { SubscriptionStatusBadge } from '../../components/subscription-status-badge.js';
import { activeSubscriptions } from './figures.js';

/**
 * SPEC.md §2 "Billing": the active subscriptions with their real product, plan and monthly amount, each
 * cancellable at the end of its paid period, or resumable while that is pending, and with its plan changeable
 * (issue 19).
 */
export function SubscriptionList({ subscriptions }: { subscriptions: UseQueryResult<Subscription[]> }) {
  return (
    <SectionCard title="Active Subscriptions">
      <ListRead read={subscriptions} loadingLabel="Loading subscriptions..." loadingRows={2}>
        {(data) => <ActiveList subscriptions={activeSubscriptions(data)} />}
      </ListRead>
    </SectionCard>
  );
}

function ActiveList({ subscriptions }: { subscriptions: Subscription[] }) {
  if (subscriptions.length === 0) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">No active subscriptions</p>
        <Button asChild variant="outline">
          <Link to="/catalog">Browse Plans</Link>
        </Button>
      </div>
    );
  }
  return <ActiveRows subscriptions={subscriptions} />;
}

function ActiveRows({ subscriptions }: { subscriptions: Subscription[] }) {
  const terms = useSubscriptionTerms(
    'customer',
    subscriptions.map((subscription) => subscription.id),
  );
  return (
    <ul aria-label="Active subscriptions" className="grid gap-3">
      {subscriptions.map((subscription) => (
        <ListRow
          key={subscription.id}
          heading={subscriptionProductName(subscription)}
          detail={subscriptionPlanLabel(subscription)}
        >
          <p className="font-semibold">{formatUsd(subscription.amount)}/month</p>
          <SubscriptionStatusBadge status={subscription.status} />
          <SubscriptionPlanChange subscription={subscription} term={terms.data?.get(subscription.id)} />
          <SubscriptionCancellation subscription={subscription} term={terms.data?.get(subscription.id)} />
        </ListRow>
      ))}
    </ul>
  );
}
