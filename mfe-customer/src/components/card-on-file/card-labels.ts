import type { CardOnFile } from '@app/contracts';

/** Stripe's brand names as card faces print them. */
const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa •••• 4242"; a brand billing does not name is "Card". */
export function cardName(card: Pick<CardOnFile, 'brand' | 'last4'>): string {
  return `${brandNames[card.brand] ?? 'Card'} •••• ${card.last4}`;
}

/** "12/34" as the card's face prints it, or null when the expiry is not known (a card saved before it was kept). */
export function cardExpiry(card: Pick<CardOnFile, 'expMonth' | 'expYear'>): string | null {
  if (card.expMonth === null || card.expYear === null) return null;
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** "Visa •••• 4242, expires 12/34", or without the expiry when it is not known. */
export function cardSummary(card: CardOnFile): string {
  const expiry = cardExpiry(card);
  return expiry ? `${cardName(card)}, expires ${expiry}` : cardName(card);
}
