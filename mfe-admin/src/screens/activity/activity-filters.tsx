import {
  auditActionLabels,
  auditEntityTypeLabel,
  auditEntityTypeLabels,
  type AuditEntry,
} from '@app/contracts';
import { Badge, Button } from '@app/ui';
import type { AuditFilters } from '@app/web-data';
import { XIcon } from 'lucide-react';
import { SelectField, type SelectOption } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import type { ApplyFilters } from './audit-row.js';
import { dayEnd, dayOf, dayStart, lastDayBefore } from './day-range.js';

/** Radix's Select has no empty value: this one stands for "no filter". */
const any = 'any';

const typeOptions: SelectOption<string>[] = [
  { value: any, label: 'All types' },
  ...Object.entries(auditEntityTypeLabels).map(([value, label]) => ({ value, label })),
];

/** Every action, or the chosen type's only: `product.updated` is a product's. */
function actionOptions(entityType: string | undefined): SelectOption<string>[] {
  const actions = Object.entries(auditActionLabels).filter(
    ([action]) => entityType === undefined || action.startsWith(`${entityType}.`),
  );
  return [{ value: any, label: 'All actions' }, ...actions.map(([value, label]) => ({ value, label }))];
}

interface Narrowing {
  key: string;
  text: string;
  clear: Parameters<ApplyFilters>[0];
}

/**
 * The filters set by pressing a name in an entry or by a details screen's link (actor, entity, tenant), named as
 * the loaded entries name them; an id alone until one of them is loaded.
 */
function narrowings(filters: AuditFilters, entries: readonly AuditEntry[]): Narrowing[] {
  const list: Narrowing[] = [];
  if (filters.actorId) {
    const name = entries.find((entry) => entry.actor.id === filters.actorId)?.actor.name;
    list.push({ key: 'actor', text: `By ${name ?? filters.actorId}`, clear: { actorId: undefined } });
  }
  if (filters.entityId) {
    const label = entries.find((entry) => entry.entity.id === filters.entityId)?.entity.label;
    const type = filters.entityType ? `${auditEntityTypeLabel(filters.entityType)} ` : '';
    list.push({ key: 'entity', text: `${type}${label ?? filters.entityId}`, clear: { entityId: undefined } });
  }
  if (filters.tenantId) {
    const label = entries.find(
      (entry) => entry.entity.type === 'tenant' && entry.entity.id === filters.tenantId,
    )?.entity.label;
    list.push({
      key: 'tenant',
      text: `Tenant ${label ?? filters.tenantId} and what is in it`,
      clear: { tenantId: undefined },
    });
  }
  return list;
}

/** The Activity screen's filters (issue 21): what kind of entity, which action, which days, and by whom or what. */
export function ActivityFilters({
  filters,
  entries,
  onChange,
}: {
  filters: AuditFilters;
  entries: readonly AuditEntry[];
  onChange: ApplyFilters;
}) {
  const chosen = narrowings(filters, entries);
  const anySet = Object.values(filters).some((value) => value !== undefined);
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          id="activity-entity-type"
          label="Entity type"
          value={filters.entityType ?? any}
          options={typeOptions}
          onChange={(type) => {
            const entityType = type === any ? undefined : type;
            const action =
              filters.action && entityType && !filters.action.startsWith(`${entityType}.`)
                ? undefined
                : filters.action;
            // An entity filter names one entity of the type it was set with.
            onChange({ entityType, action, entityId: undefined });
          }}
        />
        <SelectField
          id="activity-action"
          label="Action"
          value={filters.action ?? any}
          options={actionOptions(filters.entityType)}
          onChange={(action) => onChange({ action: action === any ? undefined : action })}
        />
        <TextField
          id="activity-from"
          label="From"
          type="date"
          value={dayOf(filters.from)}
          max={lastDayBefore(filters.to) || undefined}
          onChange={(day) => onChange({ from: dayStart(day) })}
        />
        <TextField
          id="activity-to"
          label="To"
          type="date"
          value={lastDayBefore(filters.to)}
          min={dayOf(filters.from) || undefined}
          onChange={(day) => onChange({ to: dayEnd(day) })}
        />
      </div>
      {chosen.length > 0 || anySet ? (
        <div className="flex flex-wrap items-center gap-2">
          {chosen.map((narrowing) => (
            <Badge key={narrowing.key} variant="outline" className="gap-1 py-1 pr-1">
              <span className="max-w-72 truncate">{narrowing.text}</span>
              <button
                type="button"
                aria-label={`Remove filter ${narrowing.text}`}
                className="rounded-full p-0.5 hover:bg-secondary"
                onClick={() => onChange(narrowing.clear)}
              >
                <XIcon aria-hidden="true" />
              </button>
            </Badge>
          ))}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() =>
              onChange({
                actorId: undefined,
                entityType: undefined,
                entityId: undefined,
                action: undefined,
                tenantId: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            Clear filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}
