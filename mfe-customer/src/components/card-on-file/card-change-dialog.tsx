import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  lazyNamed,
  toast,
} from '@app/ui';
import {
  useBillingConfig,
  useCompleteCardSetup,
  useConfirmSandboxSetup,
  useStartCardSetup,
} from '@app/web-data';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { PaymentElementLoading } from '../../screens/checkout/payment-element-loading.js';
import { SandboxCardEntry } from '../../screens/checkout/sandbox-card-entry.js';
import { toastFailure } from '../failure-toast.js';

// Stripe's SDK only when Stripe is the provider, as at checkout.
const StripeCardSetup = lazyNamed(() => import('./stripe-card-setup.js'), 'StripeCardSetup');

const saved = { title: 'Card saved', description: 'Your renewals will be charged to the new card.' };

/**
 * Replacing the card on file (issue 19): a card change is opened at the provider when the dialog opens, and the
 * checkout's own card form takes the new card: the Sandbox's fields offline, Stripe's Payment Element with
 * Stripe. Saved, the card is the one renewals, retries and Pay now charge; refused, the old card stays.
 */
export function CardChangeDialog({
  open,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the new card is on file (Pay now then pays again with it). */
  onSaved?: () => void;
}) {
  const config = useBillingConfig();
  const start = useStartCardSetup();
  const [unavailable, setUnavailable] = useState(false);
  const finish = useCallback(() => {
    toast(saved);
    onOpenChange(false);
    onSaved?.();
  }, [onOpenChange, onSaved]);
  const refused = useCallback((error: Error) => toastFailure('Card not saved', error), []);
  const confirmSandbox = useConfirmSandboxSetup({ onSuccess: finish, onError: refused });
  const complete = useCompleteCardSetup({
    onSuccess: (status) => {
      if (status.status === 'succeeded') finish();
      else if (status.status === 'failed') refused(new Error(status.message ?? 'Your card was not saved.'));
      else toast({ title: 'Card not saved yet', description: 'Finish confirming the card with your bank.' });
    },
    onError: refused,
  });

  const { mutate: startSetup, reset } = start;
  useEffect(() => {
    if (open) startSetup();
    else reset();
  }, [open, startSetup, reset]);

  const busy = confirmSandbox.isPending || complete.isPending;
  const setup = start.data;
  const provider = config.data;
  let body;
  if (start.error || config.error || unavailable) {
    body = (
      <p role="alert" className="text-sm text-destructive">
        A new card cannot be taken right now. Please try again later.
      </p>
    );
  } else if (!setup || !provider) {
    body = <PaymentElementLoading />;
  } else if (provider.provider === 'stripe' && provider.publishableKey) {
    body = (
      <Suspense fallback={<PaymentElementLoading />}>
        <StripeCardSetup
          publishableKey={provider.publishableKey}
          clientSecret={setup.clientSecret}
          busy={busy}
          onConfirmed={() => complete.mutate(setup.setupId)}
          onRefused={(message) => refused(new Error(message))}
          onUnavailable={() => setUnavailable(true)}
        />
      </Suspense>
    );
  } else {
    body = (
      <SandboxCardEntry
        busy={busy}
        onCard={(card) => confirmSandbox.mutate({ clientSecret: setup.clientSecret, card })}
      >
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save card'}
        </Button>
      </SandboxCardEntry>
    );
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Replace card</DialogTitle>
          <DialogDescription>
            The new card is charged for your renewals from now on. Nothing is charged now.
          </DialogDescription>
        </DialogHeader>
        {body}
      </DialogContent>
    </Dialog>
  );
}
