import type { User } from '@app/contracts';
import { SectionCard, Skeleton } from '@app/ui';
import { useAdminTenantSummary } from '@app/web-data';
import type { ReactNode } from 'react';

function Statistic({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-semibold break-all">{children}</dd>
    </div>
  );
}

/**
 * SPEC.md §2 "User details", User Statistics: Owned Tenants and Total Subscriptions (the sum of the owned tenants'
 * subscription counts) from the tenant summary over this user's tenants, which the server keeps.
 */
export function UserStatisticsCard({ user }: { user: User }) {
  const summary = useAdminTenantSummary(user.id);
  const owned = summary.data;
  const pending = summary.isError ? (
    <span className="font-normal text-muted-foreground">Unavailable</span>
  ) : (
    <Skeleton className="h-5 w-8" />
  );
  return (
    <SectionCard title="User Statistics">
      <dl className="grid gap-3">
        <Statistic term="Owned Tenants">{owned ? owned.totalTenants : pending}</Statistic>
        <Statistic term="Total Subscriptions">{owned ? owned.totalSubscriptions : pending}</Statistic>
        <Statistic term="Payment Customer ID">
          {user.stripeCustomerId ?? <span className="font-normal text-muted-foreground">None</span>}
        </Statistic>
      </dl>
    </SectionCard>
  );
}
