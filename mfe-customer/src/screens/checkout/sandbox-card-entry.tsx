import type { SandboxConfirmBody } from '@app/contracts';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { LabelledField } from '../../components/labelled-field.js';
import { toSandboxCard, type CardFieldName } from './card-fields.js';
import { cardFieldOrder, useCardForm } from './use-card-form.js';

/**
 * The Sandbox's card fields (ARCHITECTURE.md "Payments and billing"), checked here before `onCard` gets the card;
 * the Sandbox then judges it as Stripe would. Used by the checkout and by replacing the card on file, each with
 * its own submit button (`children`) and confirmation.
 */
export function SandboxCardEntry({
  busy,
  onCard,
  children,
}: {
  busy: boolean;
  onCard: (card: SandboxConfirmBody['card']) => void;
  children: ReactNode;
}) {
  const form = useCardForm();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const firstWrong = cardFieldOrder.find((name) => form.errors[name]);
    if (firstWrong) {
      form.showAll();
      const input = event.currentTarget.elements.namedItem(`card-${firstWrong}`);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    onCard(toSandboxCard(form.values));
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
    disabled: busy,
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
      {children}
    </form>
  );
}
