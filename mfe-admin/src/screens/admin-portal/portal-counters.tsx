import { SectionCard, Skeleton } from '@app/ui';
import type { PortalCounts } from './counters.js';

const counters: readonly { key: keyof PortalCounts; title: string }[] = [
  { key: 'totalUsers', title: 'Total Users' },
  { key: 'adminUsers', title: 'Admin Users' },
  { key: 'totalTenants', title: 'Total Tenants' },
  { key: 'activeTenants', title: 'Active Tenants' },
  { key: 'totalProducts', title: 'Total Products' },
  { key: 'activeProducts', title: 'Active Products' },
];

export function PortalCounters({ counts }: { counts: PortalCounts }) {
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
      {counters.map(({ key, title }) => {
        const value = counts[key];
        return (
          <SectionCard key={key} title={title} headerClassName="pb-2" titleClassName="text-sm font-medium">
            {value === undefined ? (
              <Skeleton className="h-8 w-12" />
            ) : (
              <p className="text-2xl font-bold">{value}</p>
            )}
          </SectionCard>
        );
      })}
    </div>
  );
}
