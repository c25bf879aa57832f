import type { TenantMetricsReply } from '@app/contracts';
import { entityLabel, formatCount } from './format.js';
import { StatsCard } from './metric-card.js';

/** User Analytics, Feature Usage and Entity Counters (SPEC.md §2 "Tenant monitoring"). */
export function UsageSections({ metrics }: { metrics: TenantMetricsReply }) {
  return (
    <>
      <StatsCard
        title="User Analytics"
        group={metrics.users}
        stats={(users) => [
          { label: 'Total', value: formatCount(users.total) },
          { label: 'Active 7 days', value: formatCount(users.active_last_7_days) },
          { label: 'Active 30 days', value: formatCount(users.active_last_30_days) },
          { label: 'New Users', value: formatCount(users.new_users_last_30_days) },
        ]}
      />
      <StatsCard
        title="Feature Usage"
        group={metrics.feature_usage}
        stats={(usage) => [
          { label: 'Project Creation', value: formatCount(usage.create_project) },
          { label: 'Project Updates', value: formatCount(usage.project_updates) },
          { label: 'Expense Tracking', value: formatCount(usage.expense_tracking) },
          { label: 'Connected Integrations', value: formatCount(usage.integrations_connected) },
        ]}
      />
      <StatsCard
        title="Entity Counters"
        group={metrics.usage_entities}
        stats={(entities) => [
          { label: 'Projects', value: formatCount(entities.projects) },
          { label: 'Clients', value: formatCount(entities.clients) },
          { label: 'Materials', value: formatCount(entities.materials) },
          { label: 'Expenses', value: formatCount(entities.expenses) },
          { label: 'Contractors', value: formatCount(entities.contractors) },
          ...Object.entries(entities.custom_entities).map(([key, count]) => ({
            label: entityLabel(key),
            value: formatCount(count),
          })),
        ]}
      />
    </>
  );
}
