import type { Tenant, User } from '@app/contracts';
import { SectionCard, Skeleton } from '@app/ui';
import type { ReactNode } from 'react';
import { totalSubscriptions } from './user-figures.js';

function Statistic({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-semibold break-all">{children}</dd>
    </div>
  );
}

/** SPEC.md §2 "User details", User Statistics; the tenant figures wait for the tenant list. */
export function UserStatisticsCard({ user, owned }: { user: User; owned: readonly Tenant[] | undefined }) {
  const pending = <Skeleton className="h-5 w-8" />;
  return (
    <SectionCard title="User Statistics">
      <dl className="grid gap-3">
        <Statistic term="Owned Tenants">{owned ? owned.length : pending}</Statistic>
        <Statistic term="Total Subscriptions">{owned ? totalSubscriptions(owned) : pending}</Statistic>
        <Statistic term="Payment Customer ID">
          {user.stripeCustomerId ?? <span className="font-normal text-muted-foreground">None</span>}
        </Statistic>
      </dl>
    </SectionCard>
  );
}
