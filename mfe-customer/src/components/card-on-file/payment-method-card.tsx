import { Button, SectionCard, formatDate } from '@app/ui';
import { usePaymentMethod } from '@app/web-data';
import { AlertTriangle, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { cardSummary } from './card-labels.js';
import { CardChangeDialog } from './card-change-dialog.js';

/**
 * The card on file on the billing screen (issue 19): brand, last four and expiry, the one renewals charge, with
 * "Replace card"; a warning when it runs out before the next renewal.
 */
export function PaymentMethodCard() {
  const method = usePaymentMethod();
  const [changing, setChanging] = useState(false);
  const reply = method.data;
  const renewal = formatDate(reply?.nextRenewalAt);

  let body;
  if (method.error) body = <p className="text-sm text-destructive">Your card could not be loaded.</p>;
  else if (!reply) body = <p className="text-sm text-muted-foreground">Loading...</p>;
  else if (!reply.card) {
    body = (
      <div className="grid gap-1">
        <p className="font-medium">No card saved yet</p>
        <p className="text-sm text-muted-foreground">
          A card is saved when you buy a subscription; you can also add one now for your renewals.
        </p>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-3">
        <p className="flex items-center gap-2 font-medium">
          <CreditCard aria-hidden="true" className="size-4 shrink-0" />
          {cardSummary(reply.card)}
        </p>
        {reply.expiresBeforeNextRenewal && renewal ? (
          <p
            role="alert"
            className="flex gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Your card expires before your next renewal on {renewal}. Replace it to avoid a failed payment.
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <SectionCard title="Payment method" contentClassName="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0 flex-1">{body}</div>
      <Button type="button" variant="outline" onClick={() => setChanging(true)} disabled={!reply}>
        {reply?.card ? 'Replace card' : 'Add card'}
      </Button>
      <CardChangeDialog open={changing} onOpenChange={setChanging} />
    </SectionCard>
  );
}
