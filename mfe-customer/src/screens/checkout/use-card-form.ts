import { useState } from 'react';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  validateCard,
  type CardErrors,
  type CardFieldName,
  type CardFields,
} from './card-fields.js';

export const cardFieldOrder: readonly CardFieldName[] = ['number', 'expiry', 'cvc'];

const formatters: Record<CardFieldName, (value: string, previous: string) => string> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};

const empty: CardFields = { number: '', expiry: '', cvc: '' };

/**
 * The Sandbox card form's state: values formatted as typed, and each field's message shown once the user has
 * left it filled in, or for every field after a submit, as Stripe's card fields do.
 */
export function useCardForm() {
  const [values, setValues] = useState<CardFields>(empty);
  const [shown, setShown] = useState<ReadonlySet<CardFieldName>>(new Set());
  const errors = validateCard(values, new Date());
  const visibleErrors: CardErrors = Object.fromEntries(
    cardFieldOrder.filter((name) => shown.has(name)).map((name) => [name, errors[name]]),
  );

  return {
    values,
    errors,
    visibleErrors,
    change(name: CardFieldName, value: string) {
      setValues((current) => ({ ...current, [name]: formatters[name](value, current[name]) }));
    },
    blur(name: CardFieldName) {
      if (values[name] !== '') setShown((current) => new Set(current).add(name));
    },
    showAll() {
      setShown(new Set(cardFieldOrder));
    },
  };
}
