import { describe, expect, it } from 'vitest';
import {
  CardFieldMessages,
  checkCardCvc,
  checkCardExpiry,
  checkCardNumber,
  detectCardBrand,
  formatCardNumber,
  isLuhnValid,
  PaymentMethodSchema,
  parseCardExpiry,
  SANDBOX_TEST_CARDS,
  toSandboxPaymentMethod,
} from './payments.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('card number checks', () => {
  it('accepts every test card number by Luhn and length', () => {
    for (const card of SANDBOX_TEST_CARDS) {
      expect(isLuhnValid(card.number), card.number).toBe(true);
      expect(checkCardNumber(card.number), card.number).toBeUndefined();
      expect(detectCardBrand(card.number), card.number).toBe(card.brand);
    }
  });

  it('refuses 4242 4242 4242 4241, which fails the Luhn check', () => {
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(checkCardNumber('4242 4242 4242 4241')).toBe(CardFieldMessages.numberInvalid);
  });

  it('says a short number is incomplete and letters are invalid', () => {
    expect(checkCardNumber('')).toBe(CardFieldMessages.numberIncomplete);
    expect(checkCardNumber('4242 4242')).toBe(CardFieldMessages.numberIncomplete);
    expect(checkCardNumber('4242 abcd 4242 4242')).toBe(CardFieldMessages.numberInvalid);
    expect(checkCardNumber('42424242424242424')).toBe(CardFieldMessages.numberInvalid);
  });

  it('groups digits as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
  });
});

describe('expiry and CVC checks', () => {
  it('reads the usual ways of writing an expiry', () => {
    expect(parseCardExpiry('12 / 29')).toEqual({ month: 12, year: 2029 });
    expect(parseCardExpiry('0130')).toEqual({ month: 1, year: 2030 });
    expect(parseCardExpiry('3/2031')).toEqual({ month: 3, year: 2031 });
    expect(parseCardExpiry('12/')).toBeUndefined();
  });

  it('accepts the current month and refuses the month before', () => {
    expect(checkCardExpiry('11/26', now)).toBeUndefined();
    expect(checkCardExpiry('10/26', now)).toBe(CardFieldMessages.expiryPast);
    expect(checkCardExpiry('12/25', now)).toBe(CardFieldMessages.expiryPast);
    expect(checkCardExpiry('13/30', now)).toBe(CardFieldMessages.expiryInvalidMonth);
    expect(checkCardExpiry('1', now)).toBe(CardFieldMessages.expiryIncomplete);
    expect(checkCardExpiry('01/2099', now)).toBe(CardFieldMessages.expiryTooFar);
  });

  it('needs 3 CVC digits, or 4 for American Express', () => {
    expect(checkCardCvc('123', 'visa')).toBeUndefined();
    expect(checkCardCvc('12', 'visa')).toBe(CardFieldMessages.cvcIncomplete);
    expect(checkCardCvc('123', 'amex')).toBe(CardFieldMessages.cvcIncomplete);
    expect(checkCardCvc('1234', 'amex')).toBeUndefined();
  });
});

describe('toSandboxPaymentMethod', () => {
  it('turns 4242 4242 4242 4242 into pm_card_visa and 4000 0000 0000 0002 into the declined card (docs/product.md#demo-data-and-sandbox)', () => {
    const good = toSandboxPaymentMethod(
      { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' },
      now,
    );
    expect(good).toEqual({
      ok: true,
      paymentMethodId: 'pm_card_visa',
      brand: 'visa',
      last4Digits: '4242',
      expiryMonth: 12,
      expiryYear: 2030,
    });
    const declined = toSandboxPaymentMethod({ number: '4000000000000002', expiry: '12/30', cvc: '123' }, now);
    expect(declined.ok && declined.paymentMethodId).toBe('pm_card_chargeDeclined');
    const funds = toSandboxPaymentMethod({ number: '4000000000009995', expiry: '12/30', cvc: '123' }, now);
    expect(funds.ok && funds.paymentMethodId).toBe('pm_card_chargeDeclinedInsufficientFunds');
  });

  it('lists every field error at once', () => {
    const result = toSandboxPaymentMethod({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' }, now);
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        number: CardFieldMessages.numberInvalid,
        expiry: CardFieldMessages.expiryPast,
        cvc: CardFieldMessages.cvcIncomplete,
      },
    });
  });

  it('refuses a valid number that is not a test card', () => {
    const result = toSandboxPaymentMethod({ number: '4012888888881881', expiry: '12/30', cvc: '123' }, now);
    expect(result).toEqual({ ok: false, fieldErrors: { number: CardFieldMessages.numberNotTestCard } });
  });

  it('produces what the PaymentMethod wire shape accepts', () => {
    const result = toSandboxPaymentMethod(
      { number: '5555 5555 5555 4444', expiry: '04/31', cvc: '999' },
      now,
    );
    if (!result.ok) throw new Error('expected a test card');
    const parsed = PaymentMethodSchema.parse({
      stripeMethodId: result.paymentMethodId,
      last4Digits: result.last4Digits,
      expiryMonth: result.expiryMonth,
      expiryYear: result.expiryYear,
      brand: result.brand,
    });
    expect(parsed.last4Digits).toBe('4444');
  });
});
