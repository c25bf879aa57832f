import type { BillingConfig } from '@app/contracts';
import { SectionCard } from '@app/ui';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';

const providerNames: Record<BillingConfig['provider'], string> = {
  stripe: 'Stripe',
  sandbox: 'the Sandbox',
};

/** SPEC.md §2 "Checkout": the Payment Details card around the provider's form, with its "Secured by" note. */
export function PaymentDetails({
  provider,
  children,
}: {
  provider: BillingConfig['provider'];
  children: ReactNode;
}) {
  return (
    <SectionCard title="Payment Details" contentClassName="grid gap-4">
      {children}
      <p className="flex items-center justify-center gap-2 text-xs text-muted-foreground">
        <Lock aria-hidden="true" className="size-3.5" />
        Secured by {providerNames[provider]}
      </p>
    </SectionCard>
  );
}
