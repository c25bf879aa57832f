import type { Subscription } from '@app/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@app/ui';
import type { UseQueryResult } from '@app/query';
import { Link } from '@app/routing';
import { ListError, ListLoading } from '../../components/list-states.js';
import { SubscriptionStatusBadge } from '../../components/subscription-status-badge.js';
import { subscriptionPlanLabel, subscriptionProductName } from '../../components/subscription-labels.js';
import { formatUsd } from '../../format/money.js';

/** SPEC.md §2 "Customer dashboard", Subscriptions: every subscription the customer has, whatever its status. */
export function SubscriptionsTab({ subscriptions }: { subscriptions: UseQueryResult<Subscription[]> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Your Subscriptions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {subscriptions.isPending ? (
          <ListLoading label="Loading subscriptions..." />
        ) : subscriptions.isError ? (
          <ListError error={subscriptions.error} />
        ) : subscriptions.data.length === 0 ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">No subscriptions</p>
            <Button asChild variant="outline">
              <Link to="/catalog">Browse Services</Link>
            </Button>
          </div>
        ) : (
          <ul aria-label="Subscriptions" className="grid gap-3">
            {subscriptions.data.map((subscription) => (
              <li
                key={subscription.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-4"
              >
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{subscriptionProductName(subscription)}</h3>
                  <p className="text-sm text-muted-foreground">{subscriptionPlanLabel(subscription)}</p>
                </div>
                <SubscriptionStatusBadge status={subscription.status} />
                <p className="font-semibold">
                  {formatUsd(subscription.amount)}
                  <span className="text-sm font-normal text-muted-foreground">/month</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
