import type { PlanChangePreview, ScheduledPlanChange } from '@app/contracts';
import type { PlanChangeAudience } from './plan-change-audience.js';
import { planChangeSentence } from './plan-change-text.js';

/**
 * What the chosen change would do, once billing has quoted it; or why it cannot be made. `error` is the quote's
 * failure as the data layer words it (null while there is none), `quote` undefined while it is being asked for.
 */
export function PlanChangeStatement({
  quote,
  error,
  scheduled,
  audience,
}: {
  quote: PlanChangePreview | undefined;
  error: string | null;
  scheduled: ScheduledPlanChange | null;
  audience: PlanChangeAudience;
}) {
  if (error !== null) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error}
      </p>
    );
  }
  if (!quote) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Working out what changes...
      </p>
    );
  }
  return <p className="text-sm">{planChangeSentence(quote, scheduled, audience)}</p>;
}
