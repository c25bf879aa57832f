import type { PlanChangePreview, ScheduledPlanChange } from '@app/contracts';
import type { UseQueryResult } from '@app/query';
import { errorDescription } from '@app/web-data';
import { planChangeSentence } from './plan-change-text.js';

/** What the chosen change would do, once billing has quoted it; or why it cannot be made. */
export function PlanChangeStatement({
  preview,
  scheduled,
}: {
  preview: UseQueryResult<PlanChangePreview>;
  scheduled: ScheduledPlanChange | null;
}) {
  if (preview.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Working out what changes...
      </p>
    );
  }
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorDescription(preview.error)}
      </p>
    );
  }
  return <p className="text-sm">{planChangeSentence(preview.data, scheduled)}</p>;
}
