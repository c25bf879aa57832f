import type { CardSummary } from '../payment-provider.js';

/**
 * The Sandbox's card rules: Stripe's well-known test cards and its card errors, with Stripe's codes and wording
 * (docs.stripe.com/testing, docs.stripe.com/declines/codes), so a checkout tried against the Sandbox answers
 * as it would against Stripe in test mode. Pure: the time comes in as an argument.
 */
export interface SandboxCard {
  /** Digits, spaces allowed between groups as people type them. */
  number: string;
  expMonth: number;
  /** Four digits, or two meaning 20xx as card faces print it. */
  expYear: number;
  cvc: string;
}

export interface CardDecline {
  code: string;
  declineCode: string | null;
  message: string;
}

/**
 * How an off-session charge of a saved card ends: the 0341 card saves fine and declines later; the 3184 card
 * asks for 3-D Secure on every payment, which nobody is present to complete off-session.
 */
export type OffSessionResult = 'succeed' | 'decline' | 'authenticate';

export type CardEvaluation =
  | { approved: true; card: CardSummary; expMonth: number; expYear: number; offSession: OffSessionResult }
  | { approved: false; decline: CardDecline };

export const cardDeclines = {
  generic: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lostCard: { code: 'card_declined', declineCode: 'lost_card', message: 'Your card was declined.' },
  stolenCard: { code: 'card_declined', declineCode: 'stolen_card', message: 'Your card was declined.' },
  expired: { code: 'expired_card', declineCode: null, message: 'Your card has expired.' },
  incorrectCvc: {
    code: 'incorrect_cvc',
    declineCode: null,
    message: "Your card's security code is incorrect.",
  },
  processingError: {
    code: 'processing_error',
    declineCode: null,
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  incorrectNumber: { code: 'incorrect_number', declineCode: null, message: 'Your card number is incorrect.' },
  invalidNumber: { code: 'invalid_number', declineCode: null, message: 'Your card number is invalid.' },
  invalidExpiryMonth: {
    code: 'invalid_expiry_month',
    declineCode: null,
    message: "Your card's expiration month is invalid.",
  },
  invalidExpiryYear: {
    code: 'invalid_expiry_year',
    declineCode: null,
    message: "Your card's expiration year is invalid.",
  },
  invalidCvc: { code: 'invalid_cvc', declineCode: null, message: "Your card's security code is invalid." },
  authenticationRequired: {
    code: 'authentication_required',
    declineCode: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
} as const satisfies Record<string, CardDecline>;

/**
 * Stripe's test numbers with a behaviour other than "succeeds"; every other valid number succeeds. The 3-D Secure
 * cards (3155: once set up, later charges pass; 3184: every charge asks) are confirmed with the customer present,
 * and the Sandbox has no bank page to show: their challenge counts as passed then, as Stripe's test page passes
 * it on "Complete". Off-session, 3184 is declined as Stripe declines it.
 */
const specialCards: Record<string, { decline: CardDecline } | { offSession: 'decline' | 'authenticate' }> = {
  '4000000000000002': { decline: cardDeclines.generic },
  '4000000000009995': { decline: cardDeclines.insufficientFunds },
  '4000000000009987': { decline: cardDeclines.lostCard },
  '4000000000009979': { decline: cardDeclines.stolenCard },
  '4000000000000069': { decline: cardDeclines.expired },
  '4000000000000127': { decline: cardDeclines.incorrectCvc },
  '4000000000000119': { decline: cardDeclines.processingError },
  '4000000000000341': { offSession: 'decline' },
  '4000002760003184': { offSession: 'authenticate' },
};

/** Cards are good through the last day of their expiry month; later expiry years than this are typos. */
const maxYearsAhead = 50;

export function evaluateCard(input: SandboxCard, now: Date): CardEvaluation {
  const number = input.number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(number)) return declined(cardDeclines.invalidNumber);
  if (!passesLuhn(number)) return declined(cardDeclines.incorrectNumber);
  if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12) {
    return declined(cardDeclines.invalidExpiryMonth);
  }
  const expYear = fullYear(input.expYear);
  if (expYear === null || expYear > now.getUTCFullYear() + maxYearsAhead) {
    return declined(cardDeclines.invalidExpiryYear);
  }
  if (isExpired(input.expMonth, expYear, now)) return declined(cardDeclines.expired);
  const brand = cardBrand(number);
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(input.cvc)) return declined(cardDeclines.invalidCvc);

  const special = specialCards[number];
  if (special && 'decline' in special) return declined(special.decline);
  return {
    approved: true,
    card: { brand, last4: number.slice(-4), expMonth: input.expMonth, expYear },
    expMonth: input.expMonth,
    expYear,
    offSession: special ? special.offSession : 'succeed',
  };
}

/** After the last day of the expiry month, in UTC. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

/** Stripe's brand names, told apart by the issuer prefixes of the card networks. */
export function cardBrand(number: string): string {
  const prefix = (length: number) => Number(number.slice(0, length));
  if (number.startsWith('4')) return 'visa';
  if (between(prefix(2), 51, 55) || between(prefix(4), 2221, 2720)) return 'mastercard';
  if ([34, 37].includes(prefix(2))) return 'amex';
  if (prefix(4) === 6011 || prefix(2) === 65 || between(prefix(3), 644, 649)) return 'discover';
  if (prefix(2) === 62) return 'unionpay';
  if (between(prefix(4), 3528, 3589)) return 'jcb';
  if ([36, 38, 39].includes(prefix(2)) || between(prefix(3), 300, 305)) return 'diners';
  return 'unknown';
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function fullYear(year: number): number | null {
  if (!Number.isInteger(year) || year < 0) return null;
  if (year < 100) return 2000 + year;
  return year >= 1000 && year <= 9999 ? year : null;
}

function between(value: number, low: number, high: number): boolean {
  return value >= low && value <= high;
}

function declined(decline: CardDecline): CardEvaluation {
  return { approved: false, decline };
}
