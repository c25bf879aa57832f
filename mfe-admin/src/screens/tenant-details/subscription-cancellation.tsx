import type { Subscription, SubscriptionTerm } from '@app/contracts';
import { Button } from '@app/ui';
import { useAdminCancelSubscription, useAdminResumeSubscription } from '@app/web-data';
import { useId, useState, type FormEvent } from 'react';
import { FormActions, FormDialog } from '../../components/form-dialog.js';
import { resultToasts } from '../../components/result-toasts.js';
import { TextField } from '../../components/text-field.js';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 22, 2026" for the end of a cancelled term, or the period's end billing last gave; null when unknown. */
export function termEndDate(term: SubscriptionTerm | undefined): string | null {
  const iso = term?.endsAt ?? term?.currentPeriodEnd;
  return iso ? dateFormat.format(new Date(iso)) : null;
}

/**
 * A subscription's cancellation as an admin sees it on tenant details (issue 19): a pending cancellation at period
 * end with its date and Resume, and "Cancel now" with a reason the event keeps, for any that is not cancelled.
 */
export function AdminCancellation({
  subscription,
  name,
  term,
}: {
  subscription: Subscription;
  name: string;
  term: SubscriptionTerm | undefined;
}) {
  if (subscription.status === 'cancelled') return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {subscription.cancelAtPeriodEnd && (
        <PendingCancellation subscription={subscription} name={name} term={term} />
      )}
      <CancelNowDialog subscription={subscription} name={name} />
    </div>
  );
}

function PendingCancellation({
  subscription,
  name,
  term,
}: {
  subscription: Subscription;
  name: string;
  term: SubscriptionTerm | undefined;
}) {
  // The mutation's own outcome: the refreshed list removes this once resumed.
  const resume = useAdminResumeSubscription(
    resultToasts({ success: 'Subscription resumed', failure: 'Failed to resume subscription' }),
  );
  const date = termEndDate(term);
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {date ? `Cancels at period end, ${date}` : 'Cancels at period end'}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Resume ${name}`}
        disabled={resume.isPending}
        onClick={() => resume.mutate(subscription.id)}
      >
        Resume
      </Button>
    </>
  );
}

function CancelNowDialog({ subscription, name }: { subscription: Subscription; name: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  // The mutation's own outcome: the refreshed list removes this dialog once the subscription is cancelled.
  const cancel = useAdminCancelSubscription(
    resultToasts({ success: 'Subscription cancelled', failure: 'Failed to cancel subscription' }, () => {
      setOpen(false);
      setReason('');
    }),
  );

  function changeOpen(next: boolean) {
    if (cancel.isPending) return;
    setOpen(next);
    if (!next) setReason('');
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    cancel.mutate({ subscriptionId: subscription.id, body: { when: 'now', reason } });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button type="button" variant="outline" size="sm" aria-label={`Cancel now: ${name}`}>
          Cancel now
        </Button>
      }
      title={`Cancel ${name} now?`}
      description="Service ends at once and nothing more is charged. The reason is kept with the cancellation."
    >
      <form className="grid gap-4" onSubmit={submit}>
        <TextField
          id={`${id}-reason`}
          label="Reason"
          required
          maxLength={500}
          value={reason}
          onChange={setReason}
        />
        <FormActions
          submitLabel="Cancel now"
          pendingLabel="Cancelling..."
          pending={cancel.isPending}
          incomplete={reason.trim() === ''}
          onCancel={() => changeOpen(false)}
        />
      </form>
    </FormDialog>
  );
}
