import type { StoredCard } from '../domain/stored-card.js';

/** "visa •••• 4242, expires 12/2030": what billing keeps of a card, as a customer recognises it. */
export function cardText(card: StoredCard | null): string | null {
  if (card === null) return null;
  const expiry =
    card.expMonth === undefined || card.expYear === undefined
      ? ''
      : `, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
  return `${card.brand} •••• ${card.last4}${expiry}`;
}
