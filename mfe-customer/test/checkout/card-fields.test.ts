import { describe, expect, it } from 'vitest';
import {
  cvcError,
  expiryError,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  numberError,
  parseExpiry,
  passesLuhn,
  toSandboxCard,
  validateCard,
} from '../../src/screens/checkout/card-fields.js';

const now = new Date('2026-11-22T12:00:00Z');

describe('card number', () => {
  it('groups digits in fours and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it('checks the Luhn digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it("says what is wrong in Stripe's words", () => {
    expect(numberError('4242 4242 4242 4242')).toBeUndefined();
    expect(numberError('4242 4242')).toBe('Your card number is incomplete.');
    expect(numberError('')).toBe('Your card number is incomplete.');
    expect(numberError('4242 4242 4242 4241')).toBe('Your card number is invalid.');
  });
});

describe('expiry', () => {
  it('adds the slash once the month is complete, and pads a month that can only be 0d', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12 / ');
    expect(formatExpiry('12 / 3', '12 / ')).toBe('12 / 3');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12 / 301')).toBe('12 / 30');
  });

  it('lets the user delete the slash it added', () => {
    expect(formatExpiry('12 /', '12 / ')).toBe('12');
    expect(formatExpiry('1', '12')).toBe('1');
  });

  it('parses MM / YY into a month and a four-digit year', () => {
    expect(parseExpiry('04 / 31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('04 / 3')).toBeNull();
  });

  it('accepts this month and later, and nothing before', () => {
    expect(expiryError('11 / 26', now)).toBeUndefined();
    expect(expiryError('01 / 27', now)).toBeUndefined();
    expect(expiryError('10 / 26', now)).toBe("Your card's expiration date is in the past.");
    expect(expiryError('12 / 25', now)).toBe("Your card's expiration date is in the past.");
    expect(expiryError('13 / 30', now)).toBe("Your card's expiration month is invalid.");
    expect(expiryError('00 / 30', now)).toBe("Your card's expiration month is invalid.");
    expect(expiryError('12 / 3', now)).toBe("Your card's expiration date is incomplete.");
  });
});

describe('CVC', () => {
  it('keeps up to four digits and needs at least three', () => {
    expect(formatCvc('12a345')).toBe('1234');
    expect(cvcError('123')).toBeUndefined();
    expect(cvcError('1234')).toBeUndefined();
    expect(cvcError('12')).toBe("Your card's security code is incomplete.");
  });
});

describe('the whole card', () => {
  it('names each wrong field, and none for a good card', () => {
    expect(validateCard({ number: '4242 4242 4242 4242', expiry: '12 / 31', cvc: '123' }, now)).toEqual({});
    expect(validateCard({ number: '4242', expiry: '', cvc: '1' }, now)).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
  });

  it('becomes the Sandbox confirmation card: digits only, a four-digit year', () => {
    expect(toSandboxCard({ number: '4242 4242 4242 4242', expiry: '04 / 31', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expMonth: 4,
      expYear: 2031,
      cvc: '123',
    });
  });
});
