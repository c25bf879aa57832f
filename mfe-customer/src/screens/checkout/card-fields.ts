/**
 * The Sandbox card form's formatting and checks, as Stripe's card fields behave: the number grouped in fours,
 * the expiry as `MM / YY`, the CVC as 3 or 4 digits, and Stripe's own wording for what is wrong. Pure: the
 * time comes in as an argument.
 */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardFieldName = keyof CardFields;
export type CardErrors = Partial<Record<CardFieldName, string>>;

const maxNumberDigits = 19;
const minNumberDigits = 12;
const maxYearsAhead = 50;

export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/** `4242424242424242` → `4242 4242 4242 4242`; anything but digits is dropped as the user types. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value).slice(0, maxNumberDigits);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * `1230` → `12 / 30`. The slash appears once the month is complete while typing forward, and a first digit
 * above 1 can only be a month `0d`. Deleting (`previous` longer) never re-adds the slash the user removed.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = digitsOf(value).slice(0, 4);
  const deleting = value.length < previous.length;
  if (digits.length === 1 && Number(digits) > 1 && !deleting) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  if (digits.length === 2 && !deleting) return `${digits} / `;
  return digits;
}

export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
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

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

/** `MM / YY` → month and four-digit year; null while incomplete. */
export function parseExpiry(value: string): Expiry | null {
  const digits = digitsOf(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function numberError(value: string): string | undefined {
  const digits = digitsOf(value);
  if (digits.length < minNumberDigits) return 'Your card number is incomplete.';
  if (!passesLuhn(digits)) return 'Your card number is invalid.';
  return undefined;
}

/** A card is good through the last day of its expiry month. */
export function expiryError(value: string, now: Date): string | undefined {
  const expiry = parseExpiry(value);
  if (!expiry) return "Your card's expiration date is incomplete.";
  if (expiry.month < 1 || expiry.month > 12) return "Your card's expiration month is invalid.";
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  if (expiry.year < thisYear || (expiry.year === thisYear && expiry.month < thisMonth)) {
    return "Your card's expiration date is in the past.";
  }
  if (expiry.year > thisYear + maxYearsAhead) return "Your card's expiration year is invalid.";
  return undefined;
}

export function cvcError(value: string): string | undefined {
  return /^\d{3,4}$/.test(value) ? undefined : "Your card's security code is incomplete.";
}

export function validateCard(fields: CardFields, now: Date): CardErrors {
  const errors: CardErrors = {
    number: numberError(fields.number),
    expiry: expiryError(fields.expiry, now),
    cvc: cvcError(fields.cvc),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** The card as POST /api/billing/sandbox/confirm takes it; call only once `validateCard` found nothing. */
export function toSandboxCard(fields: CardFields) {
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) throw new Error('toSandboxCard needs a complete expiry date');
  return { number: digitsOf(fields.number), expMonth: expiry.month, expYear: expiry.year, cvc: fields.cvc };
}
