import { PagedList } from '@app/ui';
import { useAdminAudit, type AuditFilters } from '@app/web-data';
import { ListCard } from '../../components/list-card.js';
import { TextLink } from '../../components/text-link.js';
import { activityPath } from './activity-search.js';
import { AuditRow } from './audit-row.js';

/** The latest few entries are what a details screen has room for; the Activity screen holds the rest. */
const latestEntries = 5;

/**
 * The Activity card of tenant, user and product details (issue 21): the latest entries of the trail about this
 * entity, and links to the Activity screen filtered to it (and, for a user, to what they did).
 */
export function ActivityCard({
  filters,
  actorId,
}: {
  /** Which entries are this entity's: `tenantId` for a tenant (with what is in it), else its type and id. */
  filters: AuditFilters;
  /** A user's own id, for a link to everything they did. */
  actorId?: string;
}) {
  const entries = useAdminAudit({ ...filters, limit: latestEntries });
  return (
    <ListCard
      title="Activity"
      action={
        <div className="flex flex-wrap gap-4">
          {actorId ? <TextLink to={activityPath({ actorId })}>Everything they did</TextLink> : null}
          <TextLink to={activityPath(filters)}>View all activity</TextLink>
        </div>
      }
    >
      <PagedList
        read={entries}
        firstPageOnly
        label="Latest activity"
        loadingLabel="Loading activity..."
        emptyText="No activity yet"
        getKey={(entry) => entry.id}
        estimateSize={132}
      >
        {(entry) => <AuditRow entry={entry} />}
      </PagedList>
    </ListCard>
  );
}
