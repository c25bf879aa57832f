import type { TenantMetricsReply } from '@app/contracts';
import { Badge } from '@app/ui';
import { StatsCard } from './metric-card.js';

/** Product Information and System Metadata (SPEC.md §2 "Tenant monitoring"). */
export function InfoSections({ metrics }: { metrics: TenantMetricsReply }) {
  return (
    <>
      <StatsCard
        title="Product Information"
        group={metrics.product_info}
        stats={(info) => [
          { label: 'Product', value: info.name },
          { label: 'Version', value: info.version },
          { label: 'License', value: info.license_type },
          { label: 'Region', value: info.region },
          { label: 'Timezone', value: info.timezone },
        ]}
      />
      <StatsCard
        title="System Metadata"
        group={metrics.custom_metadata}
        stats={(metadata) => [
          { label: 'Tenant Type', value: metadata.tenant_type ?? 'Not set' },
          {
            label: 'Tags',
            value:
              metadata.tags && metadata.tags.length > 0 ? (
                <ul aria-label="Tags" className="flex flex-wrap justify-end gap-1">
                  {metadata.tags.map((tag) => (
                    <li key={tag}>
                      <Badge variant="outline">{tag}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                'None'
              ),
          },
          { label: 'Admin Notes', value: metadata.admin_notes || 'None' },
        ]}
      />
    </>
  );
}
