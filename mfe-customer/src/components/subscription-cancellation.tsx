import type { Subscription, SubscriptionTerm } from '@app/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  formatDate,
  toast,
} from '@app/ui';
import { useCancelSubscription, useResumeSubscription } from '@app/web-data';
import { useState } from 'react';
import { toastFailure } from './failure-toast.js';
import { subscriptionProductName } from './subscription-labels.js';

/** What the customer reads for the end of the paid period, before billing has answered or if it has none. */
export const periodEndFallback = 'the end of the current billing period';

/** The date service ends (a pending cancellation) or would end (one asked for now), as a phrase. */
export function serviceEndPhrase(term: SubscriptionTerm | undefined): string {
  const date = formatDate(term?.endsAt ?? term?.currentPeriodEnd);
  return date ? `on ${date}` : `at ${periodEndFallback}`;
}

/**
 * A subscription's cancellation control (issue 19): "Cancel subscription" with a confirmation that states when
 * service ends, for an active or trial one; "Resume" and that date for one set to cancel. Whether one is pending
 * comes from the subscription; the date from billing's term, which may hear of the change a moment later.
 */
export function SubscriptionCancellation({
  subscription,
  term,
}: {
  subscription: Subscription;
  term: SubscriptionTerm | undefined;
}) {
  if (subscription.cancelAtPeriodEnd) return <PendingCancellation subscription={subscription} term={term} />;
  if (subscription.status !== 'active' && subscription.status !== 'trial') return null;
  return <CancelDialog subscription={subscription} term={term} />;
}

function CancelDialog({
  subscription,
  term,
}: {
  subscription: Subscription;
  term: SubscriptionTerm | undefined;
}) {
  const [open, setOpen] = useState(false);
  const name = subscriptionProductName(subscription);
  const ends = serviceEndPhrase(term);
  // The mutation's own outcome: the refreshed list replaces this dialog with the pending cancellation.
  const cancel = useCancelSubscription({
    onSuccess: () => {
      setOpen(false);
      toast({ title: 'Subscription cancelled', description: `${name} stays active until it ends ${ends}.` });
    },
    onError: (error) => toastFailure('Could not cancel the subscription', error),
  });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !cancel.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          Cancel subscription
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {subscription.status === 'trial'
              ? `Your trial continues until it ends ${ends}. Nothing will be charged.`
              : `Your subscription stays active until it ends ${ends}. It will not renew, and no further payment will be taken.`}{' '}
            You can resume it before then.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep subscription</AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(subscription.id)}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function PendingCancellation({
  subscription,
  term,
}: {
  subscription: Subscription;
  term: SubscriptionTerm | undefined;
}) {
  const name = subscriptionProductName(subscription);
  // The mutation's own outcome: the refreshed list replaces this with the Cancel button.
  const resume = useResumeSubscription({
    onSuccess: () => toast({ title: 'Subscription resumed', description: `${name} will renew as before.` }),
    onError: (error) => toastFailure('Could not resume the subscription', error),
  });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <p className="text-sm text-muted-foreground">Ends {serviceEndPhrase(term)}</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={resume.isPending}
        onClick={() => resume.mutate(subscription.id)}
      >
        {resume.isPending ? 'Resuming...' : 'Resume'}
      </Button>
    </div>
  );
}
