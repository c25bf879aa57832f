import type { AuditEntry } from '@app/contracts';
import { Badge } from '@app/ui';
import { ActivityEntry } from '@app/ui/activity';
import { RoleBadge } from '../../components/role-badge.js';
import { TextLink } from '../../components/text-link.js';
import type { FilterName } from './activity-search.js';
import { detailsPathOf } from './entity-paths.js';
import { FilterButton } from './filter-button.js';

export type ApplyFilters = (changes: Partial<Record<FilterName, string | undefined>>) => void;

/**
 * One entry of the admin's trail: the actor and the entity narrow the trail when pressed, the entity links to its
 * details where it has a screen, and an admin acting in a customer's view says whose.
 */
export function AuditRow({ entry, onFilter }: { entry: AuditEntry; onFilter?: ApplyFilters }) {
  const { actor, entity } = entry;
  const entityName = entity.label ?? entity.id;
  const details = detailsPathOf(entity);
  return (
    <ActivityEntry
      occurredAt={entry.occurredAt}
      action={entry.action}
      entity={entity}
      changes={entry.changes}
      actorName={actor.name}
      actor={
        onFilter ? (
          <FilterButton
            label={`Only entries by ${actor.name}`}
            onClick={() => onFilter({ actorId: actor.id })}
          >
            {actor.name}
          </FilterButton>
        ) : undefined
      }
      entityName={
        onFilter ? (
          <FilterButton
            label={`Only entries about ${entityName}`}
            onClick={() => onFilter({ entityType: entity.type, entityId: entity.id, tenantId: undefined })}
          >
            {entityName}
          </FilterButton>
        ) : undefined
      }
      aside={
        <>
          {actor.type === 'system' ? (
            <Badge variant="secondary">system</Badge>
          ) : actor.role ? (
            <RoleBadge role={actor.role} />
          ) : null}
          {actor.onBehalfOf ? (
            <TextLink to={`/user-details/${encodeURIComponent(actor.onBehalfOf)}`}>
              in a customer&apos;s view
            </TextLink>
          ) : null}
          {details ? (
            <TextLink to={details} aria-label={`View Details of ${entityName}`}>
              View Details
            </TextLink>
          ) : null}
        </>
      }
    />
  );
}
