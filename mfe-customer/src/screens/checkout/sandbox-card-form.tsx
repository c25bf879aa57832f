import { toast } from '@app/ui';
import { isUnauthorizedError, useConfirmSandboxPayment } from '@app/web-data';
import type { ChangeEvent, FormEvent } from 'react';
import { LabelledField } from '../../components/labelled-field.js';
import { toSandboxCard, type CardFieldName } from './card-fields.js';
import { sandboxFailureToast } from './checkout-toasts.js';
import { PayButton } from './pay-button.js';
import { cardFieldOrder, useCardForm } from './use-card-form.js';

export interface PaymentFormProps {
  clientSecret: string;
  price: number;
  /** Billing has recorded the payment. */
  onPaid: () => void;
  onUnauthorized: () => void;
}

/**
 * The Sandbox's card form (ARCHITECTURE.md "Payments and billing"): checked here before sending, then judged by
 * the Sandbox as Stripe would judge the card. Its confirmation answers only once billing has recorded the
 * payment, so success needs no further wait.
 */
export function SandboxCardForm({ clientSecret, price, onPaid, onUnauthorized }: PaymentFormProps) {
  const form = useCardForm();
  const confirm = useConfirmSandboxPayment();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    const firstWrong = cardFieldOrder.find((name) => form.errors[name]);
    if (firstWrong) {
      form.showAll();
      const input = event.currentTarget.elements.namedItem(`card-${firstWrong}`);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    confirm.mutate(
      { clientSecret, card: toSandboxCard(form.values) },
      {
        onSuccess: onPaid,
        onError: (error) =>
          isUnauthorizedError(error) ? onUnauthorized() : toast(sandboxFailureToast(error)),
      },
    );
  }

  const field = (name: CardFieldName) => ({
    id: `card-${name}`,
    name: `card-${name}`,
    value: form.values[name],
    type: 'text',
    inputMode: 'numeric' as const,
    spellCheck: false,
    error: form.visibleErrors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.change(name, event.target.value),
    onBlur: () => form.blur(name),
    disabled: confirm.isPending,
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <LabelledField
        {...field('number')}
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
      />
      <div className="grid grid-cols-2 gap-4">
        <LabelledField {...field('expiry')} label="Expiry date" autoComplete="cc-exp" placeholder="MM / YY" />
        <LabelledField {...field('cvc')} label="CVC" autoComplete="cc-csc" placeholder="123" />
      </div>
      <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
        In the Sandbox, the test card 4242 4242 4242 4242 with any future date and any CVC succeeds.
      </p>
      <PayButton price={price} ready processing={confirm.isPending} />
    </form>
  );
}
