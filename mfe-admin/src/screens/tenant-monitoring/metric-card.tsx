import { SectionCard } from '@app/ui';
import type { ReactNode } from 'react';

/**
 * One section of the monitoring dashboard. A tenant's app may leave a group out (the reply lists it in
 * `missingGroups`); the section then says so instead of showing zeros that were never measured.
 */
export function MetricCard<Group>({
  title,
  group,
  className,
  children,
}: {
  title: string;
  group: Group | undefined;
  className?: string;
  children: (group: Group) => ReactNode;
}) {
  return (
    <SectionCard className={className} title={title} headerClassName="pb-2" titleClassName="text-base">
      {group === undefined ? (
        <p className="text-sm text-muted-foreground">Not reported by the tenant&apos;s app</p>
      ) : (
        children(group)
      )}
    </SectionCard>
  );
}

export interface Stat {
  label: string;
  value: ReactNode;
}

/** Figures as a description list: each value announced with its label. */
export function StatList({ stats }: { stats: readonly Stat[] }) {
  return (
    <dl className="grid gap-2">
      {stats.map(({ label, value }) => (
        <div key={label} className="flex items-baseline justify-between gap-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A section that is only figures, read from its group once the tenant's app has reported it. */
export function StatsCard<Group>({
  title,
  group,
  stats,
}: {
  title: string;
  group: Group | undefined;
  stats: (group: Group) => readonly Stat[];
}) {
  return (
    <MetricCard title={title} group={group}>
      {(reported) => <StatList stats={stats(reported)} />}
    </MetricCard>
  );
}
