import { auditEntityTypeLabels } from '@app/contracts';
import {
  buttonVariants,
  Label,
  PagedList,
  SectionCard,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@app/ui';
import { ActivityEntry } from '@app/ui/activity';
import { activityExportAddress, useActivity } from '@app/web-data';
import { Download } from 'lucide-react';
import { useState } from 'react';

/** Radix's Select has no empty value: this one stands for every type. */
const any = 'any';

/** What a customer's trail can be about: their own things (the catalogue's products are the platform's). */
const typeOptions = Object.entries(auditEntityTypeLabels).filter(([type]) => type !== 'product');

/**
 * The customer dashboard's Activity tab (issue 21): what happened to their tenants and account, newest first, by
 * them (You), by the platform (System) or by an administrator (Support, never named), a page at a time; Export
 * CSV downloads the filtered view, streamed by the server.
 */
export function ActivityTab() {
  const [entityType, setEntityType] = useState(any);
  const filters = entityType === any ? {} : { entityType };
  const entries = useActivity(filters);
  return (
    <SectionCard
      title="Activity"
      description="Changes to your tenants, subscriptions, invoices and account."
      headerClassName="flex flex-row flex-wrap items-end justify-between gap-3"
      action={
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-2">
            <Label htmlFor="activity-type">Type</Label>
            <Select value={entityType} onValueChange={setEntityType}>
              <SelectTrigger id="activity-type" className="w-48">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={any}>All types</SelectItem>
                {typeOptions.map(([type, label]) => (
                  <SelectItem key={type} value={type}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <a
            href={activityExportAddress(filters)}
            download
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </div>
      }
    >
      <PagedList
        read={entries}
        label="Activity"
        loadingLabel="Loading activity..."
        emptyText={entityType === any ? 'No activity yet' : 'No activity of this type'}
        getKey={(entry) => entry.id}
        estimateSize={120}
      >
        {(entry) => (
          <ActivityEntry
            occurredAt={entry.occurredAt}
            action={entry.action}
            entity={entry.entity}
            changes={entry.changes}
            actorName={entry.actor.name}
          />
        )}
      </PagedList>
    </SectionCard>
  );
}
