import type { TenantMetricsReply } from '@app/contracts';
import { entityLabel, formatCount } from './format.js';
import { MetricCard, StatList } from './metric-card.js';

/** User Analytics, Feature Usage and Entity Counters (SPEC.md §2 "Tenant monitoring"). */
export function UsageSections({ metrics }: { metrics: TenantMetricsReply }) {
  return (
    <>
      <MetricCard title="User Analytics" group={metrics.users}>
        {(users) => (
          <StatList
            stats={[
              { label: 'Total', value: formatCount(users.total) },
              { label: 'Active 7 days', value: formatCount(users.active_last_7_days) },
              { label: 'Active 30 days', value: formatCount(users.active_last_30_days) },
              { label: 'New Users', value: formatCount(users.new_users_last_30_days) },
            ]}
          />
        )}
      </MetricCard>
      <MetricCard title="Feature Usage" group={metrics.feature_usage}>
        {(usage) => (
          <StatList
            stats={[
              { label: 'Project Creation', value: formatCount(usage.create_project) },
              { label: 'Project Updates', value: formatCount(usage.project_updates) },
              { label: 'Expense Tracking', value: formatCount(usage.expense_tracking) },
              { label: 'Connected Integrations', value: formatCount(usage.integrations_connected) },
            ]}
          />
        )}
      </MetricCard>
      <MetricCard title="Entity Counters" group={metrics.usage_entities}>
        {(entities) => (
          <StatList
            stats={[
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
        )}
      </MetricCard>
    </>
  );
}
