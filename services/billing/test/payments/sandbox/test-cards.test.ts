import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  evaluateCard,
  passesLuhn,
  type SandboxCard,
} from '../../../src/payments/sandbox/test-cards.js';

const now = new Date('2026-11-15T12:00:00Z');
const card = (overrides: Partial<SandboxCard>): SandboxCard => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

const declineOf = (overrides: Partial<SandboxCard>) => {
  const evaluation = evaluateCard(card(overrides), now);
  if (evaluation.approved) throw new Error(`expected a decline, got ${JSON.stringify(evaluation)}`);
  return evaluation.decline;
};

describe('Sandbox test cards', () => {
  it('approves 4242 4242 4242 4242 as a visa that keeps paying off-session', () => {
    expect(evaluateCard(card({}), now)).toEqual({
      approved: true,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
      expMonth: 12,
      expYear: 2030,
      offSession: 'succeed',
    });
  });

  it('approves 5555 5555 5555 4444 as a mastercard', () => {
    expect(evaluateCard(card({ number: '5555555555554444' }), now)).toMatchObject({
      approved: true,
      card: { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030 },
    });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', null, 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', null, "Your card's security code is incorrect."],
    ['4000000000009987', 'card_declined', 'lost_card', 'Your card was declined.'],
    [
      '4000000000000119',
      'processing_error',
      null,
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ])('declines %s with %s / %s', (number, code, declineCode, message) => {
    expect(declineOf({ number })).toEqual({ code, declineCode, message });
  });

  it('approves 4000 0000 0000 0341 at checkout but marks it to decline off-session', () => {
    expect(evaluateCard(card({ number: '4000 0000 0000 0341' }), now)).toMatchObject({
      approved: true,
      card: { brand: 'visa', last4: '0341', expMonth: 12, expYear: 2030 },
      offSession: 'decline',
    });
  });

  it('approves any other Luhn-valid number with its brand by prefix', () => {
    expect(evaluateCard(card({ number: '378282246310005', cvc: '1234' }), now)).toMatchObject({
      approved: true,
      card: { brand: 'amex', last4: '0005', expMonth: 12, expYear: 2030 },
    });
    expect(evaluateCard(card({ number: '6011111111111117' }), now)).toMatchObject({
      approved: true,
      card: { brand: 'discover', last4: '1117', expMonth: 12, expYear: 2030 },
    });
  });

  it('refuses a number failing the Luhn check as incorrect, and one that is no card number as invalid', () => {
    expect(declineOf({ number: '4242424242424241' })).toEqual({
      code: 'incorrect_number',
      declineCode: null,
      message: 'Your card number is incorrect.',
    });
    expect(declineOf({ number: '4242-abcd' })).toEqual({
      code: 'invalid_number',
      declineCode: null,
      message: 'Your card number is invalid.',
    });
  });

  it('refuses an expiry before the current month by the given clock, and accepts the current month', () => {
    expect(declineOf({ expMonth: 10, expYear: 2026 })).toEqual({
      code: 'expired_card',
      declineCode: null,
      message: 'Your card has expired.',
    });
    expect(declineOf({ expMonth: 12, expYear: 25 }).code).toBe('expired_card');
    expect(evaluateCard(card({ expMonth: 11, expYear: 26 }), now)).toMatchObject({
      approved: true,
      expYear: 2026,
    });
    expect(
      evaluateCard(card({ expMonth: 11, expYear: 2026 }), new Date('2026-12-01T00:00:00Z')),
    ).toMatchObject({
      approved: false,
      decline: { code: 'expired_card' },
    });
  });

  it('refuses an impossible month or year', () => {
    for (const expMonth of [0, 13, 1.5]) {
      expect(declineOf({ expMonth })).toEqual({
        code: 'invalid_expiry_month',
        declineCode: null,
        message: "Your card's expiration month is invalid.",
      });
    }
    for (const expYear of [123, 2100, -1]) {
      expect(declineOf({ expYear }).code).toBe('invalid_expiry_year');
    }
  });

  it('refuses a malformed security code, four digits for amex and three for the others', () => {
    for (const cvc of ['12', '1234', '12a', '']) {
      expect(declineOf({ cvc })).toEqual({
        code: 'invalid_cvc',
        declineCode: null,
        message: "Your card's security code is invalid.",
      });
    }
    expect(declineOf({ number: '378282246310005', cvc: '123' }).code).toBe('invalid_cvc');
  });

  it('checks the format before the test card behaviour, as Stripe does', () => {
    expect(declineOf({ number: '4000000000000002', cvc: '1' }).code).toBe('invalid_cvc');
  });

  it('tells brands apart by prefix', () => {
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(cardBrand('30569309025904')).toBe('diners');
    expect(cardBrand('6200000000000005')).toBe('unionpay');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('computes the Luhn check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424243')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
  });
});
